package io.tpkit.spi.workload;

import java.sql.SQLException;

/**
 * A workload's statements on one connection, prepared once, executed through the
 * {@link SessionConnection} so that their round trips are counted. The session commits on
 * success; on an error the scheduler rolls back and retries.
 */
public interface Session extends AutoCloseable {
    Outcome execute(Request request) throws SQLException;

    SessionConnection connection();

    /**
     * What {@code executed}, a deferred transaction that this session just committed, did; null
     * where the workload keeps no result for it.
     */
    default DeferredResult deferredResult(Request executed) {
        return null;
    }

    /**
     * A session on the same connection for the driver's warm-up before the clock of a run in
     * rounds (which has no warm-up phase): the same code and statements, but its transactions
     * leave the benchmark's data as it was (HPSS: temporary tables stand in for its own on this
     * connection). The scheduler runs transactions on it exactly as it runs measured ones, so
     * that the first measured transactions do not pay for the driver's cold start (the JVM
     * interpreting, then compiling, the driver's, the scheduler's and the session's code), which
     * later ones would not; they are counted nowhere. Closing it ends the rehearsal and leaves the
     * connection open. Null (the default) when the workload has none.
     */
    default Session rehearsal() throws SQLException {
        return null;
    }

    /** Closes the connection, and with it the prepared statements. */
    @Override
    default void close() throws SQLException {
        connection().close();
    }
}
