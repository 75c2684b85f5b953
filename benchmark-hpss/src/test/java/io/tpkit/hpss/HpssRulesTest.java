package io.tpkit.hpss;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult.Status;
import io.tpkit.spi.workload.RuleResult;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HpssRulesTest {
    private static final HpssSettings STANDARD = new HpssSettings(20, 1_000, 50, Long.MAX_VALUE);

    /** Conditions with {@code checkpoints} counted (null: no counter) and nothing else. */
    static Iteration.Conditions checkpoints(Long checkpoints) {
        return checkpoints(checkpoints, checkpoints == null ? null : checkpoints > 0 ? 1.0 : 0.0);
    }

    /** Conditions with checkpoints started and seconds under way (null: no counter) and nothing else. */
    static Iteration.Conditions checkpoints(Long started, Double underWay) {
        return new Iteration.Conditions(1, null, null, null, null, null, null, null, null, null, started, underWay);
    }

    private static MeasuredRun facts(int rounds, boolean incomplete) {
        return facts(IntStream.rangeClosed(1, rounds).mapToObj(i -> withOthers(i, 3.0)).toList(), incomplete);
    }

    private static MeasuredRun facts(List<Iteration> iterations, boolean incomplete) {
        int rounds = iterations.size();
        LatencySummary none = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        RunMetrics metrics = new RunMetrics(0, rounds, "fixed", 20_000L * rounds, 0, 0, 0, 20_000L * rounds,
                new Throughput(20_000, 20_000), List.of(), none, incomplete).withIterations(iterations);
        return new MeasuredRun(metrics, 20, 20, 1, Map.of());
    }

    private static Map<String, RuleResult> rules(HpssSettings settings, long filesAtStart, MeasuredRun facts) {
        return HpssRules.evaluate(settings, filesAtStart, facts).stream()
                .collect(Collectors.toMap(RuleResult::id, r -> r));
    }

    @Test
    void theReportsShapePassesEveryRule() {
        Map<String, RuleResult> r = rules(STANDARD, 0, facts(50, false));
        assertThat(r).containsOnlyKeys("standard-shape", "random-keys", "empty-at-start", "all-iterations",
                "no-checkpoint", "quiet-machine");
        assertThat(r.values()).allMatch(x -> x.status() == Status.PASSED);
        assertThat(r.get("standard-shape").detail()).isEqualTo("20 threads x 1000 creates x 50 iterations (1000000)");
    }

    @Test
    void anyOtherShapeIsNonStandard() {
        for (HpssSettings s : List.of(new HpssSettings(19, 1_000, 50, Long.MAX_VALUE),
                new HpssSettings(21, 1_000, 50, Long.MAX_VALUE), new HpssSettings(20, 999, 50, Long.MAX_VALUE),
                new HpssSettings(20, 1_001, 50, Long.MAX_VALUE), new HpssSettings(20, 1_000, 49, Long.MAX_VALUE),
                new HpssSettings(20, 1_000, 51, Long.MAX_VALUE))) {
            assertThat(rules(s, 0, facts(s.iterations(), false)).get("standard-shape").failed()).as(s.toString()).isTrue();
        }
    }

    @Test
    void keysMustComeFromTheWholeBigintRange() {
        assertThat(rules(new HpssSettings(20, 1_000, 50, Long.MAX_VALUE - 1), 0, facts(50, false))
                .get("random-keys").failed()).isTrue();
        assertThat(rules(new HpssSettings(20, 1_000, 50, 2_000_000), 0, facts(50, false)).get("random-keys").detail())
                .isEqualTo("keys from 1..2000000");
    }

    @Test
    void theTablesMustBeEmptyAtTheStart() {
        assertThat(rules(STANDARD, 0, facts(50, false)).get("empty-at-start").status()).isEqualTo(Status.PASSED);
        RuleResult one = rules(STANDARD, 1, facts(50, false)).get("empty-at-start");
        assertThat(one.failed()).isTrue();
        assertThat(one.detail()).isEqualTo("1 file records at the start (start from empty tables with --reload)");
    }

    @Test
    void everyIterationMustEnd() {
        assertThat(rules(STANDARD, 0, facts(49, false)).get("all-iterations").failed()).isTrue();
        assertThat(rules(STANDARD, 0, facts(49, false)).get("all-iterations").detail()).isEqualTo("49 of 50");
        assertThat(rules(STANDARD, 0, facts(51, false)).get("all-iterations").failed()).isTrue();
    }

    @Test
    void oneIterationOfOneIsEveryIteration() {
        HpssSettings one = new HpssSettings(20, 1_000, 1, Long.MAX_VALUE);
        RuleResult all = rules(one, 0, facts(1, false)).get("all-iterations");
        assertThat(all.status()).isEqualTo(Status.PASSED);
        assertThat(all.detail()).isEqualTo("1 of 1");
    }

    @Test
    void aCheckpointInAnyIterationFailsTheRunAndNamesIt() {
        List<Iteration> its = new java.util.ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            its.add(new Iteration(i, 1, 20_000).withConditions(checkpoints(i == 7 ? 1L : i == 23 ? 2L : 0L)));
        }
        // the one of iteration 7 writes on through iterations 8 to 10
        for (int i = 8; i <= 10; i++) {
            its.set(i - 1, its.get(i - 1).withConditions(checkpoints(0L, 1.0)));
        }
        RuleResult r = rules(STANDARD, 0, facts(its, false)).get("no-checkpoint");
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).startsWith("3 checkpoints started, in iterations 7, 23 (2), and were under way in "
                + "iterations 7-10, 23: raise the server's max_wal_size and checkpoint_timeout")
                .contains("--server-setting max_wal_size=");

        for (int i = 7; i <= 23; i++) {
            its.set(i - 1, its.get(i - 1).withConditions(checkpoints(0L)));
        }
        its.set(49, its.get(49).withConditions(checkpoints(1L)));
        assertThat(rules(STANDARD, 0, facts(its, false)).get("no-checkpoint").detail())
                .startsWith("1 checkpoint started, in iteration 50, and was under way in iteration 50:");

        // one started before the first iteration (the load's, say) and still writing in it
        its.set(49, its.get(49).withConditions(checkpoints(0L)));
        its.set(0, its.get(0).withConditions(checkpoints(0L, 3.5)));
        assertThat(rules(STANDARD, 0, facts(its, false)).get("no-checkpoint").detail())
                .startsWith("a checkpoint begun before was under way in iteration 1:");

        RuleResult none = rules(STANDARD, 0, facts(50, false)).get("no-checkpoint");
        assertThat(none.status()).isEqualTo(Status.PASSED);
        assertThat(none.detail()).isEqualTo("no checkpoint in the 50 iterations");
    }

    /** InnoDB counts no checkpoints: the rule cannot be judged, and says so. */
    @Test
    void withoutACheckpointCounterTheRuleIsNotJudged() {
        List<Iteration> its = IntStream.rangeClosed(1, 3).mapToObj(i -> new Iteration(i, 1, 20_000)
                .withConditions(checkpoints(null))).toList();
        RuleResult r = rules(STANDARD, 0, facts(its, false)).get("no-checkpoint");
        assertThat(r.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(r.detail()).startsWith("cannot be judged");
        // nor without any monitor figures at all
        assertThat(rules(STANDARD, 0, facts(List.of(new Iteration(1, 1, 20_000)), false)).get("no-checkpoint")
                .status()).isEqualTo(Status.NOT_APPLICABLE);
    }

    /** An interrupted run is labelled by the core's "complete" rule instead. */
    private static Iteration withOthers(int number, Double otherCpuPct) {
        return new Iteration(number, 1, 20_000).withConditions(new Iteration.Conditions(1, 90.0, 0.0, 60.0, 20.0,
                otherCpuPct, null, null, null, null, 0L, 0.0));
    }

    @Test
    void iterationsThatSharedTheMachineAreNamed() {
        List<Iteration> its = new java.util.ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            its.add(withOthers(i, i >= 31 && i <= 39 ? 24.5 : i == 45 ? 10.5 : 10.0));
        }
        RuleResult r = HpssRules.quietMachine(its);
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).startsWith("other processes took more than 10% of the CPUs in iterations 31-39, 45 "
                + "(at most 24.5%)");
        its.replaceAll(it -> withOthers(it.number(), 10.0)); // at the limit is quiet enough
        RuleResult quiet = HpssRules.quietMachine(its);
        assertThat(quiet.status()).isEqualTo(Status.PASSED);
        assertThat(quiet.detail()).isEqualTo("other processes took at most 10.0% of the CPUs in an iteration");
    }

    @Test
    void withoutTheDatabasesCpuTheMachineIsNotJudged() {
        List<Iteration> its = List.of(withOthers(1, null), withOthers(2, null));
        assertThat(HpssRules.quietMachine(its).status()).isEqualTo(Status.NOT_APPLICABLE);
    }

    @Test
    void anInterruptedRunIsNotJudgedOnItsIterations() {
        assertThat(rules(STANDARD, 0, facts(10, true))).doesNotContainKey("all-iterations");
    }
}
