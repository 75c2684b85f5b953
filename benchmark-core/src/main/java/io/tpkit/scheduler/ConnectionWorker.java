package io.tpkit.scheduler;

import io.tpkit.spi.workload.DeferredResult;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import java.sql.SQLException;

/**
 * A connection worker (a "server" of the terminal/server model): a session that is replaced
 * when its connection is lost. Each worker is driven by one platform thread at a time (a stream's, a closed-model server's or a deferred
 * worker's), so JDBC round trips block in the kernel, as in any connection-pooled server,
 * rather than parking a virtual thread on the JDK's socket poller at every round trip.
 */
final class ConnectionWorker {
    private final SessionFactory factory;
    private volatile Session session; // read by abort() from another thread
    /** Where a lost connection and its replacement are counted, or null. */
    private final io.tpkit.measurement.ConnectionHealth health;
    /** One of the connections the run asked for (a server), rather than a deferred worker. */
    private final boolean asked;
    /** The connection was lost and is not replaced yet. */
    private boolean lost;

    ConnectionWorker(SessionFactory factory) throws SQLException {
        this(factory, null, false);
    }

    ConnectionWorker(SessionFactory factory, io.tpkit.measurement.ConnectionHealth health, boolean asked)
            throws SQLException {
        this.factory = factory;
        this.health = health;
        this.asked = asked;
        this.session = factory.open();
    }

    /** A worker on {@code session} alone: when its connection is lost there is no other. */
    static ConnectionWorker of(Session session) throws SQLException {
        return new ConnectionWorker(new SessionFactory() {
            private boolean given;

            @Override
            public Session open() throws SQLException {
                if (given) {
                    throw new SQLException("the connection was lost", "08003");
                }
                given = true;
                return session;
            }

            @Override
            public void retire(Session s) {
                // the session's owner closes it
            }
        });
    }

    /** The session, reopened first if its connection was lost earlier. */
    Session session() throws SQLException {
        if (session == null) {
            session = factory.open();
            if (lost) {
                lost = false;
                if (health != null && asked) {
                    health.replaced(true);
                }
            }
        }
        return session;
    }

    /** Ends a transaction an error left open (see {@link SessionConnection#rollbackQuietly}). */
    void rollbackQuietly() {
        SessionConnection c = currentConnection();
        if (c != null) {
            c.rollbackQuietly();
        }
    }

    /** The open session's connection, or null; never opens one. */
    SessionConnection currentConnection() {
        return session == null ? null : session.connection();
    }

    /**
     * Drops a session whose connection is gone (counted once, however many attempts to replace
     * it fail); the next {@link #session()} opens a new one.
     */
    void discard(SQLException cause) {
        closeQuietly();
        session = null;
        if (!lost) {
            lost = true;
            if (health != null) {
                health.lost(asked, cause.getSQLState(), cause.getMessage());
            }
        }
    }

    /** The run is over: a connection still lost no longer counts as missing. */
    void endOfRun() {
        closeQuietly();
        if (lost && health != null && asked) {
            health.replaced(false);
        }
        lost = false;
    }

    /** What the session's last deferred transaction did, if the session is still open. */
    DeferredResult deferredResult(Request executed) {
        return session == null ? null : session.deferredResult(executed);
    }

    /**
     * Cuts the connection from another thread (JDBC's abort), for a thread still working when
     * the run must end: the database rolls back whatever that thread had not committed, so
     * nothing it does lands after the run's checks have started.
     */
    void abort() {
        SessionConnection c = currentConnection();
        if (c != null) {
            try {
                c.jdbc().abort(Runnable::run);
            } catch (SQLException | RuntimeException ignored) {
                // already closed or broken: nothing more can be sent on it either
            }
        }
    }

    /**
     * Closes the session for good, its connection with it (not back into a pool), as a program
     * that ends; the next {@link #session()} opens a new one. Never throws.
     */
    void retire() {
        Session s = session;
        session = null;
        if (s != null) {
            try {
                factory.retire(s);
            } catch (SQLException | RuntimeException ignored) {
                // a connection that cannot close cleanly is gone all the same
            }
        }
    }

    /**
     * Opens the session now if none is open. A failure is left to the next transaction, which
     * opens it again and counts the failure as its own.
     */
    void openQuietly() {
        try {
            session();
        } catch (SQLException | RuntimeException ignored) {
            // see above
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
