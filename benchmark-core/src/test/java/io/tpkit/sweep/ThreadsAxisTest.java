package io.tpkit.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.Workload;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The threads axis: which workloads it fits, what each point runs, and the figure its peak and knee come from. */
class ThreadsAxisTest {
    /** A workload as the sweep sees it: its name, scale unit and the two traits that decide the axes. */
    private record Stub(String name, String scaleUnit, boolean fixesRunShape, boolean scaleIsThreads) implements Workload {
        @Override
        public String summary() {
            return name;
        }

        @Override
        public int defaultScale() {
            return 1;
        }

        @Override
        public ArrivalModel defaultArrival() {
            return ArrivalModel.STREAMS;
        }

        @Override
        public List<WorkloadOption> options() {
            return List.of();
        }

        @Override
        public BoundWorkload bind(BenchmarkConfig config, DatabasePlugin database) {
            throw new UnsupportedOperationException();
        }
    }

    private static final Workload THREADS = new Stub("hpss", "threads", true, true);
    private static final Workload DATA = new Stub("tp1", "branches", false, false);
    private static final Workload FIXED = new Stub("fixed", "units", true, false);

    @Test
    void threadsFitOnlyAWorkloadWhoseScaleIsItsThreads() {
        assertThatCode(() -> SweepAxis.THREADS.checkFits(THREADS)).doesNotThrowAnyException();
        assertThatThrownBy(() -> SweepAxis.THREADS.checkFits(DATA)).isInstanceOf(BadInputException.class)
                .hasMessage("tp1's scale (branches) is the size of its data, not a count of threads: sweep its "
                        + "concurrency with --connections (e.g. --connections 1,2,4,8)");
        assertThatThrownBy(() -> SweepAxis.THREADS.checkFits(FIXED)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--connections");
    }

    @Test
    void theOtherAxesAreRefusedForAThreadWorkloadNamingThreads() {
        for (SweepAxis axis : List.of(SweepAxis.CONNECTIONS, SweepAxis.TERMINALS, SweepAxis.RATE)) {
            assertThatThrownBy(() -> axis.checkFits(THREADS)).isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("hpss")
                    .hasMessageEndingWith(": sweep --threads (e.g. --threads 1,2,4,8) instead of --" + axis.label());
            assertThatCode(() -> axis.checkFits(DATA)).doesNotThrowAnyException();
            assertThatThrownBy(() -> axis.checkFits(FIXED)).isInstanceOf(BadInputException.class)
                    .hasMessage("fixed fixes its own run shape: it has no --" + axis.label() + " to sweep");
        }
    }

    @Test
    void everyPointSetsTheScaleAndLoadsAfresh() {
        BenchmarkConfig base = BenchmarkConfig.builder("hpss").option("iterations", "2").build();
        assertThat(base.loadPolicy()).isEqualTo(LoadPolicy.IF_EMPTY);
        Sweep sweep = new Sweep(base, SweepAxis.THREADS, List.of(4.0, 1.0, 2.0));
        assertThat(sweep.points()).extracting(BenchmarkConfig::scale).containsExactly(1, 2, 4);
        assertThat(sweep.points()).extracting(BenchmarkConfig::loadPolicy).containsOnly(LoadPolicy.ALWAYS);
        assertThat(sweep.points()).extracting(c -> c.options().get("iterations")).containsOnly("2");
        assertThat(SweepAxis.THREADS.describe(4)).isEqualTo("4 threads");
        assertThat(SweepAxis.parse("threads")).isEqualTo(SweepAxis.THREADS);
        // the other axes keep the load policy: the data is loaded once, or before every point with --reload
        assertThat(new Sweep(base, SweepAxis.CONNECTIONS, List.of(1.0, 2.0)).points())
                .extracting(BenchmarkConfig::loadPolicy).containsOnly(LoadPolicy.IF_EMPTY);
        assertThatThrownBy(() -> new Sweep(base.toBuilder().loadPolicy(LoadPolicy.NEVER).build(), SweepAxis.THREADS,
                List.of(1.0, 2.0))).isInstanceOf(BadInputException.class).hasMessage("a sweep over --threads loads the "
                + "tables afresh before every point, so that each starts empty: drop --no-load");
        assertThatThrownBy(() -> new Sweep(base, SweepAxis.THREADS, List.of(1.0, 1.5)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("whole numbers");
    }

    /** An HPSS-like point: {@code threads} streams, TPS over the run, creates/s mean over its iterations. */
    private static RunResult point(int threads, double tps, double mean, double ms) throws Exception {
        long n = Math.round(tps * 10);
        return ResultReader.of(new ObjectMapper().readTree("""
                {"resultDir": "/r/%d", "workload": {"name": "hpss", "arrival": "streams", "terminals": %d, "connections": %d},
                 "configuration": {"workload": "hpss", "target": "embedded-postgres", "scale": %d, "load": "always"},
                 "database": {"product": "PostgreSQL", "version": "18.6"}, "environment": {"cpus": 2},
                 "headline": {"createsPerSecondMean": {"label": "creates/s mean (creates committed in an iteration / its wall time, over 2 iterations)", "value": %s, "unit": "1/s"}},
                 "metrics": {"measurementSeconds": 10.0, "totalCommitted": %d, "incomplete": false,
                   "throughput": {"overWallClock": %s},
                   "types": [{"name": "create-file", "perSecond": %s,
                     "response": {"count": %d, "meanMs": %s, "p50Ms": 1, "p90Ms": 2, "p99Ms": 3},
                     "service": {"meanMs": %s}}]},
                 "validity": {"verdict": "non-standard: standard-shape"}, "consistency": [{"passed": true}],
                 "cost": {"committed": %d, "driverCpuMicros": 100.0, "databaseCpuMicros": 400.0, "databaseMachinePct": 20.0}}
                """.formatted(threads, threads, threads, threads, mean, n, tps, tps, n, ms, ms, n)), "point " + threads);
    }

    @Test
    void thePeakAndTheKneeComeFromTheWorkloadsFigureNotFromTps() throws Exception {
        // TPS (with the gaps between iterations) keeps rising to 8 threads; creates/s mean peaks at 4
        // and gains less than 10% per doubling after 2, while the latency rises
        List<RunResult> runs = List.of(point(1, 400, 500, 2), point(2, 700, 900, 2.2), point(4, 760, 950, 4.2),
                point(8, 900, 940, 8.5));
        Sweep sweep = new Sweep(BenchmarkConfig.builder("hpss").build(), SweepAxis.THREADS, List.of(1.0, 2.0, 4.0, 8.0));
        SweepResult r = SweepResult.of(sweep, runs, "createsPerSecondMean", 0, "streams", Map.of(), "start", "end",
                false, "/sweep");
        assertThat(r.axis()).isEqualTo("threads");
        assertThat(r.figure()).isEqualTo(new SweepResult.Figure("createsPerSecondMean", "creates/s mean"));
        assertThat(r.peak().point()).isEqualTo(3);
        assertThat(r.peak().figureValue()).isEqualTo(950.0);
        assertThat(r.peak().tps()).isEqualTo(760.0);
        assertThat(r.peak().atEnd()).isFalse();
        assertThat(r.knee().value()).isEqualTo(2.0);
        // gain per doubling from 1 to 2 threads: 900 / 500 - 1
        assertThat(r.points().get(1).gainPerDoublingPct()).isCloseTo(80.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.configuration()).doesNotContainKey("scale");
        // the model: N threads on N connections with no think time, demands from one thread
        assertThat(r.model().inputs().thinkSeconds()).isZero();
        assertThat(r.points()).extracting(p -> p.mva() != null).containsOnly(true);
        assertThat(r.model().curve()).extracting(SweepResult.CurvePoint::terminals).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(r.model().curve()).allMatch(c -> c.terminals() == c.connections());
        assertThat(r.model().inputs().notes()).contains(SweepResult.GROWING_TABLES);
        String table = SweepTables.render(r);
        assertThat(table).contains("hpss sweep over threads", "creates/s mean",
                "peak: 950.0 creates/s mean at threads 4 (760.0 TPS)", "peak and knee from creates/s mean");

        // without a figure of its own the same points peak by TPS, at the last point
        SweepResult byTps = SweepResult.of(sweep, runs, 0, "streams", Map.of(), "start", "end", false, "/sweep");
        assertThat(byTps.figure().id()).isEqualTo("tps");
        assertThat(byTps.peak().point()).isEqualTo(4);
        assertThat(byTps.peak().figureValue()).isEqualTo(byTps.peak().tps()).isEqualTo(900.0);
        assertThat(SweepTables.render(byTps)).contains("peak: 900.0 TPS at threads 8 (the last point");
    }
}
