package io.tpkit.spi;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A workload's statements on one connection, prepared once. The scheduler owns the
 * connection's transaction boundaries on failure (it rolls back and retries); the session
 * commits on success.
 */
public interface Session extends AutoCloseable {
    Outcome execute(Request request) throws SQLException;

    Connection connection();

    @Override
    void close() throws SQLException;
}
