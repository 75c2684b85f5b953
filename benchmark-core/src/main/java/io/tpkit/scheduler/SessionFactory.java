package io.tpkit.scheduler;

import io.tpkit.spi.workload.Session;
import java.sql.SQLException;

/** Opens a connection and a workload session on it (one per server), and closes them for good. */
@FunctionalInterface
public interface SessionFactory {
    Session open() throws SQLException;

    /**
     * Closes a session and its connection for good (a pool's connection closed, not returned),
     * for a run in rounds that opens new connections for each round. By default
     * {@link Session#close()}.
     */
    default void retire(Session session) throws SQLException {
        session.close();
    }
}
