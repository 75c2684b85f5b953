package io.tpkit.validity;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.CheckResult;
import io.tpkit.spi.SettingsSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The rules every workload shares; workloads add their own through the SPI. */
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
                settings.durable() ? "durable settings: " + settings.settings()
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
        return RuleResult.check("consistency", rule, failed == 0,
                (failed == 0 ? evaluated + " checks passed" : failed + " of " + evaluated + " checks failed")
                        + (skipped == 0 ? "" : ", " + skipped + " skipped"));
    }

    /** The share of a --rate target a run must reach to say it ran at that rate. */
    static final double RATE_REACHED = 0.98;

    /**
     * A paced run (--rate) measures latency at a given load only if it ran at that load:
     * whether the requests started per second of the interval reached the target, and how far
     * behind their slots they started (the schedule lag), as pgbench -R reports.
     */
    public static RuleResult rateReached(double targetPerSecond, RunMetrics metrics) {
        double seconds = metrics.measurementSeconds();
        double reached = seconds <= 0 ? 0 : (metrics.totalCommitted() + metrics.totalBusinessRollbacks()
                + metrics.totalFailed()) / seconds;
        io.tpkit.metrics.LatencySummary lag = metrics.scheduleLag();
        return RuleResult.check("rate-reached", String.format(java.util.Locale.ROOT,
                        "the requests reached at least %.0f%% of the --rate target", 100 * RATE_REACHED),
                reached >= RATE_REACHED * targetPerSecond, String.format(java.util.Locale.ROOT,
                        "target %.1f/s, reached %.1f/s (%.1f%%); started behind their slot: p50 %.1f ms, p99 %.1f ms, "
                                + "max %.1f ms%s", targetPerSecond, reached, 100 * reached / targetPerSecond,
                        lag.p50Ms(), lag.p99Ms(), lag.maxMs(), lateDetail(metrics.late())));
    }

    /** With a latency limit: what was skipped and what came late, as pgbench -R --latency-limit says it. */
    static String lateDetail(io.tpkit.metrics.LateRequests late) {
        if (late == null) {
            return "";
        }
        long due = late.executed() + late.skipped();
        return String.format(java.util.Locale.ROOT, "; %d skipped (%.1f%% of %d due; already later than the %.0f ms "
                        + "limit when due), %d executed ones completed later than it", late.skipped(),
                due == 0 ? 0 : 100.0 * late.skipped() / due, due, late.limitMs(), late.aboveLimit());
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

    /**
     * Steady state: no outage (seconds without a completed transaction, with failures) inside
     * the measurement interval.
     *
     * @param from the interval's start and end, in seconds since the run started, as the outages
     */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, Double from, Double to) {
        if (from == null) {
            return RuleResult.notApplicable("no-outage", "no outage inside the measurement interval",
                    "the measurement interval never started");
        }
        double end = to == null ? Double.MAX_VALUE : to;
        List<io.tpkit.metrics.Outage> inside = outages.stream().filter(o -> o.to() > from && o.from() < end).toList();
        double seconds = inside.stream().mapToDouble(o -> Math.min(o.to(), end) - Math.max(o.from(), from)).sum();
        return RuleResult.check("no-outage", "no outage inside the measurement interval (the database answered "
                        + "throughout)", inside.isEmpty(), inside.isEmpty() ? "none"
                        : String.format(java.util.Locale.ROOT, "%d outage(s), %.1f s in all, the first from %.1f s",
                        inside.size(), seconds, inside.getFirst().from()));
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s % 60 == 0 ? (s / 60) + " min" : s + " s";
    }
}
