package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database goes away for a few seconds in the middle of a TP1 run and comes back on the
 * same port and data: the run waits, resumes, reports the outage, and ends on time.
 */
class DatabaseRestartIT {
    @TempDir
    Path temp;

    private static EmbeddedPostgres start(Path data, int port) throws Exception {
        return EmbeddedPostgres.builder().setPort(port).setDataDirectory(data).setCleanDataDirectory(false).start();
    }

    @Test
    void theRunRidesOutARestart() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a run riding out a server restart");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path data = temp.resolve("pgdata");
        AtomicReference<EmbeddedPostgres> pg = new AtomicReference<>(start(data, port));
        String url = "jdbc:postgresql://localhost:" + port + "/postgres";
        BenchmarkConfig config = BenchmarkConfig.builder("tp1").target(url).user("postgres")
                .option("accounts-per-branch", "5000").connections(3).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(12)).loadPolicy(LoadPolicy.ALWAYS).outDir(temp.resolve("results")).build();
        Thread restarter = Thread.ofPlatform().start(() -> {
            try {
                waitForHistory(url);
                Thread.sleep(2_000);
                pg.get().close();
                Thread.sleep(3_000);
                pg.set(start(data, port));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long begin = System.nanoTime();
        RunResult r;
        try {
            r = Tpkit.run(config);
        } finally {
            restarter.join();
        }
        double wall = (System.nanoTime() - begin) / 1e9;
        try {
            assertThat(r.metrics().measurementSeconds()).isBetween(11.0, 13.0);
            assertThat(wall).as("load, 12 s measured and the checks, with a bounded grace").isLessThan(12 + 45);
            assertThat(r.metrics().totalFailed() + r.metrics().types().getFirst().outcomeUnknown()).isPositive();
            assertThat(r.consistency()).allMatch(CheckResult::passed);
            assertThat(r.outages()).isNotEmpty();
            assertThat(r.outages().getFirst().seconds()).isBetween(2.0, 15.0);
            // the run went on committing after the server came back
            assertThat(r.outages().getLast().to()).isLessThan(r.metrics().warmupSeconds() + 12.0);
        } finally {
            pg.get().close();
        }
    }

    private static void waitForHistory(String url) throws Exception {
        while (true) {
            try (Connection c = DriverManager.getConnection(url, "postgres", null); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*) FROM tp1_history")) {
                rs.next();
                if (rs.getLong(1) > 0) {
                    return;
                }
            } catch (java.sql.SQLException e) {
                // not loaded yet
            }
            Thread.sleep(100);
        }
    }
}
