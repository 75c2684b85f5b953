package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.config.BadInputException;
import io.tpkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sets of repetitions compared: means, intervals, verdicts, the table and the gate, without a database. */
class RepetitionComparisonTest {
    @TempDir
    Path temp;

    private static List<RunResult> runs(String name, double... tps) {
        return java.util.stream.IntStream.range(0, tps.length).mapToObj(i -> HandMadeRuns.run("/r/" + name + i)
                .tps(tps[i]).p90(2 + i * 0.01).p99(10 + i * 0.1).result()).toList();
    }

    @Test
    void eachSideIsTheMeanOfItsUsableRunsAndTheJudgedFiguresHaveIntervalsAndVerdicts() {
        List<RunResult> base = new java.util.ArrayList<>(runs("a", 1000, 1010, 990));
        base.add(HandMadeRuns.run("/r/a-cut").tps(50).incomplete().result());
        Comparison c = Comparisons.ofVariants(List.of(base, runs("b", 800, 790, 810)), Set.of(), Judgement.DEFAULT);

        assertThat(c.runs()).extracting(Comparison.Run::name).allMatch(n -> n.startsWith("set "));
        assertThat(c.runs().getFirst().counts().summary()).isEqualTo("3 of 4 repetitions used (1 incomplete)");
        Comparison.Row tps = c.row("tps");
        assertThat(tps.values().getFirst()).isCloseTo(1000, within(1e-9)); // the incomplete run is not averaged in
        assertThat(tps.samples().getFirst()).hasSize(3);
        assertThat(tps.change(1).verdict()).isEqualTo("slower");
        assertThat(tps.change(1).estimate().nBaseline()).isEqualTo(3);
        assertThat(c.headline()).isEqualTo("nopm");
        assertThat(c.row("nopm").better()).isEqualTo(Better.HIGHER);
        assertThat(c.rows()).filteredOn(r -> r.better() != null).extracting(Comparison.Row::id)
                .containsExactly("nopm", "tps", "new-order.p90", "new-order.p99", "driverCpu");
        assertThat(c.row("new-order.p50").better()).isNull();
        assertThat(c.row("new-order.p90").change(1).verdict()).isEqualTo("no difference shown");
        assertThat(c.level()).isEqualTo(0.95);
        assertThat(c.method()).contains("Fieller", "Welch-Satterthwaite");
    }

    @Test
    void theTableShowsBothMeansTheRatioItsIntervalTheRunsTheVerdictAndTheMethod() {
        Comparison c = Comparisons.ofVariants(List.of(runs("a", 1000, 1010, 990), runs("b", 800, 790, 810, 805)),
                Set.of(), Judgement.DEFAULT);
        String table = ComparisonTable.render(c);
        assertThat(table).contains("(mean of each set's runs; ratio = set / set 1)", "Changes, set 2",
                "set 1 mean", "95% interval", "3 / 4", "slower",
                "Fieller's interval for a ratio of independent means, Welch-Satterthwaite degrees of freedom",
                "Noise threshold: 2%", "runs: 3 of 3 repetitions used", "runs: 4 of 4 repetitions used");
        String tps = table.lines().filter(l -> l.startsWith("TPS ")).reduce((a, b) -> b).orElseThrow();
        assertThat(tps).matches("TPS +1,000\\.00 +801\\.25 +0\\.80 +\\[0\\.7\\d, 0\\.8\\d\\] +3 / 4 +slower");
        assertThat(table.lines()).noneMatch(l -> l.endsWith(" "));
    }

    @Test
    void singleRunsAreLabelledAsWithoutInterval() {
        Comparison c = Comparisons.ofResults(List.of(HandMadeRuns.run("/r/1").tps(2794).result(),
                HandMadeRuns.run("/r/2").tps(2255).result()));
        String table = ComparisonTable.render(c);
        assertThat(table).contains("(0.81x)", "Uncertainty: 1 run each: no interval; use --repeat")
                .doesNotContain("Changes,", "slower");
        assertThat(c.row("tps").change(1).verdict()).isEqualTo(Change.ONE_RUN_EACH);
    }

