package io.tpkit.scheduler;

import io.tpkit.config.ArrivalModel;
import java.time.Duration;

/**
 * @param terminals    emulated users; in {@code streams} equal to {@code connections}
 * @param connections  the bounded pool of servers (one connection each)
 * @param thinkFactor  multiplies the terminals' keying and think times (0 = none)
 * @param transactions when not null, the measurement ends after this many committed
 *                     transactions, split evenly across terminals (McDonell's fixed total);
 *                     with {@code rounds}, this many per round
 * @param deferredWorkers the most background workers (one connection each, beside the pool)
 *                     that execute deferred transactions; used only when a type is deferred,
 *                     and opened one by one as the deferred queue falls behind
 * @param ratePerSecond when above 0, requests of all terminals together start on a fixed
 *                     schedule of this many per second; response time counts from the slot
 * @param latencyLimitNanos with a rate: a request already this late when its slot comes is
 *                     skipped (counted, never executed); 0 for none
 * @param poisson      with a rate: exponential gaps between the slots (a Poisson process)
 *                     instead of fixed ones
 * @param rounds       count mode only, or null: the measurement repeats in rounds, every
 *                     terminal waiting for the others at the end of each (HPSS's iterations);
 *                     {@code transactions} is then the count of one round
 * @param warmupMost   null for a warm-up of {@code warmup} exactly; else the warm-up lasts from
 *                     {@code warmup} until the driver's JIT compiler has settled, at most this long
 */
public record SchedulerSettings(ArrivalModel arrival, int terminals, int connections, double thinkFactor,
                                Duration warmup, Duration duration, Long transactions, int maxRetries,
                                long seed, int deferredWorkers, double ratePerSecond, Rounds rounds,
                                long latencyLimitNanos, boolean poisson, Duration warmupMost) {
    public SchedulerSettings {
        if (rounds != null && (transactions == null || transactions < terminals)) {
            throw new IllegalArgumentException("rounds need a transaction count of at least one per terminal");
        }
        if (rounds != null && arrival != ArrivalModel.STREAMS) {
            // a server waiting for the other terminals at a round's end would hold up theirs
            throw new IllegalArgumentException("rounds need streams");
        }
    }

    public SchedulerSettings(ArrivalModel arrival, int terminals, int connections, double thinkFactor,
                             Duration warmup, Duration duration, Long transactions, int maxRetries, long seed) {
        this(arrival, terminals, connections, thinkFactor, warmup, duration, transactions, maxRetries, seed, 1, 0, null, 0, false,
                null);
    }

    /** A warm-up that lasts from {@link #warmup} until the driver's JIT compiler has settled, at most {@code most}. */
    public SchedulerSettings withWarmupUntilSettled(Duration most) {
        return new SchedulerSettings(arrival, terminals, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, deferredWorkers, ratePerSecond, rounds, latencyLimitNanos, poisson, most);
    }

    /** Whether the warm-up lasts until the driver's JIT compiler has settled (else exactly {@link #warmup}). */
    public boolean warmsUntilSettled() {
        return warmupMost != null && rounds == null;
    }

    public SchedulerSettings withRate(double perSecond) {
        return new SchedulerSettings(arrival, terminals, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, deferredWorkers, perSecond, rounds, latencyLimitNanos, poisson, warmupMost);
    }

    public SchedulerSettings withTerminals(int count) {
        return new SchedulerSettings(arrival, count, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, deferredWorkers, ratePerSecond, rounds, latencyLimitNanos, poisson, warmupMost);
    }

    /** {@code count} rounds on the same connections, back to back. */
    public SchedulerSettings withIterations(int count) {
        return withRounds(Rounds.continuing(count));
    }

    public SchedulerSettings withRounds(Rounds r) {
        return new SchedulerSettings(arrival, terminals, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, deferredWorkers, ratePerSecond, r, latencyLimitNanos, poisson, warmupMost);
    }

    /** The rounds of a run measured in rounds, else 1. */
    public int iterations() {
        return rounds == null ? 1 : rounds.count();
    }

    public SchedulerSettings withDeferredWorkers(int most) {
        return new SchedulerSettings(arrival, terminals, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, most, ratePerSecond, rounds, latencyLimitNanos, poisson, warmupMost);
    }

    public SchedulerSettings withLatencyLimit(java.time.Duration limit) {
        return new SchedulerSettings(arrival, terminals, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, deferredWorkers, ratePerSecond, rounds, limit == null ? 0 : limit.toNanos(), poisson, warmupMost);
    }

    public SchedulerSettings withPoisson(boolean exponentialGaps) {
        return new SchedulerSettings(arrival, terminals, connections, thinkFactor, warmup, duration, transactions,
                maxRetries, seed, deferredWorkers, ratePerSecond, rounds, latencyLimitNanos, exponentialGaps, warmupMost);
    }

    /**
     * The share of a run of {@code streams} streams in rounds that {@code mine} of them drive:
     * each stream's transactions per round stay as they were.
     */
    public SchedulerSettings withStreamsOf(int mine) {
        if (arrival != ArrivalModel.STREAMS || transactions == null || transactions % terminals != 0) {
            throw new IllegalStateException("a share of streams needs streams with a count per stream");
        }
        return new SchedulerSettings(arrival, mine, mine, thinkFactor, warmup, duration,
                transactions / terminals * mine, maxRetries, seed, deferredWorkers, ratePerSecond, rounds,
                latencyLimitNanos, poisson, warmupMost);
    }

    public boolean byCount() {
        return transactions != null;
    }

    public boolean rateLimited() {
        return ratePerSecond > 0;
    }
}
