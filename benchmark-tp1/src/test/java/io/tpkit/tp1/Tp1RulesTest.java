package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.ArrivalModel;
import io.tpkit.api.Logic;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.RunFacts;
import io.tpkit.validity.RuleResult;
import io.tpkit.validity.RuleResult.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Tp1RulesTest {
    private static final Tp1Size STANDARD = new Tp1Size(2, 100_000);

    private static Tp1Settings settings(Tp1Size size, ArrivalModel arrival) {
        return new Tp1Settings(size, StatementOrder.DEFAULT, Logic.CLIENT, arrival);
    }

    private static RunFacts facts(int terminals, double thinkFactor, long committed, double p90Ms) {
        LatencySummary response = new LatencySummary(committed, p90Ms / 2, p90Ms / 2, p90Ms, p90Ms, p90Ms, p90Ms, p90Ms);
        LatencySummary none = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        TypeSummary type = new TypeSummary("debit-credit", committed, committed, 0, Map.of(), 0, Map.of(), Map.of(),
                Map.of(), committed / 600.0, response, none, none);
        RunMetrics metrics = new RunMetrics(60, 600, "600 s duration", committed, 0, 0, 0, committed,
                new Throughput(committed / 600.0, committed / 600.0), List.of(type), none, false);
        return new RunFacts(metrics, terminals, 4, thinkFactor, Map.of());
    }

    private static Map<String, RuleResult> byId(List<RuleResult> rules) {
        return rules.stream().collect(java.util.stream.Collectors.toMap(RuleResult::id, r -> r));
    }

    @Test
    void aStandardTpcBRunPassesItsRules() {
        Map<String, RuleResult> r = byId(Tp1Rules.evaluate(settings(STANDARD, ArrivalModel.STREAMS),
                facts(4, 1, 100_000, 35)));
        assertThat(r).containsOnlyKeys("standard-scale", "response-time-90th");
        assertThat(r.values()).allMatch(x -> x.status() == Status.PASSED);
        assertThat(r.get("response-time-90th").rule()).contains("TPC-B", "not verified");
        assertThat(r.get("response-time-90th").detail()).contains("90th percentile 35.0 ms");
    }

    @Test
    void smallBranchesAreNonStandard() {
        RuleResult r = byId(Tp1Rules.evaluate(settings(new Tp1Size(2, 5_000), ArrivalModel.STREAMS),
                facts(4, 1, 100, 5))).get("standard-scale");
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).contains("5000 accounts per branch", "non-standard");
    }

    @Test
    void slowResponsesFail() {
        RuleResult r = byId(Tp1Rules.evaluate(settings(STANDARD, ArrivalModel.STREAMS),
                facts(4, 1, 100, 2_500))).get("response-time-90th");
        assertThat(r.failed()).isTrue();
    }

    @Test
    void noMeasuredTransactionMakesTheResponseRuleNotApplicable() {
        RuleResult r = byId(Tp1Rules.evaluate(settings(STANDARD, ArrivalModel.STREAMS),
                facts(4, 1, 0, 0))).get("response-time-90th");
        assertThat(r.status()).isEqualTo(Status.NOT_APPLICABLE);
    }

    @Test
    void aStandardTpcARunPassesItsRules() {
        // 20 terminals, 10 s cycles, 600 s: about 1,200 transactions
        Map<String, RuleResult> r = byId(Tp1Rules.evaluate(settings(STANDARD, ArrivalModel.CLOSED),
                facts(20, 1, 1_190, 40)));
        assertThat(r).containsOnlyKeys("standard-scale", "tpc-a-terminals", "tpc-a-cycle-time", "response-time-90th");
        assertThat(r.values()).allMatch(x -> x.status() == Status.PASSED);
        assertThat(r.get("tpc-a-cycle-time").detail()).contains("think factor 1.00", "measured mean cycle 10.08 s");
        assertThat(r.get("response-time-90th").rule()).contains("TPC-A", "not verified");
    }

    @Test
    void tpcATerminalsAndPacingAreChecked() {
        Map<String, RuleResult> r = byId(Tp1Rules.evaluate(settings(STANDARD, ArrivalModel.CLOSED),
                facts(50, 0.1, 30_000, 40)));
        assertThat(r.get("tpc-a-terminals").failed()).isTrue();
        assertThat(r.get("tpc-a-terminals").detail()).contains("50 terminals for 2 branches (standard: 20)");
        assertThat(r.get("tpc-a-cycle-time").failed()).isTrue();
        assertThat(r.get("tpc-a-cycle-time").detail()).contains("think factor 0.10", "mean think time 1.00 s");
    }
}
