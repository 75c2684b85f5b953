package io.tpkit.metrics;

import java.util.List;

/**
 * One second of the run (one row per type in timeseries.csv).
 *
 * @param elapsedSeconds end of the interval, seconds since the run started
 * @param seconds        length of the interval
 */
public record IntervalSample(double elapsedSeconds, double seconds, Phase phase, List<Row> rows) {
    /**
     * The counts of one transaction type in the interval; latencies in milliseconds.
     *
     * @param outcomeUnknown lost with the connection during their commit: neither committed nor failed
     */
    public record Row(String type, long committed, long businessRollbacks, long failed, long retries,
                      double p50Ms, double p90Ms, double p99Ms, double maxMs, long outcomeUnknown) {
    }

    public Row total() {
        return rows.get(rows.size() - 1);
    }
}
