package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.analysis.RatioOfMeans;
import io.tpkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runs of an interleaved comparison judged round by round: which comparisons pair their
 * runs, how a round with a run left out is dropped and counted, what the table, the report and
 * the gate say, and that a comparison read again from its folders pairs them as it did.
 */
class PairedComparisonTest {
    @TempDir
    Path temp;

    /** Rounds 1..N of one variant: run i has TPS tps[i]. */
    private static List<RunResult> runs(String name, double... tps) {
        return IntStream.range(0, tps.length).mapToObj(i -> HandMadeRuns.run("/r/" + name + i).tps(tps[i])
                .p90(2 + tps[i] / 1000).p99(10 + tps[i] / 100).result()).toList();
    }

    private static List<Integer> rounds(int n) {
        return IntStream.rangeClosed(1, n).boxed().toList();
    }

    private static RunSet variant(String folder, List<RunResult> runs, String comparison) {
        return RunSet.of(folder, runs, rounds(runs.size()), runs.size(), comparison);
    }

    private static String line(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).reduce((a, b) -> b).orElseThrow();
    }

    // the comparison measured on this machine (docs/compare.md): the baseline drifted from 120 to 250 TPS over its rounds
    private static final double[] BASE = {120.33, 176.33, 173.33, 249.67};
    private static final double[] SLOWER = {32.00, 36.33, 43.67, 43.00};

    @Test
    void theRunsOfAnInterleavedComparisonAreJudgedRoundByRound() {
        Comparison c = Comparisons.ofSets(List.of(variant("A", runs("a", BASE), "c1"),
                variant("B", runs("b", SLOWER), "c1")), Set.of(), Judgement.DEFAULT);

        assertThat(c.paired()).isTrue();
        assertThat(c.method()).isEqualTo(RatioOfMeans.PAIRED_METHOD);
        assertThat(c.runs().get(1).pairs().summary()).isEqualTo("4 of 4 rounds paired");
        Change tps = c.row("tps").change(1);
        assertThat(tps.estimate().paired()).isTrue();
        assertThat(tps.estimate().nBaseline()).isEqualTo(4);
        assertThat(tps.estimate().df()).isEqualTo(3.0);
        // the interval is the paired one of the rounds' values, in round order
        RatioOfMeans direct = RatioOfMeans.paired(List.of(BASE[0], BASE[1], BASE[2], BASE[3]),
                List.of(SLOWER[0], SLOWER[1], SLOWER[2], SLOWER[3]), 0.95);
        assertThat(tps.estimate().low()).isCloseTo(direct.low(), within(1e-12));
        assertThat(tps.estimate().high()).isCloseTo(direct.high(), within(1e-12));
        assertThat(tps.verdict()).isEqualTo("slower");
        // the same runs taken as independent samples: the drift widens the interval
        Comparison apart = Comparisons.ofVariants(List.of(runs("a", BASE), runs("b", SLOWER)), Set.of(),
                Judgement.DEFAULT);
        RatioOfMeans independent = apart.row("tps").change(1).estimate();
        assertThat(apart.paired()).isFalse();
        assertThat(tps.estimate().high() - tps.estimate().low()).isLessThan(independent.high() - independent.low());

        String table = ComparisonTable.render(c);
        assertThat(line(table, "TPS ")).matches("TPS +179\\.92 +38\\.75 +0\\.22 +\\[0\\.16, 0\\.34\\] +4 pairs +slower");
        assertThat(table).contains("Paired by round: 4 of 4 rounds paired.",
                "runs paired by round: Fieller's interval for paired means, n - 1 df (n pairs;",
                "the rounds taken as independent of each other").doesNotContain("Welch");
        assertThat(ComparisonTable.render(apart)).contains("4 / 4", "independent means, Welch-Satterthwaite")
                .doesNotContain("Paired by round", "paired means");
    }

    @Test
    void aRoundWithOneSideLeftOutIsDroppedFromThePairingAndCounted() {
        List<RunResult> b = new ArrayList<>(runs("b", SLOWER));
        b.set(1, HandMadeRuns.run("/r/b-cut").tps(5).incomplete().result());
        Comparison c = Comparisons.ofSets(List.of(variant("A", runs("a", BASE), "c1"), variant("B", b, "c1")),
                Set.of(), Judgement.DEFAULT);

        RoundPairs pairs = c.runs().get(1).pairs();
        assertThat(pairs.paired()).containsExactly(1, 3, 4);
        assertThat(pairs.dropped()).singleElement().isEqualTo(new RoundPairs.Dropped(2, "set 2: incomplete"));
        assertThat(pairs.summary()).isEqualTo("3 of 4 rounds paired; dropped: round 2 (set 2: incomplete)");
        // the baseline's run of round 2 is used in its column's mean, but not in the pairs
        assertThat(c.runs().getFirst().counts().summary()).isEqualTo("4 of 4 repetitions used");
        assertThat(c.row("tps").values().getFirst()).isCloseTo((BASE[0] + BASE[1] + BASE[2] + BASE[3]) / 4,
                within(1e-9));
        RatioOfMeans tps = c.row("tps").change(1).estimate();
        assertThat(tps.nBaseline()).isEqualTo(3);
        assertThat(tps.baselineMean()).isCloseTo((BASE[0] + BASE[2] + BASE[3]) / 3, within(1e-9));
        assertThat(tps.variantMean()).isCloseTo((SLOWER[0] + SLOWER[2] + SLOWER[3]) / 3, within(1e-9));
        String table = ComparisonTable.render(c);
        // the changes table gives the means the ratio is of: the rounds paired
        assertThat(line(table, "TPS ")).matches("TPS +181\\.11 +39\\.56 +0\\.22 +\\[[\\d.-]+, [\\d.]+\\] +3 pairs +\\S.*");
        assertThat(table).contains("Paired by round: 3 of 4 rounds paired; dropped: round 2 (set 2: incomplete).",
                "runs: 3 of 4 repetitions used (1 incomplete)");

        // a round neither side finished (Ctrl-C) is dropped as not run on both
        Comparison cut = Comparisons.ofSets(List.of(RunSet.of("A", runs("a", 100, 110), rounds(2), 3, "c2"),
                RunSet.of("B", runs("b", 90, 99), rounds(2), 3, "c2")), Set.of(), Judgement.DEFAULT);
        assertThat(cut.runs().get(1).pairs().summary())
                .isEqualTo("2 of 3 rounds paired; dropped: round 3 (set 1: not run, set 2: not run)");
    }

    @Test
    void sidesNotOfOneInterleavedComparisonKeepTheIndependentMethod() {
        List<RunSet> others = List.of(variant("A", runs("a", BASE), "c1"), variant("B", runs("b", SLOWER), "c2"));
        List<RunSet> oneWithout = List.of(variant("A", runs("a", BASE), "c1"), RunSet.of(runs("b", SLOWER)));
        List<RunSet> three = List.of(variant("A", runs("a", BASE), "c1"), variant("B", runs("b", SLOWER), "c1"),
                RunSet.of(runs("c", SLOWER)));
        for (List<RunSet> sets : List.of(others, oneWithout, three)) {
            Comparison c = Comparisons.ofSets(sets, Set.of(), Judgement.DEFAULT);
            assertThat(c.paired()).isFalse();
            assertThat(c.method()).isEqualTo(RatioOfMeans.METHOD);
            assertThat(c.runs()).allMatch(r -> r.pairs() == null);
            assertThat(c.row("tps").change(1).estimate().paired()).isFalse();
        }
    }

    @Test
    void theGateAndAssertNotSlowerUseThePairedInterval() throws Exception {
        // 10 % slower in every round, while the machine's speed moved by a factor of 2.5: the pairs show it
        double[] base = {100, 200, 150, 250};
        double[] slower = {91, 179, 136, 224};
        Comparison paired = Comparisons.ofSets(List.of(variant("A", runs("a", base), "c1"),
                variant("B", runs("b", slower), "c1")), Set.of(), Judgement.DEFAULT);
        GateVerdict v = Gate.of(5, "tps").judge(paired);
        assertThat(v.failed()).isTrue();
        assertThat(v.lines().getFirst()).startsWith("gate: FAILED: TPS ratio 0.900 [0.8").endsWith("(the whole interval "
                + "below 0.950; 4 pairs, Fieller paired 95%)");
        // taken as independent samples, the drift hides it: the gate passes, as it must on what it cannot show
        Comparison apart = Comparisons.ofVariants(List.of(runs("a", base), runs("b", slower)), Set.of(),
                Judgement.DEFAULT);
        GateVerdict passes = Gate.of(5, "tps").judge(apart);
        assertThat(passes.passed()).isTrue();
        assertThat(passes.lines().getFirst()).contains("4 runs each, Fieller-Welch 95%");

        // the same from Java, on the variants' repeat folders as an interleaved comparison writes them
        Path a = repeatFolder("A", "c9", base, List.of(1, 2, 3, 4));
        Path b = repeatFolder("B", "c9", slower, List.of(1, 2, 3, 4));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Comparison.assertNotSlower(a, b, 5))
                .isInstanceOf(AssertionError.class).hasMessageContaining("4 pairs, Fieller paired 95%");
    }

    /**
     * A variant's folder as {@code tpkit compare WORKLOAD ... --repeat N} writes it: its runs'
     * result folders and a repeat.json that names the comparison and each run's round.
     */
    private Path repeatFolder(String letter, String comparison, double[] tps, List<Integer> rounds) throws Exception {
        Path folder = Files.createDirectories(temp.resolve(comparison).resolve(letter));
        StringBuilder reps = new StringBuilder();
        for (int i = 0; i < tps.length; i++) {
            Path run = HandMadeRuns.run("x").tps(tps[i]).writeInto(folder.resolve("tpcc-" + letter + i));
            reps.append(i == 0 ? "" : ",").append("{\"index\": ").append(i + 1).append(", \"round\": ")
                    .append(rounds.get(i)).append(", \"resultDir\": \"").append(run).append("\"}");
        }
        Files.writeString(folder.resolve("repeat.json"), "{\"tool\": \"tpkit repeat\", \"requested\": " + tps.length
                + ", \"interleaved\": {\"comparison\": \"" + comparison + "\", \"variant\": \"" + letter + "\"}, "
                + "\"runs\": [" + reps + "]}");
        return folder;
    }

    @Test
    void theVariantsFoldersComparedAgainPairTheirRunsAsTheComparisonDid() throws Exception {
        Path a = repeatFolder("A", "c7", BASE, List.of(1, 2, 3, 4));
        Path b = repeatFolder("B", "c7", SLOWER, List.of(1, 2, 3, 4));
        Comparison again = Comparisons.ofFiles(List.of(a, b), Judgement.DEFAULT);
        Comparison inMemory = Comparisons.ofSets(List.of(variant("A", runs("a", BASE), "c1"),
                variant("B", runs("b", SLOWER), "c1")), Set.of(), Judgement.DEFAULT);
        assertThat(again.paired()).isTrue();
        assertThat(line(ComparisonTable.render(again), "TPS ")).isEqualTo(line(ComparisonTable.render(inMemory), "TPS "));

        // the rounds, not the order of the lines, pair the runs: B's runs listed in another order pair the same way
        Path shuffled = repeatFolder("B", "c8", new double[] {SLOWER[2], SLOWER[0], SLOWER[3], SLOWER[1]},
                List.of(3, 1, 4, 2));
        Path a8 = repeatFolder("A", "c8", BASE, List.of(1, 2, 3, 4));
        RatioOfMeans r = Comparisons.ofFiles(List.of(a8, shuffled), Judgement.DEFAULT).row("tps").change(1).estimate();
        assertThat(r.low()).isCloseTo(inMemory.row("tps").change(1).estimate().low(), within(1e-12));

        // a run whose folder is gone drops its round, counted as missing
        Files.walk(b.resolve("tpcc-B2")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        RoundPairs pairs = Comparisons.ofFiles(List.of(a, b), Judgement.DEFAULT).runs().get(1).pairs();
        assertThat(pairs.summary()).isEqualTo("3 of 4 rounds paired; dropped: round 3 (set 2: missing)");

        // variants of two comparisons, and a repeat.json without rounds (tpkit run --repeat): not paired
        assertThat(Comparisons.ofFiles(List.of(a, shuffled), Judgement.DEFAULT).paired()).isFalse();
        Path plain = Files.createDirectories(temp.resolve("plain"));
        StringBuilder reps = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            Path run = HandMadeRuns.run("x").tps(SLOWER[i]).writeInto(plain.resolve("tpcc-" + i));
            reps.append(i == 0 ? "" : ",").append("{\"index\": ").append(i + 1).append(", \"resultDir\": \"")
                    .append(run).append("\"}");
        }
        Files.writeString(plain.resolve("repeat.json"), "{\"tool\": \"tpkit repeat\", \"requested\": 4, \"runs\": ["
                + reps + "]}");
        Comparison apart = Comparisons.ofFiles(List.of(a, plain), Judgement.DEFAULT);
        assertThat(apart.paired()).isFalse();
        assertThat(apart.method()).isEqualTo(RatioOfMeans.METHOD);
    }

    @Test
    void comparisonJsonKeepsThePairsAndTheReportSaysHowTheRunsWerePaired() throws Exception {
        List<RunResult> b = new ArrayList<>(runs("b", SLOWER));
        b.set(3, HandMadeRuns.run("/r/b-cut").tps(5).incomplete().result());
        Comparison c = Comparisons.ofSets(List.of(variant("A", runs("a", BASE), "c1"), variant("B", b, "c1")),
                Set.of(), Judgement.DEFAULT);
        Path folder = io.tpkit.report.ComparisonFolder.write(temp, c);
        Comparison read = ComparisonReader.read(folder);
        assertThat(read.paired()).isTrue();
        assertThat(read.runs().get(1).pairs()).isEqualTo(c.runs().get(1).pairs());
        assertThat(read.row("tps").change(1).estimate()).isEqualTo(c.row("tps").change(1).estimate());
        assertThat(ComparisonTable.render(read)).isEqualTo(ComparisonTable.render(c));
        String html = Files.readString(folder.resolve("comparison.html"));
        assertThat(html).contains("id=\"pairs-1\"", "3 of 4 rounds paired; dropped: round 4 (set 2: incomplete)",
                "3 pairs", "runs paired by round: Fieller&#39;s interval for paired means, n - 1 df");
    }
}
