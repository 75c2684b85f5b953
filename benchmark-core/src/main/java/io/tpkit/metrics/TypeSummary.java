package io.tpkit.metrics;

import java.util.Map;

/**
 * One transaction type over the measurement interval. Outcomes are counted the way pgbench
 * does at its best: committed the first time, committed after retries, failed by cause.
 *
 * @param committed             transactions that committed (first time or after retries)
 * @param committedFirstTry     committed without any retry
 * @param committedAfterRetries committed after one or more retries
 * @param committedByRetries    committed transactions by the number of retries they needed
 * @param businessRollbacks     rollbacks the benchmark requires (not errors)
 * @param retries               retries by cause (every retried attempt counts once)
 * @param failed                transactions that failed for good, by cause
 * @param errorsBySqlStateClass every error the database raised (retried or not), by SQLState class
 * @param perSecond             committed per second of the measurement interval
 * @param response              intended start to completion (includes queueing)
 * @param queue                 intended start to the moment a connection was free
 * @param service               on the connection, from first statement to commit
 * @param outcomeUnknown        the connection broke during the commit: counted neither as
 *                              committed nor as failed, and reconciled by the consistency check
 * @param cost                  what a transaction of this type cost the driver, on average
 */
public record TypeSummary(String name, long committed, long committedFirstTry, long committedAfterRetries,
                          Map<Integer, Long> committedByRetries, long businessRollbacks,
                          Map<String, Long> retries, Map<String, Long> failed,
                          Map<String, Long> errorsBySqlStateClass, double perSecond,
                          LatencySummary response, LatencySummary queue, LatencySummary service,
                          long outcomeUnknown, TypeCost cost) {
    public TypeSummary(String name, long committed, long committedFirstTry, long committedAfterRetries,
                       Map<Integer, Long> committedByRetries, long businessRollbacks, Map<String, Long> retries,
                       Map<String, Long> failed, Map<String, Long> errorsBySqlStateClass, double perSecond,
                       LatencySummary response, LatencySummary queue, LatencySummary service) {
        this(name, committed, committedFirstTry, committedAfterRetries, committedByRetries, businessRollbacks, retries,
                failed, errorsBySqlStateClass, perSecond, response, queue, service, 0, TypeCost.NONE);
    }

    public long failedTotal() {
        return failed.values().stream().mapToLong(Long::longValue).sum();
    }

    public long retriesTotal() {
        return retries.values().stream().mapToLong(Long::longValue).sum();
    }
}
