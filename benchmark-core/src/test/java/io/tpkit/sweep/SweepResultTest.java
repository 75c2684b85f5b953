package io.tpkit.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A sweep's figures from its points' results (parts of a result.json), without a database. */
class SweepResultTest {
    /** A TP1-like result of one type: {@code tps} for 10 s, mean response and service {@code ms}. */
    private static RunResult point(int connections, double tps, double ms, boolean incomplete) throws Exception {
        long n = Math.round(tps * 10);
        return ResultReader.of(new ObjectMapper().readTree("""
                {"resultDir": "/r/%d", "workload": {"name": "tp1", "arrival": "streams", "terminals": %d, "connections": %d},
                 "configuration": {"workload": "tp1", "target": "embedded-postgres", "connections": %d, "seed": 7},
                 "database": {"product": "PostgreSQL", "version": "18.6"}, "environment": {"cpus": 2},
                 "metrics": {"measurementSeconds": 10.0, "totalCommitted": %d, "incomplete": %s,
                   "throughput": {"overWallClock": %s},
                   "types": [{"name": "debit-credit", "perSecond": %s,
                     "response": {"count": %d, "meanMs": %s, "p50Ms": 1, "p90Ms": 2, "p99Ms": 3},
                     "service": {"meanMs": %s}}]},
                 "validity": {"verdict": "conformant"}, "consistency": [{"passed": true}],
                 "cost": {"committed": %d, "driverCpuMicros": 100.0, "databaseCpuMicros": 400.0, "databaseMachinePct": 20.0}}
                """.formatted(connections, connections, connections, connections, n, incomplete, tps, tps, n, ms, ms, n)),
                "point " + connections);
    }

    private static SweepResult sweep(SweepAxis axis, BenchmarkConfig base, List<RunResult> runs, List<Double> values,
                                     boolean interrupted) {
        return SweepResult.of(new Sweep(base, axis, values), runs, 0, "streams", Map.of("kind", "embedded-postgres"),
                "start", "end", interrupted, "/sweep");
    }

