package io.tpkit.tp1;

import java.util.Locale;

/**
 * McDonell's upper bound on TP1 throughput (seed 000, section 3): "each TP1 transaction consists
 * of 2 T2 sub-transactions and 3 T1 sub-transactions", so a TP1 transaction takes at least
 * {@code 2/T2 + 3/T1} seconds, T1 and T2 being the peak rates (per second) of the amend and the
 * append, and "the TP1 throughput cannot exceed" {@code 1 / (2/T2 + 3/T1)}. His table, for the
 * Model-4: {@code 2/60 + 3/75 = 0.073}, bound 13.6 TPS, TP1 observed 12.2 TPS, 89 % of the bound.
 *
 * @param formula        how the minimum time was computed, with the rates, e.g.
 *                       {@code 2/60.0 + 3/75.0 = 0.07333 s}
 * @param minimumSeconds {@code 2/T2 + 3/T1}: the least time one TP1 transaction takes
 * @param tps            {@code 1 / minimumSeconds}: the bound
 */
public record UpperBound(String formula, double minimumSeconds, double tps) {
    /** T2 sub-transactions per TP1 transaction (the history append and, in the seed's reading, the log's). */
    public static final int APPENDS = 2;
    /** T1 sub-transactions per TP1 transaction: the account, the teller and the branch. */
    public static final int AMENDS = 3;

    /** The seed's bound: 2 appends at the T2 rate, 3 amends at the T1 rate. */
    public static UpperBound of(double t1PerSecond, double t2PerSecond) {
        requirePositive(t1PerSecond, "T1");
        requirePositive(t2PerSecond, "T2");
        double minimum = APPENDS / t2PerSecond + AMENDS / t1PerSecond;
        return new UpperBound(String.format(Locale.ROOT, "%d/%s + %d/%s = %s s", APPENDS, rate(t2PerSecond), AMENDS,
                rate(t1PerSecond), seconds(minimum)), minimum, 1 / minimum);
    }

    /**
     * Not the seed's: the bound when one of the three amends (the branch's, which every stream
     * shares when there are fewer branches than streams) runs at the conflict rate, the other two
     * at the rate without conflict: {@code 2/T2 + 2/T1 + 1/T1c}.
     */
    public static UpperBound withOneAmendInConflict(double t1PerSecond, double t1ConflictPerSecond,
                                                    double t2PerSecond) {
        requirePositive(t1PerSecond, "T1");
        requirePositive(t1ConflictPerSecond, "T1 with conflict");
        requirePositive(t2PerSecond, "T2");
        double minimum = APPENDS / t2PerSecond + (AMENDS - 1) / t1PerSecond + 1 / t1ConflictPerSecond;
        return new UpperBound(String.format(Locale.ROOT, "%d/%s + %d/%s + 1/%s = %s s", APPENDS, rate(t2PerSecond),
                AMENDS - 1, rate(t1PerSecond), rate(t1ConflictPerSecond), seconds(minimum)), minimum, 1 / minimum);
    }

    /** {@code observedTps} as a percentage of the bound. */
    public double percentOf(double observedTps) {
        return 100 * observedTps / tps;
    }

    private static void requirePositive(double rate, String what) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException(what + " rate must be a positive number of transactions per second, got "
                    + rate);
        }
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%.1f", perSecond);
    }

    /** Four significant digits: 0.07333, 0.0008123. */
    private static String seconds(double s) {
        return new java.math.BigDecimal(s).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
