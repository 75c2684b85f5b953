package io.tpkit.tpcc;

import java.util.SplittableRandom;

/**
 * Think times drawn from a negative exponential distribution with the type's mean, truncated at
 * ten times the mean as §5.2.5.4 allows: {@code Tt = -ln(r) * mu}, r uniform on (0, 1].
 */
final class ThinkTime {
    private ThinkTime() {
    }

    static final double TRUNCATION = 10;

    static long nanos(TpccTransactionType type, SplittableRandom random) {
        double mu = type.meanThink().toNanos();
        double r = 1.0 - random.nextDouble(); // (0, 1]: never ln(0)
        return (long) Math.min(-Math.log(r) * mu, TRUNCATION * mu);
    }

    /** The mean of the draws: min(X, 10 mu) for X exponential with mean mu has mean mu (1 - e^-10). */
    static double meanNanos(TpccTransactionType type) {
        return type.meanThink().toNanos() * (1 - Math.exp(-TRUNCATION));
    }
}
