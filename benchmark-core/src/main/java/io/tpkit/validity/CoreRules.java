package io.tpkit.validity;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.Monitor;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rules every workload shares, each written in a class of its own in this package
 * ({@link RateReached}, {@link NoOutage}, {@link LongEnough}, {@link QuietMachine},
 * {@link DriverSaturation}, {@link JitSettled}, {@link WarmupCycle}) and reached through here;
 * the few that need no more than the run's figures are here. Workloads add their own rules
 * through the SPI; what a rule needs to know of one database, its plugin says.
 */
public final class CoreRules {
    private CoreRules() {
    }

    /**
     * @param minimumInterval the shortest measurement interval the benchmark accepts, or null
     *                        when the benchmark fixes its run shape (no interval, no warm-up)
     * @param consistency     the consistency checks run after the measurement, or null if none ran
     */
    public static List<RuleResult> evaluate(SettingsSnapshot settings, RunMetrics metrics,
                                            Duration minimumInterval, List<CheckResult> consistency) {
        List<RuleResult> rules = new ArrayList<>();
        rules.add(RuleResult.check("durability",
                "commits are durable (logging and fsync on, synchronous commit)",
                settings.durable(),
                settings.durable() ? "no durability issue in the server's " + settings.settings().size()
                        + " settings recorded (each in database.settings of result.json, and in the report)"
                        : String.join("; ", settings.durabilityIssues())));
        double seconds = metrics.measurementSeconds();
        if (minimumInterval == null) {
            String why = "the benchmark fixes its own run shape (" + metrics.measuredBy() + ")";
            rules.add(RuleResult.notApplicable("measurement-interval", "the measurement interval has a minimum length",
                    why + String.format("; measured for %.1f s", seconds)));
            rules.add(RuleResult.notApplicable("warm-up", "a warm-up phase ran before the measurement",
                    why + " and measures from its first transaction"));
        } else {
            rules.add(RuleResult.check("measurement-interval",
                    "the measurement interval lasts at least " + human(minimumInterval),
                    seconds >= minimumInterval.toMillis() / 1000.0,
                    String.format("measured for %.1f s", seconds)));
            rules.add(RuleResult.check("warm-up",
                    "a warm-up phase ran before the measurement and was not measured",
                    metrics.warmupSeconds() > 0,
                    String.format("warm-up %.1f s", metrics.warmupSeconds())));
        }
        rules.add(consistency(consistency));
        rules.add(RuleResult.check("completed-transactions",
                "the measurement interval committed at least one transaction",
                metrics.totalCommitted() > 0,
                metrics.totalCommitted() + " committed"));
        rules.add(failures(metrics));
        return rules;
    }

    /**
     * The consistency checks passed: none failed. A skipped check (not evaluated) neither fails
     * the rule nor counts among the passed ones; the detail says how many were skipped.
     */
    static RuleResult consistency(List<CheckResult> consistency) {
        String rule = "the consistency checks pass after the run";
        if (consistency == null) {
            return RuleResult.check("consistency", rule, false, "the consistency checks did not run");
        }
        long failed = consistency.stream().filter(CheckResult::failed).count();
        long skipped = consistency.stream().filter(CheckResult::skipped).count();
        long evaluated = consistency.size() - skipped;
        java.util.Optional<CheckResult> unchecked = consistency.stream().filter(CheckResult::unchecked).findFirst();
        if (unchecked.isPresent() && failed == 0) {
            // not a pass: a run whose database was not checked cannot be called consistent
            return RuleResult.check(Verdict.CONSISTENCY, rule, false, unchecked.get().detail()
                    + (evaluated == 0 ? "" : " (" + evaluated + " checks passed before)"));
        }
        return RuleResult.check(Verdict.CONSISTENCY, rule, failed == 0,
                (failed == 0 ? evaluated + " checks passed" : failed + " of " + evaluated + " checks failed")
                        + (skipped == 0 ? "" : ", " + skipped + " skipped"));
    }

    /** The id of the rule a run with {@code --network-delay} fails: what it measured includes a delay tpkit added. */
    public static final String NO_ADDED_DELAY = "no-added-delay";

    /**
     * The driver talked to the database over the network as it is: no delay added
     * ({@code --network-delay}). A run with one is allowed, to show what round trips cost over a
     * network, and labelled: its response times and rates include the delay.
     *
     * @param oneWay the delay the driver's sockets added to every message, each way
     */
    public static RuleResult noAddedDelay(Duration oneWay) {
        String rule = "no delay added to the network between the driver and the database";
        if (oneWay.isZero()) {
            return RuleResult.check(NO_ADDED_DELAY, rule, true, "none added (--network-delay not given)");
        }
        double ms = oneWay.toNanos() / 1e6;
        return RuleResult.check(NO_ADDED_DELAY, rule, false, String.format(Locale.ROOT,
                "--network-delay %s: tpkit's sockets held every message %s ms each way, %s ms per round trip; the "
                        + "response times and rates include it (an emulated network, not a measured one)",
                millis(ms), millis(ms), millis(2 * ms)));
    }

