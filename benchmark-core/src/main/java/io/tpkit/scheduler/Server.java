package io.tpkit.scheduler;

import io.tpkit.spi.workload.Session;
import java.sql.SQLException;

/**
 * One connection worker: a session that is replaced when its connection is lost. Each server
 * is driven by one platform thread at a time (a stream's, a closed-model server's or a deferred
 * worker's), so JDBC round trips block in the kernel, as in any connection-pooled server,
 * rather than parking a virtual thread on the JDK's socket poller at every round trip.
 */
final class Server {
    private final SessionFactory factory;
    private volatile Session session; // read by abort() from another thread

    Server(SessionFactory factory) throws SQLException {
        this.factory = factory;
        this.session = factory.open();
    }

    /** The session, reopened first if its connection was lost earlier. */
    Session session() throws SQLException {
        if (session == null) {
            session = factory.open();
        }
        return session;
    }

    void rollbackQuietly() {
        if (session == null) {
            return;
        }
        try {
            if (!session.connection().autoCommit()) {
                session.connection().rollback();
            }
        } catch (SQLException | RuntimeException ignored) {
            // the connection may be gone; the next error (or reconnect) tells
        }
    }

    /** The open session's connection, or null; never opens one. */
    io.tpkit.spi.workload.SessionConnection currentConnection() {
        return session == null ? null : session.connection();
    }

    /** Drops a session whose connection is gone; the next {@link #session()} opens a new one. */
    void discard() {
        closeQuietly();
        session = null;
    }

    /** What the session's last deferred transaction did, if the session is still open. */
    io.tpkit.spi.workload.DeferredResult deferredResult(io.tpkit.spi.workload.Request executed) {
        return session == null ? null : session.deferredResult(executed);
    }

    /**
     * Cuts the connection from another thread (JDBC's abort), for a thread still working when
     * the run must end: the database rolls back whatever that thread had not committed, so
     * nothing it does lands after the run's checks have started.
     */
    void abort() {
        io.tpkit.spi.workload.SessionConnection c = currentConnection();
        if (c != null) {
            try {
                c.jdbc().abort(Runnable::run);
            } catch (SQLException | RuntimeException ignored) {
                // already closed or broken: nothing more can be sent on it either
            }
        }
    }

    void closeQuietly() {
        if (session != null) {
            try {
                session.close();
            } catch (SQLException | RuntimeException ignored) {
                // closing a broken connection may fail; nothing to recover
            }
        }
    }
}
