package io.tpkit.measurement;

import io.tpkit.metrics.IntervalEdges;
import io.tpkit.metrics.Phase;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * When each phase starts, planned ahead where the schedule says (the measurement's end of a
 * timed run) and set when it happens otherwise, and so which phase a transaction counts in: a
 * completion counts in the phase its end time falls in, not in the one the control thread has
 * noticed so far. Counts the transactions that straddled an edge of the measurement interval.
 */
final class PhaseEdges {
    private final AtomicLongArray edges = new AtomicLongArray(Phase.values().length);
    private final LongAdder beganBefore = new LongAdder();
    private final LongAdder endedAfter = new LongAdder();
    private final AtomicLong longestStraddleNanos = new AtomicLong();

    PhaseEdges(long runStartNanos) {
        edges.set(Phase.WARMUP.ordinal(), runStartNanos);
        edges.set(Phase.MEASUREMENT.ordinal(), Long.MAX_VALUE);
        edges.set(Phase.DRAIN.ordinal(), Long.MAX_VALUE);
    }

    /** Says when {@code p} starts (or will). */
    void set(Phase p, long nanos) {
        edges.set(p.ordinal(), nanos);
    }

    /** When the phase starts (or is planned to), or Long.MAX_VALUE when not known yet. */
    long edge(Phase p) {
        return edges.get(p.ordinal());
    }

    /** The phase an instant falls in. */
    Phase at(long nanos) {
        return nanos >= edge(Phase.DRAIN) ? Phase.DRAIN : nanos >= edge(Phase.MEASUREMENT) ? Phase.MEASUREMENT
                : Phase.WARMUP;
    }

    /**
     * The phase a transaction that began at {@code start} (its intended start) and ended at
     * {@code end} counts in: the measurement only when both lie inside it (the spec counts the
     * transactions that start and end inside the measurement interval). One that began before
     * the interval counts in the warm-up (in the drain when it also ended after the interval), one
     * that began inside and ended after it in the drain; both kinds are counted as straddlers.
     *
     * @param count whether to count a straddler (a completion or failure: yes; a retried attempt: no)
     */
    Phase of(long start, long end, boolean count) {
        Phase ended = at(end);
        Phase began = at(Math.min(start, end));
        if (ended == Phase.WARMUP || began == ended) {
            return ended;
        }
        if (count) {
            if (began == Phase.WARMUP) {
                beganBefore.increment();
            } else {
                endedAfter.increment();
            }
            longestStraddleNanos.accumulateAndGet(end - start, Math::max);
        }
        return ended == Phase.MEASUREMENT ? Phase.WARMUP : Phase.DRAIN;
    }

    /** The transactions that straddled an edge of the measurement interval so far. */
    IntervalEdges straddlers() {
        long longest = longestStraddleNanos.get();
        return new IntervalEdges(beganBefore.sum(), endedAfter.sum(),
                longest > 0 ? Latency.toMicros(longest) / 1000.0 : 0);
    }
}
