package io.tpkit.runner;

import io.tpkit.config.DatabaseCpu;
import io.tpkit.monitor.ServerProcess;
import io.tpkit.spi.database.ServerCpuClock;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The clock a run reads the database server's CPU from, chosen by {@code --database-cpu}, and
 * why it is absent when no source could be read.
 */
final class DatabaseCpuClock implements AutoCloseable {
    /** The server's processes on this machine (the monitor's db.cpu_pct), or null. */
    final ServerCpuClock process;
    /** The clock of the cost per transaction, or null. */
    final ServerCpuClock clock;
    /** Why {@link #clock} is null, in words for the result's notes. */
    final String absentBecause;
    private final Connection own;

    private DatabaseCpuClock(ServerCpuClock process, ServerCpuClock clock, String absentBecause, Connection own) {
        this.process = process;
        this.clock = clock;
        this.absentBecause = absentBecause;
        this.own = own;
    }

    /** @param probe a connection for the server's process id (not kept) */
    static DatabaseCpuClock find(DatabaseCpu source, WorkloadOnTarget db, Connection probe) throws SQLException {
        ServerCpuClock process = null;
        String noProcess;
        try {
            ServerCpuClock own = db.target.serverCpu();
            process = own != null ? own : ServerProcess.locate(db.target.jdbcUrl(), db.target.plugin(), probe);
            noProcess = null;
        } catch (ServerCpuClock.Unavailable e) {
            noProcess = e.getMessage();
        }
        if (source != DatabaseCpu.STATEMENTS && process != null) {
            return new DatabaseCpuClock(process, process, null, null);
        }
        if (source == DatabaseCpu.PROCESS) {
            return new DatabaseCpuClock(null, null, noProcess, null);
        }
        Connection own = db.connection();
        try {
            own.setAutoCommit(true);
            ServerCpuClock statements = db.target.plugin().statementCpuClock(own);
            return new DatabaseCpuClock(process, statements, null, own);
        } catch (ServerCpuClock.Unavailable e) {
            own.close();
            return new DatabaseCpuClock(process, null,
                    source == DatabaseCpu.STATEMENTS ? e.getMessage() : noProcess + "; " + e.getMessage(), null);
        } catch (SQLException | RuntimeException e) {
            own.close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (own != null) {
            try {
                own.close();
            } catch (SQLException ignored) {
                // the run's figures are read; a failed close loses nothing
            }
        }
    }
}
