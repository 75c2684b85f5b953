package io.tpkit.spi.workload;

import java.time.Duration;

/**
 * A run shape the benchmark defines itself instead of a duration (HPSS: each of 20 threads
 * does 1,000 creates, 50 times over). The scheduler runs {@code streams} streams, each
 * committing {@code perStream} transactions per iteration, with no warm-up phase.
 *
 * @param restart whether every iteration opens its own connections and prepares its statements
 *                inside its clock, and closes them after (the benchmark's program started afresh
 *                for each iteration); otherwise the connections opened and prepared before the first
 *                iteration serve them all
 * @param pause   with {@code restart}: the wait between iterations, outside their clocks
 * @param rehearsal transactions each stream runs before the first iteration's clock on its
 *                session's {@link Session#rehearsal() rehearsal}, which leaves the data as it was,
 *                to warm the driver up
 */
public record FixedRun(int streams, long perStream, int iterations, boolean restart, Duration pause, int rehearsal) {
    /** Iterations back to back on the same connections, with no rehearsal. */
    public FixedRun(int streams, long perStream, int iterations) {
        this(streams, perStream, iterations, false, Duration.ZERO, 0);
    }

    public long perIteration() {
        return streams * perStream;
    }
}
