package io.tpkit.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * How much a figure varied over repeated runs of one configuration: mean, median, sample
 * standard deviation, coefficient of variation, and the Student t confidence interval of the
 * mean (the runs taken as independent draws of a normally distributed figure).
 *
 * @param n          the number of values
 * @param mean       their arithmetic mean
 * @param median     the middle value (the mean of the two middle ones for an even count)
 * @param min        the smallest value
 * @param max        the largest value
 * @param stddev     the sample standard deviation (divisor n - 1); 0 for a single value
 * @param cvPct      the coefficient of variation, stddev / mean in percent (null when the mean is 0)
 * @param level      the confidence level of the interval, e.g. 0.95
 * @param t          the two-sided Student t critical value for n - 1 degrees of freedom at that level
 *                   (null for a single value: no interval)
 * @param halfWidth  t x stddev / sqrt(n), the interval's half width (null for a single value)
 * @param low        mean - halfWidth
 * @param high       mean + halfWidth
 */
public record Spread(int n, double mean, double median, double min, double max, double stddev, Double cvPct,
                     double level, Double t, Double halfWidth, Double low, Double high) {

    /** The spread of {@code values} with a confidence interval at {@code level} (0 < level < 1). */
    public static Spread of(List<Double> values, double level) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("the confidence level must be between 0 and 1 (got " + level + ")");
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        int n = v.length;
        double mean = Arrays.stream(v).sum() / n;
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double squares = 0;
        for (double x : v) {
            squares += (x - mean) * (x - mean);
        }
        double stddev = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
        Double cv = mean == 0 ? null : 100 * stddev / Math.abs(mean);
        if (n < 2) {
            return new Spread(n, mean, median, sorted[0], sorted[n - 1], stddev, cv, level, null, null, null, null);
        }
        double t = StudentT.twoSided(level, n - 1);
        double half = t * stddev / Math.sqrt(n);
        return new Spread(n, mean, median, sorted[0], sorted[n - 1], stddev, cv, level, t, half, mean - half,
                mean + half);
    }

    /** The half width as a percentage of the mean, or null. */
    public Double halfWidthPct() {
        return halfWidth == null || mean == 0 ? null : 100 * halfWidth / Math.abs(mean);
    }
}
