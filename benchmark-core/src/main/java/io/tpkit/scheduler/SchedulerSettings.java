package io.tpkit.scheduler;

import io.tpkit.api.ArrivalModel;
import java.time.Duration;

/**
 * @param terminals    emulated users; in {@code streams} equal to {@code connections}
 * @param connections  the bounded pool of servers (one connection each)
 * @param thinkFactor  multiplies the terminals' keying and think times (0 = none)
 * @param transactions when not null, the measurement ends after this many committed
 *                     transactions, split evenly across terminals (McDonell's fixed total)
 * @param deferredWorkers background workers (one connection each, beside the pool) that
 *                     execute deferred transactions; used only when a type is deferred
 */
public record SchedulerSettings(ArrivalModel arrival, int terminals, int connections, double thinkFactor,
                                Duration warmup, Duration duration, Long transactions, int maxRetries,
                                long seed, int deferredWorkers) {
    public SchedulerSettings(ArrivalModel arrival, int terminals, int connections, double thinkFactor,
                             Duration warmup, Duration duration, Long transactions, int maxRetries, long seed) {
        this(arrival, terminals, connections, thinkFactor, warmup, duration, transactions, maxRetries, seed, 1);
    }

    public boolean byCount() {
        return transactions != null;
    }
}
