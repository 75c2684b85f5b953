package io.tpkit.runner;

import io.tpkit.spi.database.SettingsSnapshot;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What a run reads from the database before it starts: the server's settings (for durability
 * and the record), the transactions it has counted so far (for the cross-check after the run),
 * and where to read its CPU time from.
 *
 * @param transactionCount the database's own count of the workload's transactions, or -1
 *                         when the workload cannot read one
 */
record BeforeRun(SettingsSnapshot server, long transactionCount, DatabaseCpuClock databaseCpu) {

    /** Lets the workload prepare the data for a run (e.g. a fresh history marker), then reads. */
    static BeforeRun prepareAndRead(WorkloadOnTarget db) throws SQLException {
        try (Connection c = db.connection()) {
            db.bound.prepareRun(c);
            SettingsSnapshot server = db.target.plugin().settings(c);
            long count = db.bound.databaseTransactionCount(c);
            return new BeforeRun(server, count, DatabaseCpuClock.find(db.config.databaseCpu(), db, c));
        }
    }
}
