package io.tpkit.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The peak and the knee of a sweep: throughput and latency measured at rising concurrency (or
 * offered rate), seed 000's "degree of concurrency as the independent variable".
 *
 * <p><b>Peak</b>: the point with the highest throughput (the first of equal ones). When it is the
 * sweep's last point the peak may lie beyond the sweep.
 *
 * <p><b>Knee</b>: the first point k, in increasing concurrency x, after which adding concurrency
 * no longer pays: every later point j has a throughput below what a gain of {@code g}% per
 * doubling from k would give, T(j) &lt; T(k) (1 + g/100)^log2(x(j) / x(k)), while the latency at
 * the sweep's last point is higher than at k. Measuring every later point against the knee
 * itself (not only the next step) keeps one noisy step from hiding further scaling. With the
 * default g = 10%: doubling the concurrency beyond the knee bought less than 10% more throughput,
 * so by Little's law (N = X R) the time each request spends grew by more than 1.8x per doubling,
 * which is queueing rather than work. Ideal scaling gains 100% per doubling. A sweep whose
 * points all keep gaining has no knee ("not reached"); the last point is never the knee, since
 * nothing after it shows the gain stopped.
 */
public final class Knee {
    /** The default threshold: 10% more throughput per doubling of concurrency. */
    public static final double DEFAULT_GAIN_PCT = 10;

    private Knee() {
    }

    /** One point of a sweep. */
    public record Point(double x, double throughput, double latency) {
    }

    /**
     * @param peak              index of the peak
     * @param peakAtEnd         the peak is the last point: it may lie beyond the sweep
     * @param knee              index of the knee, or -1 when none was reached
     * @param gainPerDoublingPct for each point, the throughput gain per doubling of x from the
     *                          previous point, in percent (null for the first point)
     * @param thresholdPct      g, the gain per doubling below which scaling has stopped
     * @param explanation       the finding in words
     */
    public record Finding(int peak, boolean peakAtEnd, int knee, List<Double> gainPerDoublingPct,
                          double thresholdPct, String explanation) {
        public boolean kneeReached() {
            return knee >= 0;
        }
    }

    /**
     * @param points       the sweep's points in strictly increasing x (all x > 0)
     * @param thresholdPct g: the throughput gain per doubling below which the knee is passed
     * @param unit         the name of x for the explanation ("connections")
     */
    public static Finding find(List<Point> points, double thresholdPct, String unit) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no points");
        }
        if (!(thresholdPct > 0) || Double.isInfinite(thresholdPct)) {
            throw new IllegalArgumentException("the knee's gain threshold must be above 0% (got " + thresholdPct + ")");
        }
        for (int i = 0; i < points.size(); i++) {
            if (!(points.get(i).x() > 0)) {
                throw new IllegalArgumentException("sweep values must be above 0 (got " + points.get(i).x() + ")");
            }
            if (i > 0 && points.get(i).x() <= points.get(i - 1).x()) {
                throw new IllegalArgumentException("sweep values must increase (" + points.get(i - 1).x() + " then "
                        + points.get(i).x() + ")");
            }
        }
        int peak = 0;
        for (int i = 1; i < points.size(); i++) {
            if (points.get(i).throughput() > points.get(peak).throughput()) {
                peak = i;
            }
        }
        List<Double> gains = new ArrayList<>();
        gains.add(null);
        for (int i = 1; i < points.size(); i++) {
            gains.add(gainPerDoubling(points.get(i - 1), points.get(i)));
        }
        double g = thresholdPct / 100;
        Point last = points.getLast();
        int knee = -1;
        for (int k = 0; k < points.size() - 1 && knee < 0; k++) {
            Point at = points.get(k);
            if (!(at.throughput() > 0) || !(last.latency() > at.latency())) {
                continue;
            }
            boolean stopped = true;
            for (int j = k + 1; j < points.size() && stopped; j++) {
                Point later = points.get(j);
                double doublings = Math.log(later.x() / at.x()) / Math.log(2);
                stopped = later.throughput() < at.throughput() * Math.pow(1 + g, doublings);
            }
            if (stopped) {
                knee = k;
            }
        }
        String explanation;
        if (knee >= 0) {
            explanation = String.format(java.util.Locale.ROOT, "knee at %s %s: beyond it no point gained %s%% "
                    + "throughput per doubling of %s (measured from the knee), while latency rose from %s to %s",
                    num(points.get(knee).x()), unit, num(thresholdPct), unit, num(points.get(knee).latency()),
                    num(last.latency()));
        } else {
            explanation = String.format(java.util.Locale.ROOT, "knee not reached: throughput still gained at least "
                    + "%s%% per doubling of %s up to the last point, or latency did not rise", num(thresholdPct), unit);
        }
        return new Finding(peak, peak == points.size() - 1 && points.size() > 1, knee, gains, thresholdPct, explanation);
    }

    /** (T2 / T1)^(1 / log2(x2 / x1)) - 1, in percent; null when T1 is 0. */
    static Double gainPerDoubling(Point a, Point b) {
        if (!(a.throughput() > 0)) {
            return null;
        }
        double doublings = Math.log(b.x() / a.x()) / Math.log(2);
        return 100 * (Math.pow(b.throughput() / a.throughput(), 1 / doublings) - 1);
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(java.util.Locale.ROOT, "%.2f", v);
    }
}
