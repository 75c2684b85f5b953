package io.tpkit.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload defined only in test sources is found through the SPI and runs end to end: loaded,
 * measured, checked against the database and judged, with its result folder and report, on
 * every database tpkit knows. Nothing in benchmark-core names it.
 */
class CountersWorkloadIT {
    @TempDir
    Path out;

    @Test
    void runsEndToEndOnTheEmbeddedPostgres() throws Exception {
        runAndCheck(BenchmarkConfig.builder("counters"));
    }

    @Test
    void runsEndToEndOnMariaDbWithTheDefaultDialectFiles() throws Exception {
        String url = TestDatabases.externalMysqlUrl();
        runAndCheck(BenchmarkConfig.builder("counters").target(url).user(TestDatabases.externalMysqlUser()));
    }

    /**
     * A workload that names no tables to copy (counters leaves {@code dataTables} empty) is loaded
     * again before every repetition, with the first one's seed: each starts from the same data,
     * and the output says why it was not restored.
     */
    @Test
    void withoutTablesToCopyEachRepetitionIsLoadedAgain() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("repetitions of a workload without tables to copy");
        io.tpkit.sweep.RepeatResult set = Tpkit.repeat(BenchmarkConfig.builder("counters").scale(2).connections(2)
                .loadPolicy(LoadPolicy.IF_EMPTY).warmup(Duration.ZERO).duration(Duration.ofSeconds(1)).outDir(out)
                .build(), 3, 0.95, io.tpkit.runner.RunListener.SILENT, new io.tpkit.runner.RunControl());

        assertThat(set.startingData().method()).isEqualTo("reload");
        assertThat(set.startingData().sameData()).isTrue();
        assertThat(set.startingData().fallback()).contains("counters names no tables to copy");
        assertThat(set.startingData().seconds()).hasSize(3);
        assertThat(set.loadPolicy()).contains("dropped and loaded again before every repetition with the first one's "
                + "seed").contains("counters names no tables to copy");
        for (io.tpkit.sweep.RepeatResult.Repetition rep : set.runs()) {
            RunResult r = io.tpkit.result.ResultReader.read(Path.of(rep.resultDir()));
            // the sum of the hits the database held before the run: none, every time
            assertThat(r.database().transactionsBefore()).isZero();
            assertThat(r.metrics().totalCommitted()).isPositive();
            assertThat(r.consistency()).allMatch(CheckResult::passed);
            assertThat(r.load()).isNotNull();
        }
    }

    private void runAndCheck(BenchmarkConfig.Builder builder) throws Exception {
        RunResult r = Tpkit.run(builder.scale(2).connections(2).loadPolicy(LoadPolicy.ALWAYS)
                .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(2)).outDir(out).build());

        assertThat(r.metrics().totalCommitted()).isPositive();
        // the database's sum of hits equals the increments the driver counted as committed
        assertThat(r.consistency()).extracting(CheckResult::name)
                .contains("driver-count-matches-database", "all-counters-present");
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.validity().rules()).anySatisfy(rule -> assertThat(rule.id()).isEqualTo("some-increments"));
        Path dir = Path.of(r.resultDir());
        assertThat(dir.resolve("result.json")).isNotEmptyFile();
        assertThat(dir.resolve("report.html")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("result.json"))).contains("\"counters\"");
    }
}
