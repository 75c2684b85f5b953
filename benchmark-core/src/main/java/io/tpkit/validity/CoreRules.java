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
        if (consistency == null) {
            rules.add(RuleResult.check("consistency", "the consistency checks pass after the run",
                    false, "the consistency checks did not run"));
        } else {
            long failed = consistency.stream().filter(c -> !c.passed()).count();
            rules.add(RuleResult.check("consistency", "the consistency checks pass after the run",
                    failed == 0, failed == 0 ? consistency.size() + " checks passed"
                            : failed + " of " + consistency.size() + " checks failed"));
        }
        rules.add(RuleResult.check("completed-transactions",
                "the measurement interval committed at least one transaction",
                metrics.totalCommitted() > 0,
                metrics.totalCommitted() + " committed"));
        return rules;
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s % 60 == 0 ? (s / 60) + " min" : s + " s";
    }
}
