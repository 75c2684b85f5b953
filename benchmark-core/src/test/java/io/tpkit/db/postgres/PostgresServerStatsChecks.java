package io.tpkit.db.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.monitor.CounterSampler;
import io.tpkit.spi.database.ServerStatsSampler;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The PostgreSQL sampler against a real server; the subclasses say which one. */
abstract class PostgresServerStatsChecks {
    private static final long PATIENCE_NANOS = 20_000_000_000L; // statistics reach the views within seconds

    /** A connection of a user allowed to run CHECKPOINT. */
    abstract Connection connect() throws SQLException;

    @Test
    void commitsAndACheckpointShowUp() throws Exception {
        try (Connection monitor = monitorConnection()) {
            CounterSampler sampler = PostgresServerStats.sampler();
            assertThat(sampler.sample(monitor, 1).values()).isEmpty(); // the baseline
            int n = 200;
            try (Connection work = connect(); Statement s = work.createStatement()) {
                s.execute("CREATE TEMP TABLE monitored (x int)");
                for (int i = 0; i < n; i++) {
                    s.executeUpdate("INSERT INTO monitored VALUES (" + i + ")");
                }
            } // a backend reports its statistics when it ends at the latest
            List<ServerStatsSampler.Sample> seen = until(sampler, monitor,
                    all -> sum(all, "db.commits_per_s") >= n && sum(all, "db.wal_bytes_per_s") > 0);
            assertThat(sum(seen, "db.commits_per_s")).isGreaterThanOrEqualTo(n);
            assertThat(sum(seen, "db.wal_bytes_per_s")).isPositive();
            assertThat(seen.getLast().values()).containsKeys("db.rollbacks_per_s", "db.blks_hit_per_s",
                    "db.blks_read_per_s", "db.deadlocks", "db.temp_bytes_per_s", "db.checkpoints",
                    "db.checkpoint_write_ms_per_s", "db.checkpoint_sync_ms_per_s", "db.autovacuums",
                    "db.autoanalyzes");
            assertThat(sampler.notes()).isEmpty();

            try (Connection work = connect(); Statement s = work.createStatement()) {
                s.execute("CHECKPOINT");
            }
            List<ServerStatsSampler.Sample> after = until(sampler, monitor,
                    all -> all.stream().anyMatch(x -> x.events().contains("checkpoint (requested)")));
            assertThat(after.stream().flatMap(x -> x.events().stream())).contains("checkpoint (requested)");
            assertThat(sum(after, "db.checkpoints")).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void aRefusedQueryDropsItsSeriesWithANoteAndTheRestGoOn() throws Exception {
        try (Connection monitor = monitorConnection()) {
            int version = PostgresServerStats.versionNum(monitor);
            CounterSampler sampler = new CounterSampler(
                    PostgresServerStats.sources(version, "pg_stat_database", "pg_stat_no_such_view", "pg_stat_wal"));
            sampler.sample(monitor, 1);
            try (Connection work = connect(); Statement s = work.createStatement()) {
                s.execute("SELECT 1");
            }
            List<ServerStatsSampler.Sample> seen = until(sampler, monitor, all -> sum(all, "db.commits_per_s") >= 1);
            Map<String, Double> last = seen.getLast().values();
            assertThat(last).containsKeys("db.commits_per_s", "db.autovacuums").doesNotContainKeys("db.checkpoints",
                    "db.checkpoint_write_ms_per_s", "db.checkpoint_sync_ms_per_s");
            if (version >= 140000) {
                // the source after the refused one still works in the same sample
                assertThat(last).containsKey("db.wal_bytes_per_s");
            }
            assertThat(sampler.notes()).singleElement().satisfies(note -> assertThat(note)
                    .startsWith("db.checkpoints, db.checkpoint_write_ms_per_s, db.checkpoint_sync_ms_per_s absent: "
                            + "pg_stat_no_such_view refused: ")
                    .contains("pg_stat_no_such_view"));
        }
    }

    /** As the monitor uses it: one read-only transaction per sample. */
    Connection monitorConnection() throws SQLException {
        Connection c = connect();
        c.setAutoCommit(false);
        c.setReadOnly(true);
        return c;
    }

    static List<ServerStatsSampler.Sample> until(CounterSampler sampler, Connection c,
                                                 Predicate<List<ServerStatsSampler.Sample>> done) throws Exception {
        List<ServerStatsSampler.Sample> all = new ArrayList<>();
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        while (System.nanoTime() < deadline) {
            Thread.sleep(250);
            all.add(sampler.sample(c, 1)); // one "second" each: a rate is then the change itself
            if (done.test(all)) {
                break;
            }
        }
        return all;
    }

    static double sum(List<ServerStatsSampler.Sample> samples, String series) {
        return samples.stream().mapToDouble(s -> s.values().getOrDefault(series, 0.0)).sum();
    }
}
