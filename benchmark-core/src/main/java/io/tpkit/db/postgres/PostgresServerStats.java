package io.tpkit.db.postgres;

import io.tpkit.monitor.MonitorColumns;
import io.tpkit.monitor.CounterSampler;
import io.tpkit.monitor.CounterSampler.Event;
import io.tpkit.monitor.CounterSampler.Series;
import io.tpkit.monitor.CounterSampler.Source;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's counters for the run monitor: one-row reads of the cumulative statistics views,
 * chosen by server version. pg_stat_database and pg_stat_user_tables cover the current database
 * only; checkpoints and WAL are server-wide. The statistics views are updated by each backend at most about once a
 * second, so a second's figure can include a little of its neighbour's.
 */
final class PostgresServerStats {
    private PostgresServerStats() {
    }

    static CounterSampler sampler() {
        return new CounterSampler(c -> sources(versionNum(c)));
    }

    static int versionNum(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW server_version_num")) {
            rs.next();
            return Integer.parseInt(rs.getString(1).trim());
        }
    }

    static List<Source> sources(int versionNum) {
        return sources(versionNum, "pg_stat_database", versionNum >= 170000 ? "pg_stat_checkpointer" : "pg_stat_bgwriter",
                "pg_stat_wal");
    }

    /** The view names are parameters so that a test can name one the server does not have. */
    static List<Source> sources(int versionNum, String databaseView, String checkpointView, String walView) {
        List<Source> sources = new ArrayList<>();
        sources.add(new Source(databaseView, CounterSampler.singleRow(
                "SELECT xact_commit, xact_rollback, blks_hit, blks_read, deadlocks, temp_bytes FROM " + databaseView
                        + " WHERE datname = current_database()"),
                List.of(Series.perSecond(MonitorColumns.COMMITS, "xact_commit"),
                        Series.perSecond(MonitorColumns.ROLLBACKS, "xact_rollback"),
                        Series.perSecond(MonitorColumns.BLOCK_HITS, "blks_hit"),
                        Series.perSecond(MonitorColumns.BLOCK_READS, "blks_read"),
                        Series.count(MonitorColumns.DEADLOCKS, "deadlocks"),
                        Series.perSecond(MonitorColumns.TEMP_BYTES, "temp_bytes")),
                List.of()));
        // PostgreSQL 17 moved the checkpoint counters from pg_stat_bgwriter to pg_stat_checkpointer
        String columns = versionNum >= 170000
                ? "num_timed AS timed, num_requested AS requested, write_time, sync_time"
                : "checkpoints_timed AS timed, checkpoints_req AS requested, checkpoint_write_time AS write_time, "
                        + "checkpoint_sync_time AS sync_time";
        sources.add(new Source(checkpointView, CounterSampler.singleRow(
                "SELECT " + columns + ", " + (versionNum >= 170000 ? "num_timed + num_requested"
                        : "checkpoints_timed + checkpoints_req") + " AS checkpoints FROM " + checkpointView),
                List.of(Series.count(MonitorColumns.CHECKPOINTS, "checkpoints"),
                        Series.perSecond(MonitorColumns.CHECKPOINT_WRITE_MS, "write_time"),
                        Series.perSecond(MonitorColumns.CHECKPOINT_SYNC_MS, "sync_time")),
                List.of(new Event("timed", "checkpoint (timed)"), new Event("requested", "checkpoint (requested)"))));
        if (versionNum >= 140000) {
            sources.add(new Source(walView, CounterSampler.singleRow("SELECT wal_bytes FROM " + walView),
                    List.of(Series.perSecond(MonitorColumns.WAL_BYTES, "wal_bytes")), List.of()));
        } else {
            // before pg_stat_wal: the WAL insert position, in bytes since the start of WAL
            sources.add(new Source("pg_current_wal_lsn()", CounterSampler.singleRow(
                    "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS wal_bytes"),
                    List.of(Series.perSecond(MonitorColumns.WAL_BYTES, "wal_bytes")), List.of()));
        }
        // autovacuum and autoanalyze runs that finished on this database's tables: the upkeep a
        // run's writes provoke, which the long-enough rule wants inside the measurement interval
        sources.add(new Source("pg_stat_user_tables", CounterSampler.singleRow(
                "SELECT coalesce(sum(autovacuum_count), 0) AS autovacuums, "
                        + "coalesce(sum(autoanalyze_count), 0) AS autoanalyzes FROM pg_stat_user_tables"),
                List.of(Series.count(MonitorColumns.AUTOVACUUMS, "autovacuums"), Series.count(MonitorColumns.AUTOANALYZES, "autoanalyzes")),
                List.of()));
        return sources;
    }
}
