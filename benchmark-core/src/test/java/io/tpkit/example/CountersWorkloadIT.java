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
