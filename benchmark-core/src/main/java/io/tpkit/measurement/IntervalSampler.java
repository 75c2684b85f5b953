package io.tpkit.measurement;

import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The collector's once-a-second side, on one thread: takes each type's interval histograms from
 * their recorders, adds them to the phase's totals, hands them to the {@link IntervalLog}, and
 * turns the counters' growth into the interval's rows, split at phase changes.
 */
final class IntervalSampler {
    private static final Histogram EMPTY = new Histogram(1, 2, 0); // never recorded into
    private static final int COUNTS = 5;

    private final List<String> types;
    private final boolean[] inTotals;
    private final TypeStats[][] stats; // [phase][type]
    private final PhaseEdges edges;
    private final long runStart;
    private final IntervalLog hlog;
    // The sampler's scratch histograms, reused every second (cleared only when used).
    private final Histogram all = Latency.newHistogram();
    private final List<IntervalSample> samples = new ArrayList<>();
    private final long[][][] previous; // [phase][type][committed, rollbacks, failed, retries, outcome unknown]
    private long lastSample;

    /** @param hlog where each interval histogram goes, or null */
    IntervalSampler(List<String> types, boolean[] inTotals, TypeStats[][] stats, PhaseEdges edges, long runStartNanos,
                    IntervalLog hlog) {
        this.types = types;
        this.inTotals = inTotals;
        this.stats = stats;
        this.edges = edges;
        this.runStart = runStartNanos;
        this.hlog = hlog;
        this.lastSample = runStartNanos;
        this.previous = new long[Phase.values().length][types.size()][COUNTS];
    }

    /** Every row taken so far (the sampling thread's list). */
    List<IntervalSample> samples() {
        return samples;
    }

    /**
     * Collects the interval since the last call, one sample per phase that it touched (a second
     * that straddles a phase change is split at the change, so that the rows of each phase add
     * up to that phase's totals); one thread only.
     *
     * @param inForce   the phase in force now
     * @param executing the requests in flight now
     * @return the sample of the phase in force now
     */
    IntervalSample sample(long nowNanos, Phase inForce, long executing) {
        IntervalSample current = null;
        for (Phase p : Phase.values()) {
            long from = Math.max(lastSample, p == Phase.WARMUP ? runStart : edges.edge(p));
            long to = Math.min(nowNanos, p == Phase.DRAIN ? Long.MAX_VALUE : edges.edge(p.next()));
            IntervalSample sample = sample(p, from, to, executing);
            boolean now = p == inForce;
            // a phase gets a row when it was in force during part of the interval (an idle
            // second is a row of zeros, which is how outages show) or recorded something in it
            if (now || to > from || active(sample)) {
                samples.add(sample);
            }
            if (now) {
                current = sample;
            }
        }
        lastSample = nowNanos;
        return current;
    }

    /** The phase's rows for the part of the interval it covered ({@code to <= from}: none, 0 s). */
    private IntervalSample sample(Phase p, long from, long to, long executing) {
        List<IntervalSample.Row> rows = new ArrayList<>(types.size() + 1);
        clear(all);
        long[] totals = new long[COUNTS];
        long[][] previousCounts = previous[p.ordinal()];
        for (int t = 0; t < types.size(); t++) {
            Histogram interval = collect(t, p);
            if (inTotals[t] && interval.getTotalCount() != 0) {
                all.add(interval);
            }
            TypeStats s = stats[p.ordinal()][t];
            long[] now = {s.committed(), s.businessRollbacks.sum(), s.failedTotal(), s.retriesTotal(),
                    s.outcomeUnknown.sum()};
            long[] delta = new long[COUNTS];
            for (int i = 0; i < COUNTS; i++) {
                delta[i] = now[i] - previousCounts[t][i];
                if (inTotals[t]) {
                    totals[i] += delta[i];
                }
            }
            previousCounts[t] = now;
            rows.add(row(types.get(t), delta, interval));
        }
        rows.add(row("all", totals, all));
        long end = Math.max(from, to);
        return new IntervalSample((end - runStart) / 1e9, (end - from) / 1e9, p, List.copyOf(rows), executing);
    }

    private static boolean active(IntervalSample s) {
        IntervalSample.Row all = s.total();
        return all.committed() + all.businessRollbacks() + all.failed() + all.retries() + all.outcomeUnknown() > 0
                || s.rows().stream().anyMatch(r -> r.committed() + r.failed() + r.retries() > 0);
    }

    private static IntervalSample.Row row(String type, long[] counts, Histogram h) {
        return new IntervalSample.Row(type, counts[0], counts[1], counts[2], counts[3], ms(h, 50), ms(h, 90), ms(h, 99),
                h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0, counts[4]);
    }

    /** An empty histogram's percentiles are 0; saying so skips a scan of its ~23,000 counts. */
    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static void clear(Histogram h) {
        if (h.getTotalCount() != 0) {
            h.reset();
        }
    }

    /**
     * Adds the interval of one phase of one type to the phase's totals and the hlog, and
     * returns its response times of the interval, valid until the next call.
     *
     * <p>Every phase is swapped every second, even one that ended long ago: a transaction that
     * completed just before a phase's end may be recorded after the next sample, and an empty
     * swap costs no allocation and no clearing anyway.
     */
    private Histogram collect(int type, Phase p) {
        TypeStats s = stats[p.ordinal()][type];
        Histogram[] interval = s.latencies.swap();
        Histogram r = interval[TypeStats.RESPONSE];
        if (r.getTotalCount() != 0) {
            s.responseTotal.add(r);
            log(r, p, IntervalLog.RESPONSE, type);
        }
        Histogram q = interval[TypeStats.QUEUE];
        if (q.getTotalCount() != 0) {
            s.queueTotal.add(q);
            log(q, p, IntervalLog.QUEUE, type);
        }
        Histogram sv = interval[TypeStats.SERVICE];
        if (sv.getTotalCount() != 0) {
            s.serviceTotal.add(sv);
            log(sv, p, IntervalLog.SERVICE, type);
        }
        return r.getTotalCount() != 0 ? r : EMPTY;
    }

    private void log(Histogram h, Phase p, String kind, int type) {
        if (hlog != null) {
            hlog.write(h, p, kind, types.get(type));
        }
    }
}
