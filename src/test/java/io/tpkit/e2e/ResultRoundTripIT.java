package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.metrics.Headline;
import io.tpkit.report.RunReport;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real run's RunResult, written to result.json and read back, is the same typed result, and
 * the report rendered from either is the report.html the run wrote (and {@code tpkit report}
 * writes again): one rendering path from RunResult to HTML. One run per workload, each with
 * the parts of a result the others lack (TPC-C: deferred work, a figure not shown; HPSS:
 * iterations; TP1 on a --rate schedule with a sub-transaction's rate as headline).
 */
class ResultRoundTripIT {
    @TempDir
    Path temp;

    @Test
    void tpccWithDeferredWorkAndAFigureNotShown() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a TPC-C result with deferred work read back");
        roundTrip(BenchmarkConfig.builder("tpcc").scale(1).connections(2).thinkFactor(0.005)
                .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4)));
    }

    @Test
    void hpssWithIterations() throws Exception {
        roundTrip(BenchmarkConfig.builder("hpss").scale(2).option("creates-per-thread", "100")
                .option("iterations", "2"));
    }

    @Test
    void tp1OnARateScheduleWithASubTransaction() throws Exception {
        roundTrip(BenchmarkConfig.builder("tp1").option("accounts-per-branch", "2000").option("sub-transaction", "t2")
                .ratePerSecond(200).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3)));
    }

    private void roundTrip(BenchmarkConfig.Builder config) throws Exception {
        RunResult run = Tpkit.run(config.outDir(temp).build());
        Path dir = Path.of(run.resultDir());
        RunResult read = ResultReader.read(dir);

        // the typed parts are equal records; the open sections (configuration, environment...) equal as JSON
        assertThat(read.metrics()).isEqualTo(run.metrics());
        assertThat(read.headline()).isEqualTo(run.headline());
        assertThat(read.validity()).isEqualTo(run.validity());
        assertThat(read.consistency()).isEqualTo(run.consistency());
        assertThat(read.cost()).isEqualTo(run.cost());
        assertThat(read.monitor()).isEqualTo(run.monitor());
        assertThat(read.load()).isEqualTo(run.load());
        assertThat(read.outages()).isEqualTo(run.outages());
        ObjectMapper json = ResultWriter.json();
        assertThat(json.readTree(json.writeValueAsString(read)))
                .isEqualTo(json.readTree(json.writeValueAsString(run)))
                .isEqualTo(json.readTree(dir.resolve("result.json").toFile()));

        // every key of result.json is an identifier; the headline figures carry label and unit
        assertThat(run.headline()).isNotEmpty().allSatisfy((id, f) -> {
            assertThat(Headline.isId(id)).as(id).isTrue();
            assertThat(f.label()).isNotBlank();
            assertThat(f.unit()).isNotBlank();
        });
        assertThat(keys(json.readTree(dir.resolve("result.json").toFile()), ""))
                .allSatisfy(k -> assertThat(k).doesNotContainPattern("[ /%()]"));

        String written = Files.readString(dir.resolve("report.html"));
        assertThat(RunReport.render(dir, run)).isEqualTo(written);
        assertThat(RunReport.render(dir, read)).isEqualTo(written);
        RunReport.write(dir);
        assertThat(Files.readString(dir.resolve("report.html"))).isEqualTo(written);
        run.headline().forEach((id, f) -> assertThat(written).contains("data-key=\"headline." + id + ".value\""));
    }

    /** Every object key of the tree, as a path. */
    private static Stream<String> keys(com.fasterxml.jackson.databind.JsonNode node, String at) {
        Stream.Builder<String> out = Stream.builder();
        node.properties().forEach(e -> {
            out.add(at + "." + e.getKey());
            keys(e.getValue(), at + "." + e.getKey()).forEach(out::add);
        });
        if (node.isArray()) {
            node.forEach(item -> keys(item, at + "[]").forEach(out::add));
        }
        return out.build();
    }
}
