package io.tpkit.tp1;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * TPC-A think time: negative-exponential, truncated at 10 times the nominal 10 s mean so that
 * one unlucky draw cannot park a terminal for minutes. Truncation alone would lower the mean to
 * 10 s x (1 - e^-10) = 9.99955 s; the exponential's parameter is raised slightly so that the
 * truncated mean is exactly 10 s, and the mean cycle time (think + response) is therefore at
 * least 10 s, which 10 terminals per tps need.
 */
final class ThinkTime {
    static final double MEAN_SECONDS = 10.0;
    static final double MAX_SECONDS = 10 * MEAN_SECONDS;
    /** The exponential's mean m that solves m (1 - e^(-MAX/m)) = MEAN. */
    static final double EXPONENTIAL_MEAN_SECONDS = exponentialMean();

    private ThinkTime() {
    }

    static long nextNanos(SplittableRandom random) {
        // 1 - nextDouble() is in (0, 1]: never log(0)
        double seconds = -Math.log(1.0 - random.nextDouble()) * EXPONENTIAL_MEAN_SECONDS;
        return (long) (Math.min(seconds, MAX_SECONDS) * TimeUnit.SECONDS.toNanos(1));
    }

    /** The mean of min(X, MAX) when X is exponential with mean {@code m}. */
    static double truncatedMean(double m) {
        return m * (1 - Math.exp(-MAX_SECONDS / m));
    }

    private static double exponentialMean() {
        double m = MEAN_SECONDS;
        for (int i = 0; i < 20; i++) { // fixed point; converges to double precision in a few steps
            m = MEAN_SECONDS / (1 - Math.exp(-MAX_SECONDS / m));
        }
        return m;
    }
}
