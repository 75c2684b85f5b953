package io.tpkit.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a series of measurements changed, by e-divisive means: D. S. Matteson and N. A. James,
 * "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", Journal of
 * the American Statistical Association 109 (505), 2014, pp. 334-345, doi:10.1080/01621459.2013.849605.
 * It is the method of the R package ecp ({@code e.divisive}) and the one MongoDB (D. Daly et al.,
 * "The Use of Change Point Detection to Identify Software Performance Regressions in a Continuous
 * Integration System", ICPE 2020) and Apache Otava (formerly Hunter) build their performance
 * change detection on.
 *
 * <p>For a segment of the series and a candidate split {@code tau} with a right end {@code kappa},
 * X = the values before tau and Y = the values from tau up to kappa; the divergence of their
 * distributions is the energy statistic with alpha = 1:
 * {@code E = 2/(mn) sum|X_i - Y_j| - 1/C(m,2) sum|X_i - X_k| - 1/C(n,2) sum|Y_j - Y_k|}, scaled to
 * {@code Q = mn/(m+n) E} (m, n the sizes of X and Y). The best split of the segment maximises Q
 * over tau and kappa, each part at least {@link Settings#minSize} long; the best over all current
 * segments is the candidate change point. Its significance is a permutation test: the values are
 * shuffled within each current segment {@link Settings#permutations} times and the best Q found
 * again each time; p = (1 + the number of shuffles whose Q reached the observed one) / (1 +
 * shuffles). A candidate with p at or below {@link Settings#pValue} is a change point, its
 * segment is split in two, and the search goes on (binary segmentation) until a candidate is not
 * significant or no segment is long enough to split. The shuffles are seeded: the same series
 * gives the same answer.
 *
 * <p>The test assumes that the values within a segment are exchangeable (independent draws from
 * one distribution); a drift inside a segment, such as a table growing from run to run, breaks
 * that assumption and may be found as one or more changes. Each search is O(n^2) in the
 * segment's length, so a test costs O(permutations x n^2).
 */
public final class ChangePoints {
    /** How ecp's e.divisive and this class name the method in output. */
    public static final String METHOD = "e-divisive means";

    private ChangePoints() {
    }

    /**
     * @param permutations the shuffles of the permutation test (ecp's default: 199)
     * @param pValue       the significance level: a split is a change point when its p-value is at
     *                     or below it (ecp's default: 0.05)
     * @param minSize      the fewest values on either side of a change point (at least 2, for the
     *                     distances within a part)
     * @param seed         the seed of the shuffles
     */
    public record Settings(int permutations, double pValue, int minSize, long seed) {
        public static final Settings DEFAULT = new Settings(199, 0.05, 3, 1);

        public Settings {
            if (permutations < 1) {
                throw new IllegalArgumentException("permutations must be at least 1 (got " + permutations + ")");
            }
            if (!(pValue > 0 && pValue < 1)) {
                throw new IllegalArgumentException("the p-value threshold must be between 0 and 1 (got " + pValue + ")");
            }
            if (minSize < 2) {
                throw new IllegalArgumentException("the minimum segment size must be at least 2 (got " + minSize + ")");
            }
        }

        /** The smallest p-value the test can give: with too few permutations no change is ever significant. */
        public double smallestPValue() {
            return 1.0 / (permutations + 1);
        }
    }

    /**
     * A change point: the series changed between values {@code index - 1} and {@code index}.
     *
     * @param index       the first value after the change (0-based)
     * @param meanBefore  the mean of the segment that ends at it
     * @param meanAfter   the mean of the segment that starts at it
     * @param relativePct (after - before) / |before| in percent, or null when before is 0
     * @param pValue      the permutation test's p-value when the change was found
     * @param statistic   its Q
     * @param order       1 for the change found first, 2 for the next...
     */
    public record Change(int index, double meanBefore, double meanAfter, Double relativePct, double pValue,
                         double statistic, int order) {
    }

    /** The values {@code from} (inclusive) to {@code to} (exclusive) and their mean. */
    public record Segment(int from, int to, double mean) {
    }

    /**
     * @param changes       in the order of the series
     * @param segments      the series cut at the changes
     * @param rejected      the best split that was tested and not significant, or null when no
     *                      segment was long enough to split (then nothing more could be tested)
     */
    public record Result(List<Change> changes, List<Segment> segments, Candidate rejected) {
    }

    /** A split tested: the change point it would make and its p-value. */
    public record Candidate(int index, double statistic, double pValue) {
    }

    /** The change points of {@code series} (in time order). */
    public static Result find(double[] series, Settings settings) {
        for (double v : series) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("the series holds a value that is not a number: " + v);
            }
        }
        SplittableRandom random = new SplittableRandom(settings.seed());
        List<Integer> bounds = new ArrayList<>(List.of(0, series.length));
        List<double[]> found = new ArrayList<>(); // index, p, q
        Candidate rejected = null;
        Search search = new Search(series.length);
        while (true) {
            Split best = best(series, bounds, settings.minSize(), search);
            if (best == null) {
                break;
            }
            double p = pValue(series, bounds, best.q, settings, random, search);
            if (p > settings.pValue()) {
                rejected = new Candidate(best.tau, best.q, p);
                break;
            }
            found.add(new double[] {best.tau, p, best.q});
            bounds.add(best.tau);
            bounds.sort(Comparator.naturalOrder());
        }
        List<Segment> segments = new ArrayList<>();
        for (int i = 0; i + 1 < bounds.size(); i++) {
            int from = bounds.get(i);
            int to = bounds.get(i + 1);
            segments.add(new Segment(from, to, Arrays.stream(series, from, to).average().orElse(Double.NaN)));
        }
        List<Change> changes = new ArrayList<>();
        for (int k = 0; k < found.size(); k++) {
            double[] f = found.get(k);
            int index = (int) f[0];
            int after = bounds.indexOf(index);
            double before = segments.get(after - 1).mean();
            double next = segments.get(after).mean();
            changes.add(new Change(index, before, next, before == 0 ? null : 100 * (next - before) / Math.abs(before),
                    f[1], f[2], k + 1));
        }
        changes.sort(Comparator.comparingInt(Change::index));
        return new Result(List.copyOf(changes), List.copyOf(segments), rejected);
    }

    /** The best split over all segments, or null when none is long enough to split. */
    private static Split best(double[] x, List<Integer> bounds, int minSize, Search search) {
        Split best = null;
        for (int i = 0; i + 1 < bounds.size(); i++) {
            Split s = search.bestSplit(x, bounds.get(i), bounds.get(i + 1), minSize);
            if (s != null && (best == null || s.q > best.q)) {
                best = s;
            }
        }
        return best;
    }

    /** The share of shuffles (within each segment) whose best split is at least as strong, counted as ecp does. */
    private static double pValue(double[] x, List<Integer> bounds, double observed, Settings settings,
                                 SplittableRandom random, Search search) {
        double[] y = x.clone();
        int reached = 0;
        for (int r = 0; r < settings.permutations(); r++) {
            for (int i = 0; i + 1 < bounds.size(); i++) {
                shuffle(y, bounds.get(i), bounds.get(i + 1), random);
            }
            Split s = best(y, bounds, settings.minSize(), search);
            // a tolerance for sums taken in another order: a tie is a tie
            if (s != null && s.q >= observed - 1e-9 * Math.abs(observed)) {
                reached++;
            }
        }
        return (reached + 1.0) / (settings.permutations() + 1.0);
    }

    private static void shuffle(double[] y, int from, int to, SplittableRandom random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            double t = y[i];
            y[i] = y[j];
            y[j] = t;
        }
    }

    /** A split of a segment: X before {@code tau}, Y from tau to {@code kappa}. */
    record Split(int tau, int kappa, double q) {
    }

    /** The best split of {@code x[from, to)}, or null when it holds fewer than twice {@code minSize} values. */
    static Split bestSplit(double[] x, int from, int to, int minSize) {
        return new Search(x.length).bestSplit(x, from, to, minSize);
    }

    /**
     * The O(n^2) search of a segment's best split. {@code sums[j][i]} is the sum of |x_t - x_j|
     * over t from the segment's start to i - 1 (i up to j), so that each step of tau and kappa
     * adds its new distances in constant time. The table is kept between searches.
     */
    private static final class Search {
        private final double[][] sums;

        Search(int n) {
            sums = new double[n][];
            for (int j = 0; j < n; j++) {
                sums[j] = new double[j + 1];
            }
        }

        Split bestSplit(double[] x, int from, int to, int minSize) {
            if (to - from < 2 * minSize) {
                return null;
            }
            for (int j = from; j < to; j++) {
                double[] row = sums[j - from];
                row[0] = 0;
                for (int t = from; t < j; t++) {
                    row[t - from + 1] = row[t - from] + Math.abs(x[t] - x[j]);
                }
            }
            Split best = null;
            double withinX = 0; // sum of |X_i - X_k| over the pairs before tau
            for (int k = from + 1; k < from + minSize; k++) {
                withinX += sums[k - from][k - from];
            }
            for (int tau = from + minSize; tau <= to - minSize; tau++) {
                int m = tau - from;
                double between = 0;
                double withinY = 0;
                for (int j = tau; j < to; j++) { // Y grows by x[j]: kappa = j + 1
                    double[] row = sums[j - from];
                    between += row[tau - from];
                    withinY += row[j - from] - row[tau - from];
                    int n = j + 1 - tau;
                    if (n < minSize) {
                        continue;
                    }
                    double e = 2 * between / ((double) m * n) - withinX / (m * (m - 1) / 2.0)
                            - withinY / (n * (n - 1) / 2.0);
                    double q = (double) m * n / (m + n) * e;
                    if (best == null || q > best.q) {
                        best = new Split(tau, j + 1, q);
                    }
                }
                withinX += sums[tau - from][tau - from];
            }
            return best;
        }
    }
}
