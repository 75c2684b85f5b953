package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Logic;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deferred Delivery whose connection is lost during its COMMIT (on a PostgreSQL of the test's
 * own, whose orders carry a deferred trigger that makes the COMMIT last, and whose backends are
 * ended while in it): one classification everywhere, "outcome unknown", in deferred.csv,
 * metrics.deferred and the type's row that the failed-transactions rule counts.
 */
class DeferredCommitLostIT {
    @TempDir
    Path temp;

    @Test
    void aDeliveryLostDuringItsCommitIsOutcomeUnknownEverywhere() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a Delivery lost during its COMMIT");
        Target server = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tpcc").build(), line -> { });
        try {
            BenchmarkConfig.Builder config = BenchmarkConfig.builder("tpcc")
                    .target(server.jdbcUrl().replaceFirst("\\?.*", "")).user(server.user()).scale(1).connections(2)
                    .thinkFactor(0).logic(Logic.INTERACTIVE).warmup(Duration.ofSeconds(1))
                    .duration(Duration.ofSeconds(8)).seed(3).outDir(temp);
            Tpkit.load(config.loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
            try (Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), null);
                 Statement s = c.createStatement()) {
                // a Delivery's COMMIT runs this once per order it delivers: 40 ms each
                s.execute("CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS "
                        + "$$ BEGIN PERFORM pg_sleep(0.04); RETURN NULL; END $$");
                s.execute("CREATE CONSTRAINT TRIGGER slow_commit AFTER UPDATE ON oorder DEFERRABLE INITIALLY "
                        + "DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()");
            }
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicBoolean measuring = new AtomicBoolean();
            AtomicInteger ended = new AtomicInteger();
            // the Deliveries are ended in the measurement interval, which metrics.deferred counts (on a
            // busy machine a fixed sleep ended them in the warm-up instead)
            RunListener phases = new RunListener() {
                @Override
                public void sample(io.tpkit.metrics.IntervalSample sample, double phaseElapsed, double phaseLength,
                                   long measuredCommitted) {
                    if (sample.phase() == io.tpkit.metrics.Phase.MEASUREMENT) {
                        measuring.set(true);
                    }
                }
            };
            Thread killer = Thread.ofPlatform().daemon().start(() -> {
                try (Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), null);
                     Statement s = c.createStatement()) {
                    while (running.get() && !measuring.get()) {
                        Thread.sleep(20);
                    }
                    // past the Deliveries the warm-up queued (a busy machine's queue runs behind), and on
                    // until the run has drained its queue, whose last Deliveries were queued in the interval
                    Thread.sleep(3_000);
                    while (running.get()) {
                        try (ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM "
                                + "pg_stat_activity WHERE query = 'COMMIT' AND state = 'active' "
                                + "AND wait_event = 'PgSleep'")) {
                            rs.next();
                            if (ended.addAndGet(rs.getInt(1)) > 0) {
                                Thread.sleep(500);
                            }
                        }
                        Thread.sleep(20);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            RunResult r;
            try {
                r = Tpkit.run(config.loadPolicy(LoadPolicy.NEVER).build(), phases, new RunControl());
            } finally {
                running.set(false);
                killer.join(5_000);
            }
            assertThat(ended.get()).as("Deliveries ended during their COMMIT").isPositive();

            List<String> csv = Files.readAllLines(Path.of(r.resultDir(), "deferred.csv"));
            long unknownLines = csv.stream().filter(l -> l.contains(",outcome unknown,")).count();
            assertThat(unknownLines).as("deferred.csv").isPositive();
            assertThat(csv).as("none of them 'failed'").noneMatch(l -> l.contains(",failed,"));
            JsonNode json = ResultWriter.json().readTree(Path.of(r.resultDir(), "result.json").toFile());
            JsonNode deferred = json.at("/metrics/deferred");
            assertThat(deferred.get("failed").asLong()).isZero();
            // those queued in the interval, of all the file's lines
            assertThat(deferred.get("outcomeUnknown").asLong()).isBetween(1L, unknownLines);
            long rowUnknown = r.metrics().types().stream().filter(t -> t.name().endsWith(" (deferred)"))
                    .mapToLong(io.tpkit.metrics.TypeSummary::outcomeUnknown).sum();
            assertThat(rowUnknown).as("the (deferred) row, which the rule and the console count").isPositive();
            String rule = r.validity().rules().stream().filter(x -> x.id().equals("failed-transactions"))
                    .findFirst().orElseThrow().detail();
            assertThat(rule).contains(rowUnknown + " with an unknown outcome");
        } finally {
            server.close();
        }
    }
}