    @Test
    void theGateFailsOnlyWhenTheWholeIntervalIsBeyondItsThreshold() {
        Comparison c = Comparisons.ofVariants(List.of(runs("a", 1000, 1010, 990), runs("b", 800, 790, 810)),
                Set.of(), Judgement.DEFAULT);
        GateVerdict fails = Gate.of(10, null).judge(c);
        assertThat(fails.failed()).isTrue();
        assertThat(fails.figure()).isEqualTo("nopm");
        assertThat(fails.lines()).singleElement().asString()
                .matches("gate: FAILED: NOPM ratio 0\\.80 \\[0\\.7\\d, 0\\.8\\d\\]: slower by more than 10% \\(the whole "
                        + "interval below 0\\.900; 3 runs each, Fieller-Welch 95%\\)");
        // 20 % slower, but not shown slower by more than 25 %
        GateVerdict passes = Gate.of(25, "tps").judge(c);
        assertThat(passes.passed()).isTrue();
        assertThat(passes.lines().getFirst()).startsWith("gate: passed: TPS ratio 0.80 [")
                .endsWith("], not shown slower by more than 25% (3 runs each, Fieller-Welch 95%)");
        // a noisy variant whose interval reaches back above the threshold passes: the gate never fails on noise
        Comparison noisy = Comparisons.ofVariants(List.of(runs("a", 1000, 1010, 990), runs("b", 600, 1000, 800)),
                Set.of(), Judgement.DEFAULT);
        assertThat(noisy.row("tps").change(1).estimate().high()).isGreaterThan(0.9);
        assertThat(Gate.of(10, "tps").judge(noisy).passed()).isTrue();
        // a baseline that varies too much to be told from 0: nothing is shown, and the gate passes saying so
        Comparison wild = Comparisons.ofVariants(List.of(runs("a", 100, 2000, 20), runs("b", 100, 101, 99)),
                Set.of(), Judgement.DEFAULT);
        assertThat(wild.row("tps").change(1).estimate().unbounded()).isTrue();
        GateVerdict unbounded = Gate.of(10, "tps").judge(wild);
        assertThat(unbounded.passed()).isTrue();
        assertThat(unbounded.lines().getFirst()).contains("interval unbounded", "not shown slower by more than 10%");
    }

    @Test
    void aResponseTimeIsSlowerWhenHigher() {
        List<RunResult> base = java.util.stream.IntStream.range(0, 3).mapToObj(i -> HandMadeRuns.run("/a" + i)
                .p99(10 + i * 0.1).result()).toList();
        List<RunResult> worse = java.util.stream.IntStream.range(0, 3).mapToObj(i -> HandMadeRuns.run("/b" + i)
                .p99(15 + i * 0.1).result()).toList();
        Comparison c = Comparisons.ofVariants(List.of(base, worse), Set.of(), Judgement.DEFAULT);
        GateVerdict v = Gate.of(10, "p99").judge(c);
        assertThat(v.failed()).isTrue();
        assertThat(v.lines().getFirst()).contains("new-order: response p99 ms ratio 1.5", "the whole interval above 1.100");
        assertThat(Gate.of(10, "p90").judge(c).passed()).isTrue();
    }

