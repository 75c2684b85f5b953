package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.RunResult;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
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
    /** Both external servers, in the order every test JVM takes them (the methods use them in JUnit's). */
    @org.junit.jupiter.api.BeforeAll
    static void takeTheServers() {
        io.tpkit.testing.TestDatabases.takeBothExternalServers();
    }

    @TempDir
    Path temp;

    /** The statement that kills every other session of the driver and returns how many it killed. */
    interface Killer {
        int killOthers(Statement s) throws java.sql.SQLException;
    }

    private static int killPostgres(Statement s) throws java.sql.SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                + "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static int killMysql(Statement s) throws java.sql.SQLException {
        java.util.List<Long> ids = new java.util.ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT id FROM information_schema.PROCESSLIST "
                + "WHERE db = DATABASE() AND id <> CONNECTION_ID() AND command <> 'Daemon'")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        int killed = 0;
        for (long id : ids) {
            try {
                s.execute("KILL CONNECTION " + id);
                killed++;
            } catch (java.sql.SQLException gone) {
                // it ended on its own in between
            }
        }
        return killed;
    }

    private RunResult runWhileKilling(String url, String user) throws Exception {
        return runWhileKilling(url, user, url.startsWith("jdbc:mysql:") ? ConnectionLossIT::killMysql
                : ConnectionLossIT::killPostgres);
    }

    private RunResult runWhileKilling(String url, String user, Killer kill) throws Exception {
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
                    killed.addAndGet(kill.killOthers(s));
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
        // the server's "terminated by administrator" (PostgreSQL 57P01) or a lost link (MariaDB 08S01, 70100)
        assertThat(t.errorsBySqlStateClass().keySet()).containsAnyOf("57", "08", "70", "HY");
        // the servers reconnected and went on committing after the kills
        assertThat(r.metrics().totalCommitted()).isGreaterThan(100);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.metrics().incomplete()).isFalse();
    }

    @Test
    void embeddedPostgres() throws Exception {
        TestDatabases.assumeNotAlsoOnExternalPostgres("ConnectionLossIT.embeddedPostgres");
        try (Target pg = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { })) {
            assertSurvived(runWhileKilling(pg.jdbcUrl(), pg.user()));
        }
    }

    @Test
    void externalMariaDb() throws Exception {
        assertSurvived(runWhileKilling(TestDatabases.externalMysqlUrl(), TestDatabases.externalMysqlUser()));
    }

    @Test
    void externalPostgres() throws Exception {
        assertSurvived(runWhileKilling(TestDatabases.externalPostgresUrl(), TestDatabases.externalPostgresUser()));
    }
}
