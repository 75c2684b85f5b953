package io.tpkit.metrics;

/**
 * A run on a {@code --rate} schedule, measured against it in the measurement interval (as
 * pgbench -R, with --latency-limit, reports it). The requests of the interval are its
 * <em>slots</em>: the arrivals the schedule put between the interval's start and end, whether
 * they started then or later, were skipped, or never started. Counting by slot makes the work
 * and the schedule the same population: with Poisson arrivals the number of slots is itself
 * random, and only a comparison with that number says whether the database kept up.
 *
 * @param targetPerSecond    the schedule's rate
 * @param interarrival       its gaps: fixed or poisson
 * @param limitMs            the latency limit from a request's slot, 0 without one
 * @param skipped            requests of the interval's slots already later than the limit when
 *                           their slot came: never executed
 * @param aboveLimit         executed requests that completed later than the limit after their slot
 * @param executed           requests that completed in the interval (committed, rolled back or
 *                           failed)
 * @param behindAtEndSeconds how far the schedule's next slot lay behind the interval's end: the
 *                           backlog of arrivals due and not started, in seconds (0 when on time)
 * @param scheduled          the slots that fell in the interval: {@code started + skipped + backlog}
 * @param started            the interval's slots whose request started (at its slot or later)
 * @param backlog            the interval's slots whose request had not started when the interval
 *                           ended (nor by the time the run stopped)
 * @param backlogLateness    how late the backlog's requests were at the interval's end (end -
 *                           slot): a lower bound of each one's response time (censored), since
 *                           it never started; in overload these are the latest requests
 * @param responseWithBacklog the response times of every type in the interval together with the
 *                           backlog's censored lateness: what was due in the interval, served or
 *                           not (its percentiles are lower bounds where the backlog reaches them)
 * @param wakeUpLag          how late an idle server thread woke up for its slot: the driver's own
 *                           lateness, apart from the backlog (a server that found its slot
 *                           already past was busy, which is the database's doing)
 */
public record RateSchedule(double targetPerSecond, String interarrival, double limitMs, long skipped,
                           long aboveLimit, long executed, double behindAtEndSeconds, long scheduled, long started,
                           long backlog, LatencySummary backlogLateness, LatencySummary responseWithBacklog,
                           LatencySummary wakeUpLag) {
    /** A schedule as older results recorded it: no counts by slot. */
    public RateSchedule(double targetPerSecond, String interarrival, double limitMs, long skipped, long aboveLimit,
                        long executed, double behindAtEndSeconds) {
        this(targetPerSecond, interarrival, limitMs, skipped, aboveLimit, executed, behindAtEndSeconds, -1, -1, -1,
                null, null, null);
    }

    /** Whether the slots of the interval were counted (results of tpkit 0.1 before them were not). */
    public boolean countedBySlot() {
        return scheduled >= 0;
    }
}