    private static String millis(double ms) {
        return ms == Math.rint(ms) ? String.valueOf((long) ms) : String.valueOf(ms);
    }

    /** The most failed transactions (and unknown outcomes) a run may have, as a share of its attempts. */
    static final double MAX_FAILED_PCT = 1.0;

    /**
     * Failed transactions and transactions lost during their commit, over every type of the
     * measurement interval (deferred parts included): a run whose transactions fail does not
     * measure the work it claims, however fast the rest went.
     */
    static RuleResult failures(RunMetrics metrics) {
        long failed = 0;
        long unknown = 0;
        long done = 0;
        for (io.tpkit.metrics.TypeSummary t : metrics.types()) {
            failed += t.failedTotal();
            unknown += t.outcomeUnknown();
            done += t.committed() + t.businessRollbacks() + t.failedTotal() + t.outcomeUnknown();
        }
        double pct = done == 0 ? 0 : 100.0 * (failed + unknown) / done;
        return RuleResult.check("failed-transactions",
                "at most " + MAX_FAILED_PCT + "% of the interval's transactions failed or were lost during their commit",
                pct <= MAX_FAILED_PCT, String.format(java.util.Locale.ROOT,
                        "%d failed and %d with an unknown outcome of %d (%.2f%%)", failed, unknown, done, pct));
    }

    /** See {@link RateReached#rateReached}. */
    public static RuleResult rateReached(double targetPerSecond, RunMetrics metrics) {
        return RateReached.rateReached(targetPerSecond, metrics);
    }

    /** See {@link NoOutage#steadyState(List, Double, Double)}. */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, Double from, Double to) {
        return NoOutage.steadyState(outages, from, to);
    }

    /** See {@link NoOutage#steadyState(List, io.tpkit.metrics.Stalls, Double, Double)}. */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, io.tpkit.metrics.Stalls stalls,
                                         Double from, Double to) {
        return NoOutage.steadyState(outages, stalls, from, to);
    }

    /** The share of the machine's CPUs other processes may take before the figures measure them too. */
    public static final double OTHER_CPU_MAX_PCT = QuietMachine.OTHER_CPU_MAX_PCT;
    public static final String QUIET_MACHINE = QuietMachine.QUIET_MACHINE;

    /** See {@link QuietMachine#quietMachine}. */
    public static RuleResult quietMachine(List<Monitor.Row> rows, Double from, Double to) {
        return QuietMachine.quietMachine(rows, from, to);
    }

    /** See {@link LongEnough#longEnough}. */
    public static RuleResult longEnough(String unwanted, Double from, Double to, List<Monitor.Row> rows,
                                        SettingsSnapshot settings) {
        return LongEnough.longEnough(unwanted, from, to, rows, settings);
    }

    /** See {@link DriverSaturation#driverSaturation(double, long, int, boolean, LatencySummary, String)}. */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, int cpus, boolean databaseHere,
                                              LatencySummary lag, String lagNotJudged) {
        return DriverSaturation.driverSaturation(seconds, driverCpuNanos, cpus, databaseHere, lag, lagNotJudged);
    }

    /** See {@link DriverSaturation#driverSaturation(double, long, long, int, boolean, LatencySummary, String)}. */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, long jitNanos, int cpus,
                                              boolean databaseHere, LatencySummary lag, String lagNotJudged) {
        return DriverSaturation.driverSaturation(seconds, driverCpuNanos, jitNanos, cpus, databaseHere, lag,
                lagNotJudged);
    }

    /** See {@link DriverSaturation#driverSaturation(double, long, long, int, boolean, String, LatencySummary, String)}. */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, long jitNanos, int cpus,
                                              boolean databaseHere, String lagName, LatencySummary lag,
                                              String lagNotJudged) {
        return DriverSaturation.driverSaturation(seconds, driverCpuNanos, jitNanos, cpus, databaseHere, lagName, lag,
                lagNotJudged);
    }

    /** The most of the machine's CPU the driver's JIT compiler may take over the interval. */
    public static final double JIT_MAX_PCT = JitSettled.JIT_MAX_PCT;

    /** See {@link JitSettled#jitSettled}. */
    public static RuleResult jitSettled(double seconds, long jitNanos, long driverCpuNanos, int machineCpus) {
        return JitSettled.jitSettled(seconds, jitNanos, driverCpuNanos, machineCpus);
    }

    /** See {@link WarmupCycle#warmupCycle}. */
    public static RuleResult warmupCycle(String notJudged, double warmupSeconds, double keyingThinkSeconds,
                                         double meanResponseMs) {
        return WarmupCycle.warmupCycle(notJudged, warmupSeconds, keyingThinkSeconds, meanResponseMs);
    }

    /** See {@link WarmupCycle#meanResponseMs}. */
    public static double meanResponseMs(RunMetrics metrics) {
        return WarmupCycle.meanResponseMs(metrics);
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s % 60 == 0 ? (s / 60) + " min" : s + " s";
    }
}
