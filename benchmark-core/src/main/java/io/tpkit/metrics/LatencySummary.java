package io.tpkit.metrics;

import org.HdrHistogram.Histogram;

/** Percentiles of one latency histogram, in milliseconds (recorded in microseconds). */
public record LatencySummary(long count, double meanMs, double p50Ms, double p90Ms, double p95Ms,
                             double p99Ms, double p999Ms, double maxMs) {
    public static LatencySummary of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(h.getTotalCount(), h.getMean() / 1000.0,
                ms(h, 50), ms(h, 90), ms(h, 95), ms(h, 99), ms(h, 99.9), h.getMaxValue() / 1000.0);
    }

    private static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }
}
