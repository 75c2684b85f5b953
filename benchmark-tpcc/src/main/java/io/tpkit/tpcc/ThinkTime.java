package io.tpkit.tpcc;

import java.util.SplittableRandom;

/**
 * Think times drawn from a negative exponential distribution with the type's mean, truncated at
 * ten times the mean as §5.2.5.4 allows: {@code Tt = -ln(r) * mu}, r uniform on (0, 1].
 */
final class ThinkTime {
    private ThinkTime() {
    }

    static long nanos(TpccTransactionType type, SplittableRandom random) {
        double mu = type.meanThink().toNanos();
        double r = 1.0 - random.nextDouble(); // (0, 1]: never ln(0)
        return (long) Math.min(-Math.log(r) * mu, 10 * mu);
    }
}
