package io.tpkit.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Partition;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run split across two driver processes (here two threads, each a whole tpkit run with its
 * own pool) against one database, merged, and compared with the same run by one driver: the
 * parts meet in the database, start together, and their merge counts what the database holds.
 */
class SplitRunIT {
    private static Target server;

    @TempDir
    Path out;

    @BeforeAll
    static void startOneServerForAllParts() {
        BenchmarkConfig c = BenchmarkConfig.builder("counters").build();
        server = Plugins.target(c.target()).open(c, line -> { });
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("counters").target(server.jdbcUrl()).user(server.user()).scale(4)
                .connections(2).transactions(3000L).warmup(Duration.ZERO).seed(11).outDir(out);
    }

    @Test
    void twoHalvesMergeIntoTheWholeRunAndAgreeWithOneDriver() throws Exception {
        Tpkit.load(config().loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
        RunResult single = Tpkit.run(config().connections(4).transactions(6000L).build());

        List<RunResult> parts = runParts(2);
        for (RunResult p : parts) {
            assertThat(p.validity().verdict()).contains("judged on the whole run by 'tpkit merge'");
            assertThat(p.workload().part()).isNotNull();
        }
        assertThat(startOf(parts.get(0))).isEqualTo(startOf(parts.get(1)));

        RunResult merged = Tpkit.merge(parts.stream().map(p -> Path.of(p.resultDir())).toList(), out, b -> b,
                RunListener.SILENT);

        // the count the database holds is every part's: the check runs once on the whole database
        assertThat(merged.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        assertThat(merged.consistency()).allMatch(CheckResult::passed);
        assertThat(merged.metrics().totalCommitted()).isEqualTo(single.metrics().totalCommitted()).isEqualTo(6000);
        TypeSummary m = merged.metrics().types().getFirst();
        assertThat(m.response().count()).isEqualTo(parts.stream()
                .mapToLong(p -> p.metrics().types().getFirst().response().count()).sum());
        // the merged percentiles are those of the parts' recorded values taken together
        Histogram together = new Histogram(3);
        for (RunResult p : parts) {
            HistogramLogReader reader = new HistogramLogReader(Path.of(p.resultDir(), "histograms.hlog").toFile());
            for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if ("increment".equals(h.getTag())) {
                    together.add((Histogram) h);
                }
            }
        }
        assertThat(m.response().p90Ms()).isEqualTo(together.getValueAtPercentile(90) / 1000.0);
        assertThat(m.response().p99Ms()).isEqualTo(together.getValueAtPercentile(99) / 1000.0);
        assertThat(merged.workload().terminals()).isEqualTo(4);
        assertThat(Path.of(merged.resultDir(), "report.html")).isNotEmptyFile();

        // each second of the merged time series is the parts' same second: counts summed, and the
        // largest response time of the second is the larger of the parts' (from their histograms added)
        List<String[]> whole = measuredSeconds(Path.of(merged.resultDir()));
        List<List<String[]>> each = parts.stream().map(p -> measuredSeconds(Path.of(p.resultDir()))).toList();
        assertThat(whole).hasSize(each.stream().mapToInt(List::size).max().orElseThrow());
        long committedBySecond = 0;
        for (int k = 0; k < whole.size(); k++) {
            long sum = 0;
            double max = 0;
            for (List<String[]> part : each) {
                if (k < part.size()) {
                    sum += Long.parseLong(part.get(k)[4]);
                    max = Math.max(max, Double.parseDouble(part.get(k)[12]));
                }
            }
            assertThat(Long.parseLong(whole.get(k)[4])).as("second %d's commits", k).isEqualTo(sum);
            assertThat(Double.parseDouble(whole.get(k)[12])).as("second %d's max ms", k).isEqualTo(max);
            committedBySecond += sum;
        }
        assertThat(committedBySecond).isEqualTo(merged.metrics().totalCommitted());
    }

    @Test
    void partsOfOneRunOnlyAreMerged() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a merge that refuses another run's part");
        Tpkit.load(config().loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
        List<RunResult> parts = runParts(2);
        Path first = Path.of(parts.get(0).resultDir());
        assertThatThrownBy(() -> Tpkit.merge(List.of(first), out, b -> b, RunListener.SILENT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("every part");
        assertThatThrownBy(() -> Tpkit.merge(List.of(first, first), out, b -> b, RunListener.SILENT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("given twice");
        RunResult whole = Tpkit.run(config().build());
        assertThatThrownBy(() -> Tpkit.merge(List.of(first, Path.of(whole.resultDir())), out, b -> b,
                RunListener.SILENT)).isInstanceOf(BadInputException.class).hasMessageContaining("without --partition");
    }

    private List<RunResult> runParts(int count) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<RunResult>> futures = new java.util.ArrayList<>();
            for (int i = 1; i <= count; i++) {
                BenchmarkConfig c = config().partition(new Partition(i, count, "split-it")).build();
                futures.add(pool.submit(() -> Tpkit.run(c)));
            }
            List<RunResult> results = new java.util.ArrayList<>();
            for (Future<RunResult> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }

    /** The "increment" rows of the measurement's seconds in a folder's timeseries.csv, split at the commas. */
    private static List<String[]> measuredSeconds(Path folder) {
        try {
            return java.nio.file.Files.readAllLines(folder.resolve("timeseries.csv")).stream().skip(1)
                    .map(l -> l.split(",", -1)).filter(f -> f[2].equals("measurement") && f[3].equals("increment"))
                    .toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Object startOf(RunResult part) {
        return part.workload().part().startEpochMs();
    }
}
