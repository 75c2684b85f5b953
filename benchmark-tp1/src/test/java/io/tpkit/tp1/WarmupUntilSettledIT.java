package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.metrics.WarmupEnd;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default warm-up lasts until the driver's JIT compiler has settled (at least the fixed
 * default's 10 s, at most 2 minutes), and a warm-up given lasts exactly that long; both record
 * how the warm-up ended and the compiler's share of the driver's CPU in the interval. On embedded
 * PostgreSQL; the compiler's CPU is read from /proc/self/task (Linux).
 */
class WarmupUntilSettledIT {
    @TempDir
    Path temp;

    private BenchmarkConfig.Builder small() {
        return BenchmarkConfig.builder("tp1").dataDir(temp.resolve("pgdata")).scale(1)
                .option("accounts-per-branch", "2000").connections(2).duration(Duration.ofSeconds(2))
                .outDir(temp.resolve("results"));
    }

    @Test
    void theDefaultWarmUpEndsOnceTheCompilerHasSettled() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the default warm-up, until the JIT compiler settles (10 s to 2 min)");
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "the JIT compiler's CPU is read from /proc/self/task");
        RunResult r = Tpkit.run(small().build());

        WarmupEnd w = r.metrics().warmupEnd();
        assertThat(w.leastSeconds()).isEqualTo(BenchmarkConfig.DEFAULT_WARMUP.toSeconds());
        assertThat(w.mostSeconds()).isEqualTo(BenchmarkConfig.DEFAULT_WARMUP_MOST.toSeconds());
        // settled between its least and its most; on a machine too busy for the compiler to settle, capped at its most
        assertThat(w.endedBy()).as(w.toString()).isIn(WarmupEnd.SETTLED, WarmupEnd.CAPPED);
        if (w.endedBy().equals(WarmupEnd.SETTLED)) {
            assertThat(r.metrics().warmupSeconds()).isGreaterThanOrEqualTo(w.leastSeconds()).isLessThan(w.mostSeconds());
        } else {
            assertThat(r.metrics().warmupSeconds()).isGreaterThanOrEqualTo(w.mostSeconds()).isLessThan(w.mostSeconds() + 5);
        }
        assertThat(w.settledWhen()).contains("5% of the driver's CPU for 5 s");
        assertThat(w.compilerPctOfDriver()).isNotNull().isBetween(0.0, 100.0);
        assertThat(r.configuration().warmupUntilJitSettled()).isTrue();
        assertThat(r.configuration().warmupSeconds()).isEqualTo(10.0);
        assertThat(r.configuration().warmupMostSeconds()).isEqualTo(120.0);
        assertThat(ResultReader.read(Path.of(r.resultDir())).metrics().warmupEnd()).isEqualTo(w);
    }

    @Test
    void aWarmUpGivenLastsExactlyThatLong() throws Exception {
        RunResult r = Tpkit.run(small().warmup(Duration.ofSeconds(2)).build());

        WarmupEnd w = r.metrics().warmupEnd();
        assertThat(w.endedBy()).isEqualTo(WarmupEnd.GIVEN);
        assertThat(w.leastSeconds()).isEqualTo(2.0);
        assertThat(w.settledWhen()).isNull();
        // the warm-up's clock starts before the connections open, its 2 s once they are
        assertThat(r.metrics().warmupSeconds()).isGreaterThanOrEqualTo(2.0).isLessThan(5.0);
        assertThat(r.configuration().warmupSeconds()).isEqualTo(2.0);
        assertThat(r.configuration().warmupUntilJitSettled()).isNull();
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            assertThat(w.compilerPctOfDriver()).isNotNull();
        }
    }
}
