package io.tpkit.metrics;

import java.util.List;

/**
 * What the scheduler measured.
 *
 * @param committedAllPhases committed transactions in every phase (warm-up and drain included),
 *                           for the cross-check against the database's own count
 * @param scheduleLag        how late terminals woke up after keying/think waits (closed model)
 * @param incomplete         the run was interrupted before the measurement interval ended
 */
public record RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                         long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                         long totalRetries, long committedAllPhases, Throughput throughput,
                         List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete) {
}
