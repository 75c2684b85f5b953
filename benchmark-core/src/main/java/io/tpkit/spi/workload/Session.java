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
     * Runs the session's own code before the clock of a run in rounds starts (such a run has no
     * warm-up phase), leaving the benchmark's data as it was: the first measured transactions
     * then do not pay for the driver's cold start (the JVM interpreting, then compiling, the
     * driver's and the session's code), which the later ones would not. HPSS creates files in
     * temporary tables that stand in for its own on this connection. What it does is not counted.
     * Nothing by default.
     */
    default void warmUp() throws SQLException {
    }

    /** Closes the connection, and with it the prepared statements. */
    @Override
    default void close() throws SQLException {
        connection().close();
    }
}
