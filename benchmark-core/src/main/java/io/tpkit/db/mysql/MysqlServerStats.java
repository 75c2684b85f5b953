package io.tpkit.db.mysql;

import io.tpkit.monitor.MonitorColumns;
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
                List.of(Series.perSecond(MonitorColumns.COMMITS, "Handler_commit"),
                        Series.perSecond(MonitorColumns.ROLLBACKS, "Handler_rollback"),
                        Series.perSecond(MonitorColumns.BLOCK_HITS, "Innodb_buffer_pool_read_requests"),
                        Series.perSecond(MonitorColumns.BLOCK_READS, "Innodb_buffer_pool_reads"),
                        Series.count(MonitorColumns.DEADLOCKS, "Innodb_deadlocks"),
                        Series.perSecond(MonitorColumns.WAL_BYTES, "Innodb_os_log_written"),
                        Series.perSecond(MonitorColumns.ROW_LOCK_WAITS, "Innodb_row_lock_waits"),
                        Series.perSecond(MonitorColumns.DATA_WRITTEN_BYTES, "Innodb_data_written")),
                List.of())));
    }
}
