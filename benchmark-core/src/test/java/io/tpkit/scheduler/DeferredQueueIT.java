package io.tpkit.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.measurement.DeferredLog;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.DeferredSummary;
import io.tpkit.metrics.Phase;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The deferred queue against the embedded PostgreSQL: each deferred transaction inserts its id,
 * then holds its transaction open for a while, then commits, so the table shows which ones the
 * database committed, and when.
 */
class DeferredQueueIT {
    private static Target target;

    /** Inserts {@code id}, keeps the transaction open for {@code holdMillis}, commits. */
    record Slow(long id, long holdMillis) implements Request {
        @Override
        public int type() {
            return 0;
        }
    }

    @BeforeAll
    static void start() {
        target = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { });
    }

    @AfterAll
    static void stop() {
        if (target != null) {
            target.close();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
    }

    @BeforeEach
    void emptyTable() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS deferred_probe (id bigint PRIMARY KEY)");
            s.execute("TRUNCATE deferred_probe");
        }
    }

    private static SessionFactory slowSessions() {
        return () -> {
            Connection c = connect();
            c.setAutoCommit(false);
            SessionConnection sc = new SessionConnection(c);
            PreparedStatement insert = sc.prepare("INSERT INTO deferred_probe VALUES (?)");
            PreparedStatement hold = sc.prepare("SELECT pg_sleep(?)");
            return new Session() {
                @Override
                public Outcome execute(Request request) throws SQLException {
                    Slow slow = (Slow) request;
                    insert.setLong(1, slow.id());
                    sc.update(insert);
                    hold.setDouble(1, slow.holdMillis() / 1000.0);
                    sc.query(hold).close();
                    sc.commit();
                    return Outcome.COMMITTED;
                }

                @Override
                public SessionConnection connection() {
                    return sc;
                }
            };
        };
    }

    private static long rows() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM deferred_probe")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static MetricsCollector measuring() {
        MetricsCollector metrics = new MetricsCollector(List.of("slow", "slow (deferred)"), 0, System.nanoTime(), null);
        metrics.startPhase(Phase.MEASUREMENT, System.nanoTime());
        return metrics;
    }

    @Test
    void aWorkerStillInsideItsTransactionWhenTheTimeRunsOutCommitsNothing() throws Exception {
        MetricsCollector metrics = measuring();
        StringWriter file = new StringWriter();
        DeferredLog log = new DeferredLog(List.of("slow"), file);
        DeferredQueue queue = DeferredQueue.of(1, t -> true);
        queue.start(slowSessions(), new TransactionRunner(metrics, new PostgresPlugin()::classify, 0), log, 1);
        try {
            queue.add(new Slow(1, 3_000), System.nanoTime());
            queue.add(new Slow(2, 0), System.nanoTime());
            Thread.sleep(500); // the worker is inside the first one's transaction, its row inserted
            metrics.startPhase(Phase.DRAIN, System.nanoTime());
            queue.drain(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200));

            assertThat(rows()).isZero();
            Thread.sleep(3_500); // past the moment the first one would have committed
            assertThat(rows()).as("the cut-off transaction was rolled back by the database").isZero();
            DeferredSummary s = queue.summarize(metrics);
            assertThat(s.queued()).isEqualTo(2);
            assertThat(s.failed()).isEqualTo(1);
            assertThat(s.notExecuted()).isEqualTo(1);
            assertThat(s.completed()).isZero();
            assertThat(s.p90Seconds()).isNull();
            assertThat(s.backlogAtEnd()).as("the second was still queued when the interval ended").isEqualTo(1);
            assertThat(file.toString().lines()).hasSize(3).anyMatch(l -> l.endsWith(",not executed,,"))
                    .anyMatch(l -> l.contains(",failed,"));
        } finally {
            queue.close();
        }
    }

    @Test
    void theQueueOpensWorkersWhileItFallsBehindAndFinishesWhatWasQueued() throws Exception {
        MetricsCollector metrics = measuring();
        DeferredLog log = new DeferredLog(List.of("slow"), null);
        DeferredQueue queue = DeferredQueue.of(1, t -> true);
        queue.start(slowSessions(), new TransactionRunner(metrics, new PostgresPlugin()::classify, 0), log, 3);
        try {
            for (int i = 1; i <= 8; i++) {
                queue.add(new Slow(i, 1_200), System.nanoTime());
            }
            Thread.sleep(300);
            metrics.startPhase(Phase.DRAIN, System.nanoTime());
            queue.drain(System.nanoTime() + TimeUnit.SECONDS.toNanos(60));

            assertThat(rows()).isEqualTo(8);
            DeferredSummary s = queue.summarize(metrics);
            assertThat(s.completed()).isEqualTo(8);
            assertThat(s.maxWorkers()).isEqualTo(3);
            // one worker alone would have needed 9.6 s; a second opened after the first second's wait
            assertThat(s.workers()).isBetween(2, 3);
            assertThat(s.p90Seconds()).isGreaterThan(1.2);
            assertThat(s.backlogAtEnd()).isEqualTo(7);
            assertThat(s.oldestAtEndSeconds()).isGreaterThanOrEqualTo(0.3);
        } finally {
            queue.close();
        }
    }
}