    @Test
    void theGateCannotJudgeSingleRunsOrAFigureTheComparisonDoesNotJudge() {
        Comparison single = Comparisons.ofResults(List.of(HandMadeRuns.run("/r/1").result(),
                HandMadeRuns.run("/r/2").tps(10).result()));
        GateVerdict v = Gate.of(5, null).judge(single);
        assertThat(v.outcome()).isEqualTo(GateVerdict.CANNOT_JUDGE);
        assertThat(v.lines().getFirst()).contains("1 run each gives no interval", "--repeat N");
        Comparison c = Comparisons.ofVariants(List.of(runs("a", 1000, 1010, 990), runs("b", 800, 790, 810)),
                Set.of(), Judgement.DEFAULT);
        assertThat(Gate.of(5, "retries").judge(c).lines().getFirst())
                .contains("--gate-figure retries is not a figure this comparison judges: choose one of headline, nopm, "
                        + "tps, p90, p99, driverCpu");
        assertThatThrownBy(() -> Gate.of(0, null)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> Gate.requireRepetitions(1)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--repeat N");
    }

    @Test
    void assertNotSlowerThrowsAnAssertionErrorWithTheVerdictLine() {
        List<RunResult> base = runs("a", 1000, 1010, 990);
        assertThatThrownBy(() -> Comparison.assertNotSlower(base, runs("b", 500, 510, 490), 10))
                .isInstanceOf(AssertionError.class).hasMessageStartingWith("gate: FAILED: NOPM ratio 0.50");
        assertThat(Comparison.assertNotSlower(base, runs("b", 995, 1012, 1001), 10).lines().getFirst())
                .startsWith("gate: passed: NOPM ratio 1.00");
        assertThatThrownBy(() -> Comparison.assertNotSlower(List.of(base.getFirst()), runs("b", 1, 2, 3), 10))
                .isInstanceOf(BadInputException.class).hasMessageContaining("1 run against 3 gives no interval");
    }

    @Test
    void aFolderOfResultFoldersAndARepeatFolderMovedWithItsRunsAreSides() throws Exception {
        Path baseline = temp.resolve("baseline");
        for (int i = 0; i < 3; i++) {
            HandMadeRuns.run("x").tps(1000 + 10 * i).writeInto(baseline.resolve("tpcc-2026112" + i));
        }
        // a repeat folder whose repeat.json names folders elsewhere: its runs were moved beside it
        Path moved = Files.createDirectories(temp.resolve("moved"));
        StringBuilder reps = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            HandMadeRuns.run("x").tps(700 + 10 * i).writeInto(moved.resolve("tpcc-r" + i));
            reps.append(i == 0 ? "" : ",").append("{\"index\": ").append(i + 1)
                    .append(", \"resultDir\": \"/elsewhere/tpcc-r").append(i).append("\"}");
        }
        reps.append(",{\"index\": 4, \"resultDir\": \"/elsewhere/tpcc-gone\"}");
        Path repeat = Files.createDirectories(moved.resolve("repeat-tpcc-1"));
        Files.writeString(repeat.resolve("repeat.json"), "{\"tool\": \"tpkit repeat\", \"requested\": 5, \"runs\": ["
                + reps + "]}");

        RunSet a = RunSet.read(baseline);
        RunSet b = RunSet.read(repeat);
        assertThat(a.kind()).isEqualTo(RunSet.RUNS);
        assertThat(a.counts().summary()).isEqualTo("3 of 3 repetitions used");
        assertThat(b.kind()).isEqualTo(RunSet.REPEAT);
        assertThat(b.counts().summary()).isEqualTo("3 of 5 repetitions used (1 missing, 1 not run)");
        Comparison c = Comparisons.ofFiles(List.of(baseline, repeat), Judgement.DEFAULT);
        assertThat(c.row("tps").change(1).verdict()).isEqualTo("slower");
        assertThatThrownBy(() -> Comparison.assertNotSlower(baseline, repeat, 5)).isInstanceOf(AssertionError.class);

        HandMadeRuns.run("x").setting("\"connections\": 8").writeInto(baseline.resolve("tpcc-other"));
        assertThatThrownBy(() -> RunSet.read(baseline)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("holds runs of more than one configuration (connections");
        assertThatThrownBy(() -> RunSet.read(Files.createDirectories(temp.resolve("empty"))))
                .isInstanceOf(BadInputException.class).hasMessageContaining("holds no result.json, repeat.json");
    }

    @Test
    void aComparisonWrittenBeforeIntervalsStillReadsAndRenders() throws Exception {
        Path old = temp.resolve("comparison.json");
        try (var in = getClass().getResourceAsStream("comparison-before-intervals.json")) {
            Files.copy(in, old);
        }
        Comparison c = ComparisonReader.read(old);
        assertThat(c.runs()).hasSize(2);
        assertThat(c.level()).isNull();
        assertThat(c.rows().getFirst().metric()).startsWith("TPS");
        assertThat(c.rows().getFirst().changes()).isNull();
        String table = ComparisonTable.render(c);
        assertThat(table).contains("run 1: fresh load", "(4.11x)").doesNotContain("Changes,", "Uncertainty");
        // tpkit report writes its comparison.html again, without a table of changes
        Path folder = Files.createDirectories(temp.resolve("old-comparison"));
        Files.copy(old, folder.resolve("comparison.json"));
        String html = Files.readString(io.tpkit.report.ComparisonReport.write(folder));
        assertThat(html).contains("ratio = run / run 1", "run 2: no load").doesNotContain("id=\"changes-1\"",
                "Uncertainty");
        // no figure of it is judged: a gate cannot judge it, and says so
        assertThat(Gate.of(5, null).judge(c).outcome()).isEqualTo(GateVerdict.CANNOT_JUDGE);
    }
}
