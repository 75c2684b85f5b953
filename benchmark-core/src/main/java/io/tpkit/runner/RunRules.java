package io.tpkit.runner;

import io.tpkit.config.ArrivalModel;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.Monitor;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.validity.CoreRules;
import java.util.List;

/**
 * The core rules that need what the run observed beside its metrics (the monitor's rows, where
 * the database runs, how the terminals were scheduled): long-enough, driver-saturation and
 * warm-up-cycle. Gathered here so that the runner adds them in one call.
 */
final class RunRules {
    private RunRules() {
    }

    /**
     * @param from         the measurement interval's start, in elapsed seconds of the run, or null
     * @param to           its end (the drain's start), or null
     * @param databaseHere whether the database's processes were found on this machine
     */
    static List<RuleResult> evaluate(BoundWorkload bound, SchedulerSettings s, SettingsSnapshot server,
                                     RunMetrics metrics, List<Monitor.Row> rows, Double from, Double to,
                                     boolean databaseHere) {
        Double end = to != null ? to : from == null ? null : from + metrics.measurementSeconds();
        RuleResult longEnough = CoreRules.longEnough(bound.checkpointsUnwanted().orElse(null), from, end, rows, server);

        boolean closed = s.arrival() == ArrivalModel.CLOSED;
        // in closed runs the lag is the driver's own lateness (a due request waiting while a
        // server is free); in paced streams it is the stream's backlog, the database's doing too
        RuleResult saturation = CoreRules.driverSaturation(metrics.measurementSeconds(),
                metrics.costs().meter(MetricsCollector.DRIVER_CPU), metrics.costs().meter(MetricsCollector.DRIVER_JIT),
                Runtime.getRuntime().availableProcessors(),
                databaseHere, closed ? metrics.scheduleLag() : null, closed ? null : s.rateLimited()
                        ? "paced streams and open arrivals start behind their slots when the database falls behind too "
                        + "(see rate-reached)"
                        : "streams run back to back, with no schedule to fall behind");

        String fixed = bound.fixedRun().isPresent()
                ? "the benchmark fixes its own run shape (" + metrics.measuredBy() + ") with no warm-up" : null;
        RuleResult warmup = CoreRules.warmupCycle(fixed, metrics.warmupSeconds(),
                closed ? bound.meanKeyingAndThinkSeconds() * s.thinkFactor() : 0, CoreRules.meanResponseMs(metrics));
        return List.of(longEnough, saturation, warmup);
    }
}
