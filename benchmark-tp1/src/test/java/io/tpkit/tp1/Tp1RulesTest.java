package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.Logic;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult.Status;
import io.tpkit.spi.workload.RuleResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Tp1RulesTest {
    private static final Tp1Size STANDARD = new Tp1Size(2, 100_000);

    private static Tp1Settings settings(Tp1Size size, ArrivalModel arrival) {
        return new Tp1Settings(size, StatementOrder.DEFAULT, Logic.CLIENT, arrival);
    }

    private static MeasuredRun facts(int terminals, double thinkFactor, long committed, double p90Ms) {
        LatencySummary response = new LatencySummary(committed, p90Ms / 2, p90Ms / 2, p90Ms, p90Ms, p90Ms, p90Ms, p90Ms);
        LatencySummary none = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        TypeSummary type = new TypeSummary("debit-credit", committed, committed, 0, Map.of(), 0, Map.of(), Map.of(),
                Map.of(), committed / 600.0, response, none, none);
        RunMetrics metrics = new RunMetrics(60, 600, "600 s duration", committed, 0, 0, 0, committed,
                new Throughput(committed / 600.0, committed / 600.0), List.of(type), none, false);
        return new MeasuredRun(metrics, terminals, 4, thinkFactor, Map.of());
    }

    private static Map<String, RuleResult> byId(List<RuleResult> rules) {
        return rules.stream().collect(java.util.stream.Collectors.toMap(RuleResult::id, r -> r));
    }

    @Test
    void aStandardTpcBRunPassesItsRules() {
        // 2 branches allow 2 TPS: 1,200 in 600 s
        Map<String, RuleResult> r = byId(Tp1Rules.evaluate(settings(STANDARD, ArrivalModel.STREAMS),
                facts(4, 1, 1_200, 35)));
        assertThat(r).containsOnlyKeys("standard-scale", "throughput-per-branch", "response-time-90th");
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
        assertThat(r).containsOnlyKeys("standard-scale", "throughput-per-branch", "tpc-a-terminals",
                "tpc-a-cycle-time", "response-time-90th");
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
        assertThat(r.get("throughput-per-branch").failed()).isTrue();
    }

    private static RuleResult rule(String id, Tp1Size size, ArrivalModel arrival, MeasuredRun facts) {
        return byId(Tp1Rules.evaluate(settings(size, arrival), facts)).get(id);
    }

    // --- throughput-per-branch ---------------------------------------------------------------

    /** 100,000 in 600 s is 166.7 TPS: TPC-B sizes the database from it, so 2 branches are too few. */
    @Test
    void tpcBThroughputBeyondTheBranchesFails() {
        RuleResult r = rule("throughput-per-branch", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 100_000, 35));
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).isEqualTo("166.67 TPS (100,000 committed in 600.0 s) for 2 branches; this rate needs "
                + "at least 167 branches (--scale 167)");
        assertThat(r.rule()).contains("TPC-B", "X TPS needs X branches");
    }

    /** TPC-B: the claimed rate is the measured one, so 1 TPS per branch exactly, no allowance. */
    @Test
    void tpcBThroughputBoundIsExactlyOneTpsPerBranch() {
        assertThat(rule("throughput-per-branch", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 1_199, 35)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("throughput-per-branch", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 1_200, 35)).status())
                .isEqualTo(Status.PASSED);
        RuleResult above = rule("throughput-per-branch", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 1_201, 35));
        assertThat(above.failed()).isTrue();
        assertThat(above.detail()).endsWith("needs at least 3 branches (--scale 3)");
        assertThat(rule("throughput-per-branch", new Tp1Size(1, 100_000), ArrivalModel.STREAMS,
                facts(4, 1, 600, 35)).status()).isEqualTo(Status.PASSED);
        RuleResult oneBranch = rule("throughput-per-branch", new Tp1Size(1, 100_000), ArrivalModel.STREAMS,
                facts(4, 1, 601, 35));
        assertThat(oneBranch.failed()).isTrue();
        assertThat(oneBranch.detail()).contains("for 1 branch;", "at least 2 branches (--scale 2)");
    }

    /**
     * TPC-A: paced terminals complete a count that scatters around 1 TPS per branch, so it fails
     * only above 1,200 + 3 sqrt(1,200) = 1,303.9 in 600 s on 2 branches.
     */
    @Test
    void tpcAThroughputIsJudgedWithTheScatterOfPacedTerminals() {
        assertThat(rule("throughput-per-branch", STANDARD, ArrivalModel.CLOSED, facts(20, 1, 1_250, 40)).status())
                .isEqualTo(Status.PASSED);
        RuleResult edge = rule("throughput-per-branch", STANDARD, ArrivalModel.CLOSED, facts(20, 1, 1_303, 40));
        assertThat(edge.status()).isEqualTo(Status.PASSED);
        assertThat(edge.detail()).endsWith("at most 1,303 committed allowed");
        RuleResult above = rule("throughput-per-branch", STANDARD, ArrivalModel.CLOSED, facts(20, 1, 1_304, 40));
        assertThat(above.failed()).isTrue();
        assertThat(above.detail()).contains("were the terminals paced");
        assertThat(above.rule()).contains("TPC-A", "10 terminals per branch");
    }

    @Test
    void throughputWithoutTransactionsIsNotJudged() {
        assertThat(rule("throughput-per-branch", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 0, 0)).status())
                .isEqualTo(Status.NOT_APPLICABLE);
    }

    // --- boundaries of the other rules -------------------------------------------------------

    @Test
    void standardScaleIsExactlyOneHundredThousandAccountsPerBranch() {
        assertThat(rule("standard-scale", new Tp1Size(2, 100_000), ArrivalModel.STREAMS, facts(4, 1, 100, 5))
                .status()).isEqualTo(Status.PASSED);
        assertThat(rule("standard-scale", new Tp1Size(2, 99_999), ArrivalModel.STREAMS, facts(4, 1, 100, 5))
                .failed()).isTrue();
        assertThat(rule("standard-scale", new Tp1Size(2, 100_001), ArrivalModel.STREAMS, facts(4, 1, 100, 5))
                .failed()).isTrue();
    }

    @Test
    void tpcATerminalsAreExactlyTenPerBranch() {
        assertThat(rule("tpc-a-terminals", STANDARD, ArrivalModel.CLOSED, facts(20, 1, 1_190, 40)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("tpc-a-terminals", STANDARD, ArrivalModel.CLOSED, facts(19, 1, 1_190, 40)).failed()).isTrue();
        assertThat(rule("tpc-a-terminals", STANDARD, ArrivalModel.CLOSED, facts(21, 1, 1_190, 40)).failed()).isTrue();
    }

    @Test
    void tpcACycleTimeNeedsAThinkFactorOfAtLeastOne() {
        assertThat(rule("tpc-a-cycle-time", STANDARD, ArrivalModel.CLOSED, facts(20, 1.0, 1_190, 40)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("tpc-a-cycle-time", STANDARD, ArrivalModel.CLOSED, facts(20, 1.5, 800, 40)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("tpc-a-cycle-time", STANDARD, ArrivalModel.CLOSED, facts(20, 0.99, 1_190, 40)).failed())
                .isTrue();
    }

    @Test
    void responseTimeLimitIsTwoSecondsInclusive() {
        assertThat(rule("response-time-90th", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 100, 2_000)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("response-time-90th", STANDARD, ArrivalModel.STREAMS, facts(4, 1, 100, 2_000.1)).failed())
                .isTrue();
        assertThat(rule("response-time-90th", STANDARD, ArrivalModel.CLOSED, facts(20, 1, 100, 2_000.1)).failed())
                .isTrue();
    }

    /** A sub-transaction's rate is a component of the bound: labelled as not a TP1 result, and not judged as one. */
    @Test
    void aSubTransactionRunIsLabelledNotDebitCredit() {
        Tp1Settings t1 = new Tp1Settings(STANDARD, StatementOrder.DEFAULT, Logic.CLIENT, ArrivalModel.STREAMS,
                SubTransaction.T1, 4);
        Map<String, RuleResult> r = byId(Tp1Rules.evaluate(t1, facts(4, 1, 600_000, 5)));
        assertThat(r).containsOnlyKeys("standard-scale", "debit-credit");
        assertThat(r.get("debit-credit").failed()).isTrue();
        assertThat(r.get("debit-credit").detail()).contains("T1 amend, no conflict", "not a TP1 result");
    }
}
