package io.tpkit.tpcc;

import io.tpkit.spi.workload.RuleResult;
import java.util.Locale;

/**
 * Judges a share (or a mean) the spec bounds to a range around its intended value, only as far
 * as the number of draws supports. A correct generator scatters: 1 % rollbacks of 1,000
 * New-Orders lands outside 0.9 % to 1.1 % most of the time. So:
 *
 * <ul>
 *   <li>with enough draws for chance alone to stay inside the range (three standard errors), the
 *       range decides: inside passes, outside fails;</li>
 *   <li>with fewer, an observation fails only when it is outside the range and chance cannot
 *       explain it either: the binomial (for a mean, the normal) tail beyond it is below that of
 *       three standard errors, 0.135 %;</li>
 *   <li>anything else is not applicable: too few draws to tell.</li>
 * </ul>
 *
 * Every TPC-C share of the verdict is judged here, so two rules can never judge the same
 * evidence differently.
 */
final class SampleJudgement {
    /** The one-sided tail beyond three standard errors of a normal, 1 - Phi(3). */
    static final double TAIL = 0.00135;
    private static final double STANDARD_ERRORS = 3;

    private SampleJudgement() {
    }

    /**
     * @param what  the counted thing, e.g. "New-Order rollbacks (unused item)"
     * @param of    what the share is taken of, e.g. "the generated inputs"
     * @param low   the spec's lower bound; the intended share is the middle of [low, high]
     */
    static RuleResult share(String id, String what, String of, long part, long n, double low, double high) {
        String rule = String.format(Locale.ROOT, "%s between %.2f %% and %.2f %% of %s", what, 100 * low,
                100 * high, of);
        if (n == 0) {
            return RuleResult.notApplicable(id, rule, "nothing to count");
        }
        double p = (low + high) / 2;
        double share = (double) part / n;
        String observed = String.format(Locale.ROOT, "%.3f %% of %,d", 100 * share, n);
        boolean inRange = share >= low && share <= high;
        long needed = shareDrawsNeeded(p, (high - low) / 2);
        if (n >= needed) {
            return RuleResult.check(id, rule, inRange, observed);
        }
        double tail = share < p ? Binomial.atMost(n, p, part) : Binomial.atLeast(n, p, part);
        if (!inRange && tail < TAIL) {
            return RuleResult.check(id, rule, false, observed + String.format(Locale.ROOT,
                    "; chance alone (binomial, %.2f %%) gives a share this far out with probability %.2g",
                    100 * p, tail));
        }
        return RuleResult.notApplicable(id, rule, observed + "; too few to judge (needs " + String.format(
                Locale.ROOT, "%,d", needed) + ")" + (inRange ? "" : ", and chance alone explains this share"));
    }

    /**
     * A mean the spec bounds to [low, high] around {@code expected}, of draws with standard
     * deviation {@code sd}: the same three cases, with the normal tail of the mean.
     */
    static RuleResult mean(String id, String rule, double sum, long n, double expected, double sd, double low,
                           double high) {
        if (n == 0) {
            return RuleResult.notApplicable(id, rule, "nothing to count");
        }
        double mean = sum / n;
        String observed = String.format(Locale.ROOT, "%.3f over %,d", mean, n);
        boolean inRange = mean >= low && mean <= high;
        double halfWidth = Math.min(expected - low, high - expected);
        long needed = drawsNeeded(sd * sd, halfWidth);
        if (n >= needed) {
            return RuleResult.check(id, rule, inRange, observed);
        }
        if (!inRange && Math.abs(mean - expected) > STANDARD_ERRORS * sd / Math.sqrt(n)) {
            return RuleResult.check(id, rule, false, observed + "; more than three standard errors from "
                    + expected);
        }
        return RuleResult.notApplicable(id, rule, observed + "; too few to judge (needs " + String.format(
                Locale.ROOT, "%,d", needed) + ")" + (inRange ? "" : ", and chance alone explains this mean"));
    }

    /**
     * A share the spec only bounds from below ({@code minimum}), of a generator meant to deal
     * {@code intended} (above it): the same three cases as {@link #share}, one-sided. With enough
     * draws for chance alone to stay above the minimum (three standard errors of
     * {@code intended}) the minimum decides; with fewer, a share at or above it passes, and one
     * below it fails only when the binomial tail at or below it is under {@link #TAIL}, and is
     * not judged otherwise (too few to tell a short generator from chance).
     *
     * @return the status and the observation in words, e.g. "payment 42.99 % of 10,000"
     */
    static Judged atLeast(String what, long part, long n, double minimum, double intended) {
        if (n == 0) {
            return new Judged(RuleResult.Status.NOT_APPLICABLE, what + ": nothing to count");
        }
        double share = (double) part / n;
        String observed = String.format(Locale.ROOT, "%s %.2f%% of %,d", what, 100 * share, n);
        boolean meets = share >= minimum;
        long needed = drawsNeeded(intended * (1 - intended), intended - minimum);
        if (n >= needed || meets) {
            return new Judged(meets ? RuleResult.Status.PASSED : RuleResult.Status.FAILED, observed);
        }
        double tail = Binomial.atMost(n, intended, part);
        if (tail < TAIL) {
            return new Judged(RuleResult.Status.FAILED, observed + String.format(Locale.ROOT,
                    " (below %.0f%%; chance alone, binomial %.2f%%, gives a share this low with probability %.2g)",
                    100 * minimum, 100 * intended, tail));
        }
        return new Judged(RuleResult.Status.NOT_APPLICABLE, observed + String.format(Locale.ROOT,
                " (below %.0f%%, but chance alone, binomial %.2f%%, gives a share this low with probability %.2f: "
                        + "too few to judge, needs %,d)", 100 * minimum, 100 * intended, tail, needed));
    }

    /** One share judged: how, and what was observed. */
    record Judged(RuleResult.Status status, String text) {
    }

    /** Draws after which three standard errors of a share p fit inside p +- halfWidth. */
    static long shareDrawsNeeded(double p, double halfWidth) {
        return drawsNeeded(p * (1 - p), halfWidth);
    }

    private static long drawsNeeded(double variance, double halfWidth) {
        double n = STANDARD_ERRORS * STANDARD_ERRORS * variance / (halfWidth * halfWidth);
        // the bounds are decimal fractions, not exact in binary: 89,100.000000001 is 89,100
        return (long) Math.ceil(n - 1e-6);
    }
}
