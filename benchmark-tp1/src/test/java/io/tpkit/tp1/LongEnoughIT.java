package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.RuleResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run rules of the core on real short runs of the embedded PostgreSQL, which the test starts
 * itself (and the runs reach through its JDBC URL) so that it can change its settings and act
 * during the measurement interval.
 */
class LongEnoughIT {
    @TempDir
    Path temp;

    @Test
    void aFewSecondsHoldNoCheckpointUntilOneIsRequestedInsideTheInterval() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a checkpoint requested inside the interval");
        try (Target pg = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { })) {
            BenchmarkConfig.Builder config = BenchmarkConfig.builder("tp1").target(pg.jdbcUrl()).user(pg.user())
                    .scale(2).option("accounts-per-branch", "5000").connections(2)
                    .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(5)).outDir(temp.resolve("results"));
            Tpkit.load(config.build(), RunListener.SILENT);
            config.loadPolicy(LoadPolicy.NEVER);

            // the server started seconds ago with checkpoint_timeout 5min: its first timed
            // checkpoint is minutes away, and 5 s of TP1 write nowhere near max_wal_size
            RunResult shortRun = Tpkit.run(config.build());

            RuleResult notMet = rule(shortRun, "long-enough");
            assertThat(notMet.status()).isEqualTo(RuleResult.Status.FAILED);
            assertThat(notMet.detail()).startsWith("no checkpoint inside the ")
                    .contains("checkpoint_timeout is 5min", "measure at least 300 s (--duration 5m)");
            assertThat(shortRun.validity().verdict()).contains("long-enough");
            // the other two run rules are judged too: the driver's CPU was measured, and a
            // think-free stream's cycle (its response time) is far inside a 1 s warm-up
            assertThat(rule(shortRun, "driver-saturation").status()).isNotEqualTo(RuleResult.Status.NOT_APPLICABLE);
            assertThat(rule(shortRun, "driver-saturation").detail()).contains("driver CPU", "the database runs on "
                    + "this machine", "schedule lag not judged: streams run back to back");
            assertThat(rule(shortRun, "warm-up-cycle").status()).isEqualTo(RuleResult.Status.PASSED);

            // autovacuum visits the database every second; a CHECKPOINT is requested as soon as the
            // first second of the measurement has been sampled
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), null);
                 Statement s = c.createStatement()) {
                s.execute("ALTER SYSTEM SET autovacuum_naptime = '1s'");
                s.execute("SELECT pg_reload_conf()");
            }
            CheckpointInside listener = new CheckpointInside(pg);
            RunResult covered = Tpkit.run(config.build(), listener, new RunControl());

            assertThat(listener.checkpoint.get(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            RuleResult met = rule(covered, "long-enough");
            assertThat(met.status()).as(met.detail()).isEqualTo(RuleResult.Status.PASSED);
            assertThat(met.detail()).matches("\\d+ checkpoints? inside the 5\\.\\d s interval; \\d+ autovacuums? and "
                    + "\\d+ autoanalyzes? of this database's tables finished inside it");
            assertThat(covered.monitor().events()).anyMatch(e -> e.event().equals("checkpoint (requested)"));
        }
    }

    private static RuleResult rule(RunResult r, String id) {
        return r.validity().rules().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
    }

    /** Requests a checkpoint, once, on a connection of its own, when the first measured second is sampled. */
    private static final class CheckpointInside implements RunListener {
        final CompletableFuture<Boolean> checkpoint = new CompletableFuture<>();
        private final Target pg;
        private boolean requested;

        CheckpointInside(Target pg) {
            this.pg = pg;
        }

        @Override
        public void sample(IntervalSample sample, double phaseElapsed, double phaseLength, long measuredCommitted) {
            if (requested || sample.phase() != Phase.MEASUREMENT) {
                return;
            }
            requested = true;
            // not on the sampling thread, which the run needs every second
            Thread.ofPlatform().daemon().start(() -> {
                try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), null);
                     Statement s = c.createStatement()) {
                    s.execute("CHECKPOINT");
                    checkpoint.complete(true);
                } catch (Exception e) {
                    checkpoint.completeExceptionally(e);
                }
            });
        }
    }
}
