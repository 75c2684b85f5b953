package io.tpkit.runner;

import io.tpkit.config.ArrivalModel;
import io.tpkit.measurement.DriverCpu;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.Monitor;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.validity.CoreRules;
import io.tpkit.validity.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The validity verdict of a run: the core rules, the workload's own, and those that need what
 * the run observed beside its metrics (the monitor's rows, where the database runs, how the
 * terminals were scheduled).
 */
final class RunRules {
    private RunRules() {
    }

    /** The run as a workload's rules and headline see it. */
    static MeasuredRun measuredRun(SchedulerSettings s, SettingsSnapshot server, RunMetrics metrics) {
        // open arrivals apply no keying or think time, whatever the factor says
        return new MeasuredRun(metrics, s.terminals(), s.connections(),
                s.arrival() == ArrivalModel.OPEN ? 0 : s.thinkFactor(), server.settings());
    }

    /** @param networkDelay what the driver's sockets added to every message each way ({@code --network-delay}) */
    static Verdict judge(BoundWorkload bound, SchedulerSettings s, SettingsSnapshot server, MeasuredRun run,
                         Measurement.Measured measured, List<CheckResult> consistency, boolean databaseHere,
                         java.time.Duration networkDelay) {
        RunMetrics metrics = measured.metrics();
        List<RuleResult> rules = new ArrayList<>(CoreRules.evaluate(server, metrics,
                bound.fixedRun().isPresent() ? null : bound.minimumMeasurement(), consistency));
        rules.addAll(bound.validityRules(run));
        if (rules.stream().noneMatch(r -> r.id().equals(CoreRules.QUIET_MACHINE))) { // HPSS judges each iteration
            Double from = measured.measurementStart();
            Double to = measured.drainStart() != null ? measured.drainStart()
                    : from == null ? null : from + metrics.measurementSeconds();
            rules.add(CoreRules.quietMachine(measured.monitor().rows(), from, to));
        }
        rules.add(CoreRules.steadyState(measured.outages(), metrics.stalls(), measured.measurementStart(),
                measured.drainStart()));
        rules.addAll(evaluate(bound, s, server, metrics, measured.monitor().rows(), measured.measurementStart(),
                measured.drainStart(), databaseHere));
        rules.add(CoreRules.jitSettled(metrics.measurementSeconds(), metrics.costs().meter(DriverCpu.JIT),
                metrics.costs().meter(DriverCpu.CPU), measured.monitor().cpus()));
        if (s.ratePerSecond() > 0) {
            rules.add(CoreRules.rateReached(s.ratePerSecond(), metrics));
        }
        if (!networkDelay.isZero()) {
            rules.add(CoreRules.noAddedDelay(networkDelay));
        }
        if (metrics.incomplete()) {
            rules.add(RuleResult.check("complete", "the run measured its whole interval", false,
                    "the run was interrupted; these are the results collected until then"));
        }
        return Verdict.of(rules);
    }

    /**
     * @param from         the measurement interval's start, in elapsed seconds of the run, or null
     * @param to           its end (the drain's start), or null
     * @param databaseHere whether the database's processes were found on this machine
     */
    private static List<RuleResult> evaluate(BoundWorkload bound, SchedulerSettings s, SettingsSnapshot server,
                                     RunMetrics metrics, List<Monitor.Row> rows, Double from, Double to,
                                     boolean databaseHere) {
        Double end = to != null ? to : from == null ? null : from + metrics.measurementSeconds();
        RuleResult longEnough = CoreRules.longEnough(bound.checkpointsUnwanted().orElse(null), from, end, rows, server);

        boolean closed = s.arrival() == ArrivalModel.CLOSED;
        // in closed runs the lag is the driver's own lateness (a due request waiting while a
        // server is free); in paced streams and open arrivals the start behind the slot is the
        // backlog too, the database's doing, so only an idle server's wake-up is the driver's
        io.tpkit.metrics.LatencySummary wakeUp = metrics.schedule() == null ? null : metrics.schedule().wakeUpLag();
        io.tpkit.metrics.LatencySummary lag = closed ? metrics.scheduleLag() : s.rateLimited() ? wakeUp : null;
        RuleResult saturation = CoreRules.driverSaturation(metrics.measurementSeconds(),
                metrics.costs().meter(DriverCpu.CPU), metrics.costs().meter(DriverCpu.JIT),
                Runtime.getRuntime().availableProcessors(),
                databaseHere, closed ? "schedule lag" : "wake-up lag of idle servers", lag, lag != null ? null
                        : s.rateLimited()
                        ? "this result recorded no wake-up lateness of idle servers apart from the backlog"
                        : "streams run back to back, with no schedule to fall behind");

        String fixed = bound.fixedRun().isPresent()
                ? "the benchmark fixes its own run shape (" + metrics.measuredBy() + ") with no warm-up" : null;
        RuleResult warmup = CoreRules.warmupCycle(fixed, metrics.warmupSeconds(),
                closed ? bound.meanKeyingAndThinkSeconds() * s.thinkFactor() : 0, CoreRules.meanResponseMs(metrics));
        return List.of(longEnough, saturation, warmup);
    }
}
