package io.tpkit.validity;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Outage;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.CheckResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoreRulesTest {
    private static TypeSummary type(long committed, long failed, long unknown) {
        LatencySummary none = LatencySummary.of(new org.HdrHistogram.Histogram(1, 2, 0));
        return new TypeSummary("t", committed, committed, 0, Map.of(), 0, Map.of(),
                failed == 0 ? Map.of() : Map.of("connection", failed), Map.of(), 0, none, none, none, unknown,
                TypeCost.NONE);
    }

    private static RunMetrics metrics(TypeSummary... types) {
        long committed = 0;
        for (TypeSummary t : types) {
            committed += t.committed();
        }
        return new RunMetrics(10, 60, "60 s duration", committed, 0, 0, 0, committed, new Throughput(1, 1),
                List.of(types), LatencySummary.of(new org.HdrHistogram.Histogram(1, 2, 0)), false);
    }

    @Test
    void failedAndLostTransactionsFailTheRunAboveOnePercent() {
        // 1% of 1,000 attempts: at the limit
        assertThat(CoreRules.failures(metrics(type(990, 6, 4))).failed()).isFalse();
        assertThat(CoreRules.failures(metrics(type(989, 7, 4))).failed()).isTrue();
        // every type counts, and the unknown outcomes with the failures
        RuleResult r = CoreRules.failures(metrics(type(500, 0, 0), type(480, 0, 20)));
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).isEqualTo("0 failed and 20 with an unknown outcome of 1000 (2.00%)");
        assertThat(CoreRules.failures(metrics(type(0, 0, 0))).failed()).isFalse();
    }

    @Test
    void aSkippedCheckNeitherFailsNorPassesTheConsistencyRule() {
        CheckResult ok = CheckResult.of("a", true, "holds");
        CheckResult skipped = CheckResult.skipped("b", "skipped: the constant is unknown");
        CheckResult bad = CheckResult.of("c", false, "1 violation(s)");
        assertThat(CoreRules.consistency(List.of(ok, ok))).isEqualTo(
                RuleResult.check("consistency", "the consistency checks pass after the run", true, "2 checks passed"));
        RuleResult withSkipped = CoreRules.consistency(List.of(ok, skipped));
        assertThat(withSkipped.failed()).isFalse();
        assertThat(withSkipped.detail()).isEqualTo("1 checks passed, 1 skipped");
        RuleResult failed = CoreRules.consistency(List.of(ok, skipped, bad));
        assertThat(failed.failed()).isTrue();
        assertThat(failed.detail()).isEqualTo("1 of 2 checks failed, 1 skipped");
        assertThat(CoreRules.consistency(null).failed()).isTrue();
    }

    @Test
    void anOutageInsideTheIntervalBreaksTheSteadyState() {
        Outage early = new Outage(3, 7);
        Outage inside = new Outage(20, 24.5);
        assertThat(CoreRules.steadyState(List.of(), 10.0, 70.0).failed()).isFalse();
        // in the warm-up, or after the interval: not the measurement's concern
        assertThat(CoreRules.steadyState(List.of(early, new Outage(70, 75)), 10.0, 70.0).failed()).isFalse();
        RuleResult r = CoreRules.steadyState(List.of(early, inside, new Outage(68, 72)), 10.0, 70.0);
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).isEqualTo("2 outage(s), 6.5 s in all, the first from 20.0 s");
        // overlapping the interval's start counts for its part inside
        assertThat(CoreRules.steadyState(List.of(new Outage(8, 11)), 10.0, 70.0).detail())
                .isEqualTo("1 outage(s), 1.0 s in all, the first from 8.0 s");
        assertThat(CoreRules.steadyState(List.of(inside), null, null).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    @Test
    void aPacedRunSaysWhetherItReachedItsRate() {
        // 1,200 committed in the 60 s interval: 20/s
        RunMetrics m = metrics(type(1200, 0, 0));
        assertThat(CoreRules.rateReached(20.4, m).failed()).isFalse(); // 98.04%
        RuleResult missed = CoreRules.rateReached(20.5, m);
        assertThat(missed.failed()).isTrue();
        assertThat(missed.detail()).startsWith("target 20.5/s, reached 20.0/s (97.6%); started behind their slot");
        assertThat(CoreRules.rateReached(5000, m).detail()).contains("reached 20.0/s (0.4%)");
    }
}