    @Test
    void pointsPeakKneeAndModel() throws Exception {
        List<RunResult> runs = List.of(point(1, 500, 2, false), point(2, 950, 2.1, false), point(4, 1000, 4, false),
                point(8, 1010, 7.9, false));
        SweepResult r = sweep(SweepAxis.CONNECTIONS, BenchmarkConfig.builder("tp1").build(), runs,
                List.of(1.0, 2.0, 4.0, 8.0), false);
        assertThat(r.points()).extracting(SweepResult.Point::tps).containsExactly(500.0, 950.0, 1000.0, 1010.0);
        assertThat(r.peak().point()).isEqualTo(4);
        assertThat(r.peak().atEnd()).isTrue();
        assertThat(r.knee().point()).isEqualTo(2);
        assertThat(r.knee().value()).isEqualTo(2.0);
        assertThat(r.configuration()).doesNotContainKey("connections").containsEntry("seed", 7L);
        assertThat(r.incomplete()).isFalse();
        // demands from the first point: S = 2 ms, D_cpu = 0.5 ms on 2 CPUs, D_other = 1.5 ms (a delay)
        assertThat(r.model().inputs().cpuDemandMs()).isCloseTo(0.5, within(1e-12));
        assertThat(r.points().getFirst().mva().requestsPerSecond()).isCloseTo(500, within(1e-6));
        assertThat(r.points().get(1).mva().requestsPerSecond()).isCloseTo(1000, within(1e-6));
        assertThat(r.points().get(1).mva().requestsErrorPct()).isCloseTo(100 * (1000 - 950) / 950.0, within(1e-9));
        assertThat(r.model().curve()).hasSize(8);
        assertThat(r.model().alternative().other()).isEqualTo("queue");
        // the mean error leaves the first point out: the model fits it by construction (error 0)
        assertThat(r.points().getFirst().mva().requestsErrorPct()).isCloseTo(0, within(1e-9));
        List<Double> errors = new ArrayList<>();
        r.points().subList(1, 4).forEach(p -> errors.add(Math.abs(p.mva().requestsErrorPct())));
        assertThat(r.model().meanAbsRequestsErrorPct())
                .isCloseTo(errors.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), within(1e-9));
        // calibrated on one stream, one connection: no warning
        assertThat(r.model().inputs().calibrationWarning()).isNull();
        assertThat(SweepTables.render(r)).contains("mean absolute error over the points after the first")
                .doesNotContain("WARNING");
    }

    /**
     * The console's table: one name per column, the MVA error in one column, the shared verdict
     * once under the table, the peak and the knee in a column of their own, the MVA line in words.
     */
    @Test
    void theTableNamesEachColumnOnceAndSaysTheSharedVerdictOnce() throws Exception {
        List<RunResult> runs = List.of(point(1, 500, 2, false), point(2, 950, 2.1, false), point(4, 1000, 4, false),
                point(8, 1010, 7.9, false));
        SweepResult r = sweep(SweepAxis.CONNECTIONS, BenchmarkConfig.builder("tp1").build(), runs,
                List.of(1.0, 2.0, 4.0, 8.0), false);
        String table = SweepTables.render(r);
        List<String> lines = table.lines().toList();
        String head = lines.get(1);
        assertThat(head.split("connections", -1)).hasSize(2); // the axis, not also a column of connections
        assertThat(head).doesNotContain("conns", "terms", "verdict").endsWith("mark");
        assertThat(head.split("err %", -1)).hasSize(2);
        assertThat(lines.get(3)).matches(" +2 .* \\+5\\.3, [-+]\\d+\\.\\d +knee");
        assertThat(lines.get(5)).endsWith("  peak").doesNotContain("conformant");
        assertThat(lines.get(6)).isEqualTo("verdict of every point: conformant");
        assertThat(table).contains("MVA (mean value analysis) is a queueing model", "MVA err %: (predicted - measured)");
        assertThat(table.lines()).noneMatch(l -> l.endsWith(" "));
        // 1,010 TPS at 8 against 1,000 at 4 and 950 at 2, one run each: within 10%, so not told apart
        assertThat(table).contains("peak not distinguishable from 2 other points within 10% of it (connections "
                + "2 (950.0), 4 (1000.0)): each point is one run, so their spreads are not known and may overlap; "
                + "repeat the sweep to separate them");
        // a peak well above every other point is said alone
        List<RunResult> clear = List.of(point(1, 500, 2, false), point(2, 950, 2.1, false), point(4, 600, 4, false));
        assertThat(SweepTables.render(sweep(SweepAxis.CONNECTIONS, BenchmarkConfig.builder("tp1").build(), clear,
                List.of(1.0, 2.0, 4.0), false))).contains("peak: 950.0 TPS at connections 2").doesNotContain(
                "not distinguishable");
        // a point whose verdict differs brings the column back, each row with its own
        List<RunResult> mixed = List.of(point(1, 500, 2, false), point(2, 950, 2.1, true));
        String cut = SweepTables.render(sweep(SweepAxis.CONNECTIONS, BenchmarkConfig.builder("tp1").build(), mixed,
                List.of(1.0, 2.0), false));
        assertThat(cut.lines().toList().get(1)).endsWith("mark       verdict");
        assertThat(cut.lines().toList().get(3)).endsWith(" conformant, INCOMPLETE");
        assertThat(cut).doesNotContain("verdict of every point");
    }

    /** sweep.html gives its start to the second, and lets its points table wrap instead of hiding its last columns. */
    @Test
    void sweepHtmlShowsItsStartReadablyAndKeepsTheVerdictInView(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        List<RunResult> runs = List.of(point(1, 500, 2, false), point(2, 950, 2.1, false));
        SweepResult r = SweepResult.of(new Sweep(BenchmarkConfig.builder("tp1").build(), SweepAxis.CONNECTIONS,
                List.of(1.0, 2.0)), runs, 0, "streams", Map.of("kind", "embedded-postgres"),
                "2026-11-28T06:38:46.123456789Z", "2026-11-28T06:39:46.5Z", false, dir.toString());
        io.tpkit.result.ResultWriter.writeJson(dir.resolve(SweepResult.FILE), r);
        String html = java.nio.file.Files.readString(io.tpkit.report.SweepReport.write(dir));
        assertThat(html).contains("started 2026-11-28 06:38:46;").doesNotContain("06:38:46.123", "T06:38");
        assertThat(html).contains("#points{display:table", "#points th{white-space:normal");
    }

    /** A first point of several terminals and connections measures queueing into its demands: said. */
    @Test
    void aModelCalibratedOnMoreThanOneTerminalIsWarnedAbout() throws Exception {
        List<RunResult> runs = List.of(point(2, 950, 2.1, false), point(4, 1000, 4, false), point(8, 1010, 7.9, false));
        SweepResult r = sweep(SweepAxis.CONNECTIONS, BenchmarkConfig.builder("tp1").build(), runs,
                List.of(2.0, 4.0, 8.0), false);
        assertThat(r.model().inputs().calibrationWarning()).startsWith("the first point, where the demands are "
                + "measured, ran 2 terminals on 2 connections: its service time already holds the waits among them");
        assertThat(SweepTables.render(r)).contains("WARNING: the first point");
        // and with only the calibration point there is no error to give
        SweepResult one = sweep(SweepAxis.CONNECTIONS, BenchmarkConfig.builder("tp1").build(),
                List.of(point(1, 500, 2, false)), List.of(1.0, 2.0), true);
        assertThat(one.model().meanAbsRequestsErrorPct()).isNull();
        assertThat(SweepTables.render(one)).contains("no point but the first");
    }

    @Test
    void aPacedSweepHasNoModelAndAnInterruptedOneIsMarked() throws Exception {
        List<RunResult> runs = List.of(point(4, 100, 2, false), point(4, 190, 2, true));
        SweepResult r = sweep(SweepAxis.RATE, BenchmarkConfig.builder("tp1").build(), runs, List.of(100.0, 200.0, 400.0),
                true);
        assertThat(r.model().inputs()).isNull();
        assertThat(r.model().absentBecause()).contains("open workload");
        assertThat(r.points()).hasSize(2);
        assertThat(r.points().get(1).mva()).isNull();
        assertThat(r.incomplete()).isTrue();
    }

    @Test
    void sweepValuesAreCheckedAndSorted() {
        BenchmarkConfig base = BenchmarkConfig.builder("tp1").build();
        assertThat(new Sweep(base, SweepAxis.CONNECTIONS, List.of(8.0, 1.0, 4.0)).values()).containsExactly(1.0, 4.0, 8.0);
        assertThat(new Sweep(base, SweepAxis.CONNECTIONS, List.of(2.0, 1.0)).points())
                .extracting(BenchmarkConfig::connections).containsExactly(1, 2);
        assertThatThrownBy(() -> new Sweep(base, SweepAxis.CONNECTIONS, List.of(1.0)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("at least two values");
        assertThatThrownBy(() -> new Sweep(base, SweepAxis.TERMINALS, List.of(1.0, 2.5)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> new Sweep(base, SweepAxis.RATE, List.of(0.0, 2.5)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("above 0");
        assertThat(new Sweep(base, SweepAxis.RATE, List.of(50.0, 25.5)).points().getFirst().ratePerSecond()).isEqualTo(25.5);
    }

    /**
     * A shuffled order is a permutation drawn from its seed alone: the same seed gives the same
     * order, in this JVM or another (java.util.Random's sequence is specified), and a sweep
     * defaults to its base's seed.
     */
    @Test
    void aShuffledOrderIsThePermutationItsSeedGives() {
        List<Integer> order = Sweep.Order.shuffled(42).of(8);
        assertThat(order).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7).isEqualTo(Sweep.Order.shuffled(42).of(8));
        List<Integer> expected = new java.util.ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
        java.util.Collections.shuffle(expected, new java.util.Random(42));
        assertThat(order).isEqualTo(expected).isNotEqualTo(List.of(0, 1, 2, 3, 4, 5, 6, 7))
                .isNotEqualTo(Sweep.Order.shuffled(43).of(8));
        assertThat(Sweep.Order.increasing().of(4)).containsExactly(0, 1, 2, 3);

        BenchmarkConfig base = BenchmarkConfig.builder("tp1").seed(42).build();
        Sweep sweep = new Sweep(base, SweepAxis.CONNECTIONS, List.of(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0));
        assertThat(sweep.order()).isEqualTo(Sweep.Order.shuffled(42));
        assertThat(sweep.runOrder()).isEqualTo(order);
        assertThat(sweep.sameData()).isTrue();
        assertThatThrownBy(() -> new Sweep.Order("sideways", null)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--point-order takes increasing or shuffled");
    }
}
