package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Isolation;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A contention storm: every stream updates the one branch row under repeatable read, so
 * PostgreSQL refuses concurrent updates with serialization failures. They are retried with
 * back-off and counted; a transaction that runs out of retries fails with its cause.
 */
class ContentionIT {
    @TempDir
    Path temp;

    @Test
    void serializationFailuresAreRetriedAndCounted() throws Exception {
        RunResult r = Tpkit.run(BenchmarkConfig.builder("tp1").dataDir(temp.resolve("pgdata"))
                .option("accounts-per-branch", "1000").connections(6).isolation(Isolation.REPEATABLE_READ)
                .warmup(Duration.ZERO).transactions(600L).maxRetries(3).loadPolicy(LoadPolicy.ALWAYS)
                .outDir(temp.resolve("results")).build());

        TypeSummary t = r.metrics().types().getFirst();
        assertThat(t.committed()).isEqualTo(600);
        assertThat(t.retries().get("serialization")).as("retries by cause").isPositive();
        assertThat(t.committedAfterRetries()).isPositive();
        assertThat(t.errorsBySqlStateClass()).containsKey("40");
        // with 3 retries some transactions give up: failed, with their cause, never counted as committed
        assertThat(t.failed().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(t.failed().getOrDefault("serialization", 0L));
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.configuration().isolation()).isEqualTo("repeatable-read");
    }
}
