package io.tpkit.metrics;

/**
 * The deferred transactions queued in the measurement interval (TPC-C's Delivery), followed to
 * their end however late it came: their completion may fall in the drain, which is why they are
 * judged here rather than by the "(deferred)" rows, which count completions by phase.
 *
 * @param queued            deferred transactions queued in the measurement interval
 * @param completed         of those, committed (in the interval or during the drain)
 * @param failed            executed and not committed (failed after retries, or lost with
 *                          their connection before the commit)
 * @param notExecuted       still queued when the drain's time ran out: never executed
 * @param skipped           committed ones that skipped part of their work because the data held
 *                          nothing to do (TPC-C: a district with no undelivered order)
 * @param queueToCompletion from being queued to commit, of the completed ones
 * @param p90Seconds        the 90th percentile of queue-to-completion over all queued ones,
 *                          those never completed counted as later than any limit; null when
 *                          more than 10% never completed or none was queued
 * @param backlogAtEnd      queued in the interval but not started when it ended
 * @param oldestAtEndSeconds how long the oldest of that backlog had waited when the interval ended
 * @param outcomeUnknown    executed, their connection lost during the commit: they may have
 *                          committed (the database knows; as every other type's "outcome unknown")
 * @param workers           background workers the queue used (it adds one when its oldest
 *                          request has waited a second), and the most it may use
 */
public record DeferredSummary(long queued, long completed, long failed, long notExecuted, long skipped,
                              LatencySummary queueToCompletion, Double p90Seconds, long backlogAtEnd,
                              double oldestAtEndSeconds, int workers, int maxWorkers,
                              long outcomeUnknown) {
    /** Without transactions of unknown outcome (results written before they were told apart from failures). */
    public DeferredSummary(long queued, long completed, long failed, long notExecuted, long skipped,
                           LatencySummary queueToCompletion, Double p90Seconds, long backlogAtEnd,
                           double oldestAtEndSeconds, int workers, int maxWorkers) {
        this(queued, completed, failed, notExecuted, skipped, queueToCompletion, p90Seconds, backlogAtEnd,
                oldestAtEndSeconds, workers, maxWorkers, 0);
    }
}
