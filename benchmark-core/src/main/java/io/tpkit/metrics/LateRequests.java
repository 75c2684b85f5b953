package io.tpkit.metrics;

/**
 * A paced run's requests measured against its latency limit, in the measurement interval (as
 * pgbench -R with --latency-limit reports them).
 *
 * @param limitMs    the limit, from the request's slot on the schedule
 * @param skipped    requests already later than the limit when their slot came: never executed
 * @param aboveLimit executed requests that completed later than the limit after their slot
 * @param executed   executed requests (committed, rolled back or failed)
 */
public record LateRequests(double limitMs, long skipped, long aboveLimit, long executed) {
}
