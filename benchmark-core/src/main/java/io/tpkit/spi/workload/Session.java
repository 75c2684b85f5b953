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

    /** Closes the connection, and with it the prepared statements. */
    @Override
    default void close() throws SQLException {
        connection().close();
    }
}
