package io.tpkit.measurement;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RateSchedule;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * A paced run's requests against their schedule ({@code --rate}): the slots the schedule made,
 * those whose request started and those skipped as too late ({@code --latency-limit}), each by
 * the phase its slot falls in; how late an idle server woke up for its slot; and the slots of
 * the interval no request took, with their lateness at the interval's end.
 */
final class ScheduleTally {
    private final LongAdder[] skipped = adders();
    private final LongAdder[] slots = adders();
    private final LongAdder[] started = adders();
    // how late an idle server woke up for its slot (open and paced runs): the driver's lateness alone
    private final IntervalRecorder[] wakeUp = new IntervalRecorder[Phase.values().length];
    private final Histogram[] wakeUpTotal = new Histogram[Phase.values().length];
    // the interval's slots never started, with their lateness at the interval's end (censored)
    private final Histogram backlogLateness = Latency.newHistogram();

    ScheduleTally() {
        for (Phase p : Phase.values()) {
            wakeUp[p.ordinal()] = new IntervalRecorder(1);
            wakeUpTotal[p.ordinal()] = Latency.newHistogram();
        }
    }

    private static LongAdder[] adders() {
        LongAdder[] a = new LongAdder[Phase.values().length];
        for (int i = 0; i < a.length; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    void skipped(Phase ofSlot) {
        skipped[ofSlot.ordinal()].increment();
    }

    void slot(Phase ofSlot) {
        slots[ofSlot.ordinal()].increment();
    }

    void started(Phase ofSlot) {
        started[ofSlot.ordinal()].increment();
    }

    void wakeUp(Phase p, long lateMicros) {
        wakeUp[p.ordinal()].record(lateMicros);
    }

    /** A slot of the interval no request took: late by at least {@code lateMicros} at the interval's end. */
    void backlog(long lateMicros) {
        backlogLateness.recordValue(lateMicros);
    }

    /** Adds the second's wake-ups to their phases' totals (the sampling thread). */
    void swap() {
        for (Phase p : Phase.values()) {
            Histogram w = wakeUp[p.ordinal()].swap()[0];
            if (w.getTotalCount() != 0) {
                wakeUpTotal[p.ordinal()].add(w);
            }
        }
    }

    /**
     * The measurement interval's requests against their schedule (see {@link RateSchedule}).
     *
     * @param measured   the interval's stats of the types counted in the totals
     * @param limitNanos the latency limit, 0 for none
     */
    RateSchedule schedule(Iterable<TypeStats> measured, double perSecond, String interarrival, long limitNanos,
                          double behindAtEndSeconds) {
        long limitMicros = limitNanos > 0 ? Latency.toMicros(limitNanos) : Long.MAX_VALUE;
        long above = 0;
        long executed = 0;
        Histogram due = Latency.newHistogram();
        for (TypeStats s : measured) {
            Histogram h = s.responseTotal;
            above += limitNanos <= 0 || h.getTotalCount() == 0 || h.getMaxValue() <= limitMicros ? 0
                    : h.getCountBetweenValues(limitMicros + 1, h.getMaxValue());
            executed += s.committed() + s.businessRollbacks.sum() + failedSum(s);
            due.add(h);
        }
        int m = Phase.MEASUREMENT.ordinal();
        long scheduled = slots[m].sum();
        long startedInInterval = started[m].sum();
        long skippedInInterval = skipped[m].sum();
        // slots of the interval neither started nor skipped: never taken (their lateness is in
        // backlogLateness), or taken by a closed terminal that no server was free for in time
        long backlog = Math.max(0, scheduled - startedInInterval - skippedInInterval);
        due.add(backlogLateness);
        return new RateSchedule(perSecond, interarrival, limitNanos / 1e6, skippedInInterval, above, executed,
                behindAtEndSeconds, scheduled, startedInInterval, backlog,
                LatencySummary.of(backlogLateness), LatencySummary.of(due), LatencySummary.of(wakeUpTotal[m]));
    }

    private static long failedSum(TypeStats s) {
        long n = s.outcomeUnknown.sum();
        for (LongAdder a : s.failed) {
            n += a.sum();
        }
        return n;
    }
}
