package io.tpkit.metrics;

import java.util.List;

/**
 * One second of the run (one row per type in timeseries.csv).
 *
 * @param elapsedSeconds end of the interval, seconds since the run started
 * @param seconds        length of the interval
 * @param inFlight       requests being executed (begun, not yet committed, rolled back or failed)
 *                       at the interval's end, or -1 when not known
 */
public record IntervalSample(double elapsedSeconds, double seconds, Phase phase, List<Row> rows, long inFlight) {
    /** A sample whose requests in flight are not known. */
    public IntervalSample(double elapsedSeconds, double seconds, Phase phase, List<Row> rows) {
        this(elapsedSeconds, seconds, phase, rows, -1);
    }

    /**
     * The counts of one transaction type in the interval; latencies in milliseconds.
     *
     * @param outcomeUnknown lost with the connection during their commit: neither committed nor failed
     */
    public record Row(String type, long committed, long businessRollbacks, long failed, long retries,
                      double p50Ms, double p90Ms, double p99Ms, double maxMs, long outcomeUnknown) {
        /** Transactions that ended in the interval, one way or another (a retried attempt ends too). */
        public long ended() {
            return committed + businessRollbacks + failed + retries + outcomeUnknown;
        }
    }

    public Row total() {
        return rows.get(rows.size() - 1);
    }

    /**
     * Whether anything ended in the interval, in any row: the deferred parts' rows (left out of
     * the total) included.
     */
    public boolean anythingEnded() {
        return rows.stream().anyMatch(r -> r.ended() > 0);
    }
}
