package io.tpkit.compare;

import io.tpkit.analysis.RatioOfMeans;
import java.util.List;

/**
 * A figure's change from the baseline to a variant, with criterion.rs's logic: the ratio of
 * the means with its confidence interval; the interval holds 1: {@value #NO_DIFFERENCE}; the
 * whole interval beyond 1 + noise: {@link Better#up()} ("faster", "higher"); the whole interval
 * below 1 - noise: {@link Better#down()} ("slower", "lower"); otherwise a difference is shown
 * but not beyond the noise threshold: {@value #WITHIN_NOISE}. Without an interval (fewer than
 * two runs on a side) there is no verdict, and the verdict says so.
 *
 * @param estimate the ratio of the means and its interval
 * @param verdict  the verdict in words
 * @param better   whether the variant is shown better (true) or worse (false) than the baseline
 *                 beyond the noise threshold; null when it is not
 */
public record Change(RatioOfMeans estimate, String verdict, Boolean better) {
    public static final String NO_DIFFERENCE = "no difference shown";
    public static final String WITHIN_NOISE = "within noise";
    /** The verdict of single runs compared: the words the task's users look for. */
    public static final String ONE_RUN_EACH = "1 run each: no interval; use --repeat";

    static Change of(List<Double> baseline, List<Double> variant, Better direction, Judgement judgement) {
        return judged(RatioOfMeans.of(baseline, variant, judgement.level()), direction, judgement);
    }

    /**
     * The change of paired values ({@link RatioOfMeans#paired}): index i of both lists from the
     * same round of an interleaved comparison.
     */
    static Change paired(List<Double> baseline, List<Double> variant, Better direction, Judgement judgement) {
        return judged(RatioOfMeans.paired(baseline, variant, judgement.level()), direction, judgement);
    }

    private static Change judged(RatioOfMeans r, Better direction, Judgement judgement) {
        if (r.ratio() == null) {
            return new Change(r, "no ratio: the baseline's mean is 0", null);
        }
        if (r.paired() && r.nBaseline() < 2) {
            return new Change(r, r.nBaseline() + " pair: no interval; use --repeat", null);
        }
        if (r.nBaseline() < 2 || r.nVariant() < 2) {
            return new Change(r, r.nBaseline() == 1 && r.nVariant() == 1 ? ONE_RUN_EACH
                    : r.nBaseline() + " run" + (r.nBaseline() == 1 ? "" : "s") + " against " + r.nVariant()
                    + ": no interval; use --repeat", null);
        }
        if (r.unbounded() || r.contains(1)) {
            return new Change(r, NO_DIFFERENCE, null);
        }
        if (r.low() > 1 + judgement.noise()) {
            return new Change(r, direction.up(), direction == Better.HIGHER);
        }
        if (r.high() < 1 - judgement.noise()) {
            return new Change(r, direction.down(), direction == Better.LOWER);
        }
        return new Change(r, WITHIN_NOISE, null);
    }

    /** The verdict as the table writes it: a response time's or a cost's with whether that is better. */
    public String words() {
        if (better == null || verdict.equals("faster") || verdict.equals("slower")) {
            return verdict;
        }
        return verdict + (better ? " (better)" : " (worse)");
    }

    /**
     * A ratio as the tables and the gate write it: two decimals, three near 1, where a noise
     * threshold of a few percent is decided ("0.81", "0.973").
     */
    public static String ratio(double r) {
        return String.format(java.util.Locale.ROOT, Math.abs(r - 1) <= 0.1 + 1e-9 ? "%.3f" : "%.2f", r);
    }

    /** "[0.934, 1.012]", "unbounded", or "-" without an interval. */
    public static String interval(RatioOfMeans r) {
        if (r.unbounded()) {
            return "unbounded";
        }
        return r.hasInterval() ? "[" + ratio(r.low()) + ", " + ratio(r.high()) + "]" : "-";
    }

    /** "3 / 4" (the runs of the baseline and of the variant), or "4 pairs" (rounds paired). */
    public static String runs(RatioOfMeans r) {
        return r.paired() ? r.nBaseline() + (r.nBaseline() == 1 ? " pair" : " pairs")
                : r.nBaseline() + " / " + r.nVariant();
    }

    /** A bounded interval is known. */
    public boolean hasInterval() {
        return estimate.hasInterval();
    }
}
