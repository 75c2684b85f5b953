package io.tpkit.db.mysql;

import io.tpkit.monitor.CounterSampler;
import io.tpkit.monitor.CounterSampler.Series;
import io.tpkit.monitor.CounterSampler.Source;
import java.util.List;

/**
 * MySQL/MariaDB counters for the run monitor, from one {@code SHOW GLOBAL STATUS} per second
 * (server-wide). Commits are {@code Handler_commit}, which counts auto-committed statements
 * too, unlike {@code Com_commit}; redo bytes are {@code Innodb_os_log_written}. A counter the
 * server does not have (MySQL has no {@code Innodb_deadlocks}) is simply absent.
 */
final class MysqlServerStats {
    private MysqlServerStats() {
    }

    static CounterSampler sampler() {
        return new CounterSampler(List.of(new Source("SHOW GLOBAL STATUS",
                CounterSampler.nameValueRows("SHOW GLOBAL STATUS"),
                List.of(Series.perSecond("db.commits_per_s", "Handler_commit"),
                        Series.perSecond("db.rollbacks_per_s", "Handler_rollback"),
                        Series.perSecond("db.blks_hit_per_s", "Innodb_buffer_pool_read_requests"),
                        Series.perSecond("db.blks_read_per_s", "Innodb_buffer_pool_reads"),
                        Series.count("db.deadlocks", "Innodb_deadlocks"),
                        Series.perSecond("db.wal_bytes_per_s", "Innodb_os_log_written"),
                        Series.perSecond("db.row_lock_waits_per_s", "Innodb_row_lock_waits"),
                        Series.perSecond("db.data_written_bytes_per_s", "Innodb_data_written")),
                List.of())));
    }
}
