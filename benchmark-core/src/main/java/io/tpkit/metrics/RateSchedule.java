package io.tpkit.metrics;

/**
 * A run on a {@code --rate} schedule, measured against it in the measurement interval (as
 * pgbench -R, with --latency-limit, reports it).
 *
 * @param targetPerSecond    the schedule's rate
 * @param interarrival       its gaps: fixed or poisson
 * @param limitMs            the latency limit from a request's slot, 0 without one
 * @param skipped            requests already later than the limit when their slot came: never
 *                           executed
 * @param aboveLimit         executed requests that completed later than the limit after their slot
 * @param executed           executed requests (committed, rolled back or failed)
 * @param behindAtEndSeconds how far the schedule's next slot lay behind the interval's end: the
 *                           backlog of arrivals due and not started, in seconds (0 when on time)
 */
public record RateSchedule(double targetPerSecond, String interarrival, double limitMs, long skipped,
                           long aboveLimit, long executed, double behindAtEndSeconds) {
}
