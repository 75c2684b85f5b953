package io.tpkit.analysis;

import java.util.List;

/**
 * The ratio of two independent means, variant / baseline, with its confidence interval by
 * Fieller's theorem for unequal variances: the interval is the set of ratios r for which Welch's
 * t test of {@code mean(variant) - r x mean(baseline) = 0} does not reject at the level, with
 * the Welch-Satterthwaite degrees of freedom taken at the estimated ratio.
 *
 * <p>With sample means {@code x} (baseline) and {@code y} (variant), sample variances of the
 * means {@code b = s_x^2 / n_x} and {@code a = s_y^2 / n_y}, and {@code t} the two-sided
 * Student t critical value, the interval's ends are the roots of
 * {@code (y - r x)^2 = t^2 (a + r^2 b)}:
 * {@code r = (x y +/- t sqrt(a x^2 + b y^2 - t^2 a b)) / (x^2 - t^2 b)}, with
 * {@code df = (a + R^2 b)^2 / (a^2 / (n_y - 1) + R^4 b^2 / (n_x - 1))} at {@code R = y / x}.
 * When {@code x^2 <= t^2 b} the baseline's mean is not significantly different from 0 at the
 * level and the set of such ratios is unbounded (the whole line, or the line without an
 * interval): no interval is given ("Fieller's case").
 *
 * <p>References: E. C. Fieller, "Some problems in interval estimation", J. Royal Statistical
 * Society B 16 (1954) 175-185; A. C. Tamhane and B. R. Logan, "Finding the maximum safe dose
 * level for heteroscedastic data", J. Biopharmaceutical Statistics 14 (2004) 843-856, which
 * takes the degrees of freedom at the estimated ratio as here; the R package mratios
 * ({@code ttestratio(x, y, var.equal = FALSE)}) computes the same interval.
 *
 * <p>Assumptions: the runs of each side are independent draws of a normally distributed figure.
 * Coverage measured by simulation (RatioOfMeansTest): about the nominal 95 % at n = 3..10 per
 * side; down to about 93.5 % at n = 3 and 5 when the side with fewer runs varies three times as
 * much as the other (Welch's approximation is slightly liberal there); and well below nominal
 * at n = 2 when one side varies much more: 3 or more runs per side are advised.
 *
 * @param nBaseline      the baseline's number of values
 * @param nVariant       the variant's number of values
 * @param baselineMean   the baseline's mean
 * @param variantMean    the variant's mean
 * @param baselineStddev the baseline's sample standard deviation (n - 1), 0 for one value
 * @param variantStddev  the variant's sample standard deviation
 * @param ratio          variantMean / baselineMean, or null when the baseline's mean is 0
 * @param level          the confidence level, e.g. 0.95
 * @param df             the Welch-Satterthwaite degrees of freedom, or null without an interval
 * @param t              the two-sided Student t critical value for df at the level, or null
 * @param low            the interval's low end, or null (fewer than 2 values on a side, or unbounded)
 * @param high           the interval's high end, or null
 * @param unbounded      the baseline's mean is not significantly different from 0: no bounded interval
 */
public record RatioOfMeans(int nBaseline, int nVariant, double baselineMean, double variantMean,
                           double baselineStddev, double variantStddev, Double ratio, double level, Double df,
                           Double t, Double low, Double high, boolean unbounded) {
    /** The method in a few words, for a table's method line. */
    public static final String METHOD = "Fieller's interval for a ratio of independent means, Welch-Satterthwaite "
            + "degrees of freedom (unequal variances)";
    /** The method's short name, for one-line verdicts. */
    public static final String SHORT = "Fieller-Welch";

    /**
     * @param baseline the baseline's values (at least one)
     * @param variant  the variant's values (at least one)
     * @param level    the confidence level, 0 < level < 1
     */
    public static RatioOfMeans of(List<Double> baseline, List<Double> variant, double level) {
        if (baseline.isEmpty() || variant.isEmpty()) {
            throw new IllegalArgumentException("a ratio of means needs a value on each side");
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("the confidence level must be between 0 and 1 (got " + level + ")");
        }
        int nx = baseline.size();
        int ny = variant.size();
        double x = mean(baseline);
        double y = mean(variant);
        double sx = stddev(baseline, x);
        double sy = stddev(variant, y);
        Double ratio = x == 0 ? null : y / x;
        if (nx < 2 || ny < 2) {
            return new RatioOfMeans(nx, ny, x, y, sx, sy, ratio, level, null, null, null, null, false);
        }
        double b = sx * sx / nx;
        double a = sy * sy / ny;
        double r = ratio == null ? 0 : ratio;
        double spread = a * a / (ny - 1) + Math.pow(r, 4) * b * b / (nx - 1);
        // no spread on either side: the interval is the point itself; any df gives it
        double df = spread == 0 ? nx + ny - 2 : (a + r * r * b) * (a + r * r * b) / spread;
        double t = StudentT.twoSided(level, df);
        double denominator = x * x - t * t * b;
        if (ratio == null || denominator <= 0) {
            return new RatioOfMeans(nx, ny, x, y, sx, sy, ratio, level, df, t, null, null, true);
        }
        // a x^2 + b y^2 - t^2 a b = a (x^2 - t^2 b) + b y^2 >= 0 whenever the denominator is positive
        double root = t * Math.sqrt(a * denominator + b * y * y);
        return new RatioOfMeans(nx, ny, x, y, sx, sy, ratio, level, df, t, (x * y - root) / denominator,
                (x * y + root) / denominator, false);
    }

    /** A bounded interval was found. */
    public boolean hasInterval() {
        return low != null && high != null;
    }

    /** Whether the interval holds {@code r}; false without a bounded interval. */
    public boolean contains(double r) {
        return hasInterval() && low <= r && r <= high;
    }

    private static double mean(List<Double> values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.size();
    }

    private static double stddev(List<Double> values, double mean) {
        if (values.size() < 2) {
            return 0;
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (values.size() - 1));
    }
}
