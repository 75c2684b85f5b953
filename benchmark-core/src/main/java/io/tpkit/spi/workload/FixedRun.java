package io.tpkit.spi.workload;

/**
 * A run shape the benchmark defines itself instead of a duration (HPSS: each of 20 threads
 * does 1,000 creates, 50 times over). The scheduler runs {@code streams} streams, each
 * committing {@code perStream} transactions per iteration, with no warm-up.
 */
public record FixedRun(int streams, long perStream, int iterations) {
    public long perIteration() {
        return streams * perStream;
    }
}
