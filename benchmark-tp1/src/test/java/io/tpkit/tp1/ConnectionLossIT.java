package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.BenchmarkConfig;
import io.tpkit.api.LoadPolicy;
import io.tpkit.api.Tpkit;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import io.tpkit.spi.CheckResult;
import io.tpkit.target.EmbeddedPostgresTarget;
import io.tpkit.target.Target;
import io.tpkit.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's connections are killed by the server while TP1 runs: the run goes on, the
 * servers reconnect, losses are counted by cause (or as outcome unknown when the commit was in
 * flight), and the consistency check still reconciles the database with the driver.
 */
class ConnectionLossIT {
    @TempDir
    Path temp;

    private RunResult runWhileKilling(String url, String user) throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("tp1").target(url).user(user)
                .option("accounts-per-branch", "5000").connections(4).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(6)).loadPolicy(LoadPolicy.ALWAYS).outDir(temp.resolve("results")).build();
        AtomicInteger killed = new AtomicInteger();
        Thread killer = Thread.ofPlatform().start(() -> {
            try (Connection c = DriverManager.getConnection(url, user, null); Statement s = c.createStatement()) {
                // wait for the measurement (after the load), then kill every driver session a few times
                Thread.sleep(1_000);
                while (!hasHistory(s)) {
                    Thread.sleep(100);
                }
                for (int round = 0; round < 4; round++) {
                    Thread.sleep(700);
                    try (ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                            + "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'")) {
                        rs.next();
                        killed.addAndGet(rs.getInt(1));
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        RunResult r = Tpkit.run(config);
        killer.join();
        assertThat(killed.get()).as("sessions killed").isPositive();
        return r;
    }

    private static boolean hasHistory(Statement s) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM tp1_history")) {
            rs.next();
            return rs.getLong(1) > 0;
        } catch (java.sql.SQLException e) {
            return false; // the load has not created the table yet
        }
    }

    private static void assertSurvived(RunResult r) {
        TypeSummary t = r.metrics().types().getFirst();
        long lost = t.failed().getOrDefault("connection", 0L) + t.outcomeUnknown();
        assertThat(lost).as("transactions affected by the killed connections").isPositive();
        assertThat(t.errorsBySqlStateClass()).containsKey("57"); // admin shutdown: terminated by the server
        // the servers reconnected and went on committing after the kills
        assertThat(r.metrics().totalCommitted()).isGreaterThan(100);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.metrics().incomplete()).isFalse();
    }

    @Test
    void embeddedPostgres() throws Exception {
        try (Target pg = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { })) {
            assertSurvived(runWhileKilling(pg.jdbcUrl(), pg.user()));
        }
    }

    @Test
    void externalPostgres() throws Exception {
        assertSurvived(runWhileKilling(TestDatabases.externalPostgresUrl(), TestDatabases.externalPostgresUser()));
    }
}
