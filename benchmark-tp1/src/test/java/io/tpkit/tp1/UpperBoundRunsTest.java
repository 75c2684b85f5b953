package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The peaks and the bound from finished runs, with the Model-4 rates of seed 000 at their peaks. */
class UpperBoundRunsTest {
    private static UpperBoundRuns.Run run(String kind, int connections, double perSecond) {
        return new UpperBoundRuns.Run(kind, kind, connections, Math.round(perSecond * 100), 100, perSecond, 1,
                false, true, "durable", true, "non-standard", "/r/" + kind + "-" + connections);
    }

    @Test
    void eachRateIsItsPeakOverTheConnectionCountsAndTheBoundIsTheSeeds() {
        List<UpperBoundRuns.Run> runs = List.of(run("t1", 1, 50), run("t1-conflict", 1, 30), run("t2", 1, 60),
                run("tp1", 1, 9), run("t1", 4, 75), run("t1-conflict", 4, 20), run("t2", 4, 41), run("tp1", 4, 12.2));

        UpperBoundRuns.Result r = UpperBoundRuns.result(Path.of("/r"), "PostgreSQL 18.6",
                BenchmarkConfig.builder("tp1").build(), List.of(1, 4), "one database", runs, true);

        assertThat(r.peaks().keySet()).containsExactly("t1", "t1-conflict", "t2", "tp1");
        assertThat(r.peaks().get("t1")).isEqualTo(new UpperBoundRuns.Peak("t1", 75, 4));
        assertThat(r.peaks().get("t1-conflict")).isEqualTo(new UpperBoundRuns.Peak("t1-conflict", 30, 1));
        assertThat(r.peaks().get("t2")).isEqualTo(new UpperBoundRuns.Peak("t2", 60, 1));
        // 2/60 + 3/75 = 0.07333 s: 13.64 TPS, and TP1's 12.2 is 89 % of it (the seed's Model-4)
        assertThat(r.bound().tps()).isCloseTo(13.636, within(0.001));
        assertThat(r.tp1PerSecond()).isEqualTo(12.2);
        assertThat(r.percentOfBound()).isCloseTo(89.47, within(0.01));
        // 2/60 + 2/75 + 1/30 = 0.09333 s
        assertThat(r.boundOneInConflict().tps()).isCloseTo(10.714, within(0.001));
        assertThat(r.durable()).isTrue();

        String table = UpperBoundTable.render(r);
        assertThat(table).contains("connections 1,4", "t1 75.0 (4 connections)",
                "seed 000: 2/T2 + 3/T1", "2/60.0 + 3/75.0 = 0.07333 s", "13.6 TPS", "12.2 TPS", "89",
                "How the figures are obtained:");
        assertThat(table.lines().filter(l -> l.matches("^(t1|t1-conflict|t2|tp1) .*"))).hasSize(8);
        List<String> csv = UpperBoundTable.csv(r).lines().toList();
        assertThat(csv).hasSize(1 + 8 + 4 + 3 + 3 + 2 * 2);
        // at each count, that count's own rates: 2/60 + 3/50 = 0.09333 s at 1, 2/41 + 3/75 = 0.08878 s at 4
        assertThat(r.byConnections()).extracting(UpperBoundRuns.AtConnections::connections).containsExactly(1, 4);
        assertThat(r.byConnections().get(0).bound().tps()).isCloseTo(10.714, within(0.001));
        assertThat(r.byConnections().get(0).percentOfBound()).isCloseTo(84.0, within(0.01));
        assertThat(r.byConnections().get(1).bound().tps()).isCloseTo(11.264, within(0.001));
        assertThat(table).contains("at 1 connection ", "at 4 connections");
        assertThat(csv).contains("\"TP1 upper bound (seed 000)\",,,13.6364,TPS,\"1 / minimum time\"");
    }

    @Test
    void withoutARateThereIsNoBound() {
        UpperBoundRuns.Result r = UpperBoundRuns.result(Path.of("/r"), "MariaDB", BenchmarkConfig.builder("tp1").build(),
                List.of(4), "one database", List.of(run("t1", 4, 75)), false);
        assertThat(r.bound()).isNull();
        assertThat(r.percentOfBound()).isNull();
        assertThat(UpperBoundTable.render(r)).contains("INCOMPLETE", "not computed");
    }

    @Test
    void theSequenceChoosesItsOwnTransactionsAndShape() {
        BenchmarkConfig.Builder tp1 = BenchmarkConfig.builder("tp1");
        for (BenchmarkConfig bad : List.of(tp1.option("order", "branch,teller,account,history").build(),
                BenchmarkConfig.builder("tp1").option("sub-transaction", "t1").build(),
                BenchmarkConfig.builder("tp1").transactions(100L).build(),
                BenchmarkConfig.builder("tpcc").build())) {
            assertThatThrownBy(() -> Tpkit.bound(bad, List.of(4), RunListener.SILENT, new RunControl()))
                    .isInstanceOf(BadInputException.class);
        }
        assertThatThrownBy(() -> Tpkit.bound(BenchmarkConfig.builder("tp1").build(), List.of(4, 4),
                RunListener.SILENT, new RunControl())).isInstanceOf(BadInputException.class).hasMessageContaining("twice");
    }
}
