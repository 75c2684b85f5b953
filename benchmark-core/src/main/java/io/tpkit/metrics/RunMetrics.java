package io.tpkit.metrics;

import java.util.List;

/**
 * What the scheduler measured.
 *
 * @param committedAllPhases committed transactions in every phase (warm-up and drain included),
 *                           for the cross-check against the database's own count
 * @param scheduleLag        the driver's own lateness (closed model): how long a due request
 *                           waited while a server was free for it (a late wake-up, the queue)
 * @param incomplete         the run was interrupted before the measurement interval ended
 * @param iterations         the rounds of a run measured in several iterations (HPSS), else empty
 * @param driverCpuSeconds   the driver JVM's CPU time over the measurement interval (-1 unknown)
 * @param costs              what the transactions of the measurement interval cost the driver,
 *                           and the CPU clocks read at its start and end
 * @param deferred           the deferred transactions queued in the interval, followed to their
 *                           end; null when the workload defers none
 * @param schedule           a run on a --rate schedule measured against it; null without a rate
 * @param stalls             the stretches of the whole run (every phase) in which requests were
 *                           outstanding and nothing completed; null when not known (an older result)
 * @param edges              the transactions that straddled an edge of the interval and are not
 *                           counted in it; null when not known (an older result, which counted a
 *                           transaction in the phase it ended in)
 * @param connections        connections lost, attempts to connect refused (by class), and how long
 *                           fewer connections worked than asked; null when not known (an older result)
 * @param warmupEnd          how the warm-up ended (given, settled, capped) and the JIT compiler's
 *                           share of the driver's CPU in the interval; null when not known (an older result)
 */
public record RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                         long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                         long totalRetries, long committedAllPhases, Throughput throughput,
                         List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete,
                         List<Iteration> iterations, double driverCpuSeconds, CostTotals costs,
                         DeferredSummary deferred, RateSchedule schedule, Stalls stalls, IntervalEdges edges,
                         Connections connections, WarmupEnd warmupEnd) {
    /** Metrics whose warm-up's end is not known (see {@link #withWarmupEnd}). */
    public RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                      long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                      long totalRetries, long committedAllPhases, Throughput throughput,
                      List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete,
                      List<Iteration> iterations, double driverCpuSeconds, CostTotals costs,
                      DeferredSummary deferred, RateSchedule schedule, Stalls stalls, IntervalEdges edges,
                      Connections connections) {
        this(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks, totalFailed,
                totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, stalls, edges, connections, null);
    }

    /** Metrics whose connections' events are not known (see {@link #withConnections}). */
    public RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                      long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                      long totalRetries, long committedAllPhases, Throughput throughput,
                      List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete,
                      List<Iteration> iterations, double driverCpuSeconds, CostTotals costs,
                      DeferredSummary deferred, RateSchedule schedule, Stalls stalls, IntervalEdges edges) {
        this(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks, totalFailed,
                totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, stalls, edges, null);
    }

    /** Metrics as recorded before the edges were counted. */
    public RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                      long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                      long totalRetries, long committedAllPhases, Throughput throughput,
                      List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete,
                      List<Iteration> iterations, double driverCpuSeconds, CostTotals costs,
                      DeferredSummary deferred, RateSchedule schedule, Stalls stalls) {
        this(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks, totalFailed,
                totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, stalls, null);
    }

    /** Metrics whose stalls are not known (see {@link #withStalls}). */
    public RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                      long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                      long totalRetries, long committedAllPhases, Throughput throughput,
                      List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete,
                      List<Iteration> iterations, double driverCpuSeconds, CostTotals costs,
                      DeferredSummary deferred, RateSchedule schedule) {
        this(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks, totalFailed,
                totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, null);
    }

    public RunMetrics(double warmupSeconds, double measurementSeconds, String measuredBy,
                      long totalCommitted, long totalBusinessRollbacks, long totalFailed,
                      long totalRetries, long committedAllPhases, Throughput throughput,
                      List<TypeSummary> types, LatencySummary scheduleLag, boolean incomplete) {
        this(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks, totalFailed,
                totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, List.of(), -1,
                CostTotals.NONE, null, null);
    }

    public RunMetrics withIterations(List<Iteration> rounds) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete,
                List.copyOf(rounds), driverCpuSeconds, costs, deferred, schedule, stalls, edges, connections, warmupEnd);
    }

    public RunMetrics withDriverCpuSeconds(double seconds) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                seconds, costs, deferred, schedule, stalls, edges, connections, warmupEnd);
    }

    public RunMetrics withCosts(CostTotals totals) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, totals, deferred, schedule, stalls, edges, connections, warmupEnd);
    }

    public RunMetrics withSchedule(RateSchedule requests) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, requests, stalls, edges, connections, warmupEnd);
    }

    public RunMetrics withDeferred(DeferredSummary summary) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, summary, schedule, stalls, edges, connections, warmupEnd);
    }

    public RunMetrics withConnections(Connections seen) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, stalls, edges, seen, warmupEnd);
    }

    public RunMetrics withStalls(Stalls found) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, found, edges, connections, warmupEnd);
    }

    public RunMetrics withEdges(IntervalEdges straddled) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, stalls, straddled, connections, warmupEnd);
    }

    public RunMetrics withWarmupEnd(WarmupEnd how) {
        return new RunMetrics(warmupSeconds, measurementSeconds, measuredBy, totalCommitted, totalBusinessRollbacks,
                totalFailed, totalRetries, committedAllPhases, throughput, types, scheduleLag, incomplete, iterations,
                driverCpuSeconds, costs, deferred, schedule, stalls, edges, connections, how);
    }
}
