package io.tpkit.scheduler;

import io.tpkit.spi.Session;
import java.sql.SQLException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One connection worker: a session that is replaced when its connection is lost, and (for the
 * closed model) a platform thread of its own that executes the terminals' transactions.
 *
 * <p>Why a platform thread: a JDBC statement on a virtual thread parks on the JDK's socket
 * poller and is woken through it at every round trip, and a TPC-C New-Order makes about thirty.
 * Handing the whole transaction to the connection's own thread costs two wake-ups instead, and
 * the statements block in the kernel as they would in any connection-pooled server.
 */
final class Server {
    private final SessionFactory factory;
    private Session session;
    private final SynchronousQueue<Job> inbox = new SynchronousQueue<>();
    private Thread worker;

    Server(SessionFactory factory) throws SQLException {
        this.factory = factory;
        this.session = factory.open();
    }

    /** A transaction handed from a terminal to the server's thread. */
    private static final class Job {
        final BooleanSupplier work;
        final Thread caller = Thread.currentThread();
        volatile boolean done;
        boolean result;
        Throwable failure;

        Job(BooleanSupplier work) {
            this.work = work;
        }
    }

    /**
     * Runs {@code work} on this server's own thread and waits for it; only the terminal that
     * holds the server calls this.
     */
    boolean runOnOwnThread(BooleanSupplier work) throws InterruptedException {
        if (worker == null) {
            worker = Thread.ofPlatform().daemon().name("server").start(this::serve);
        }
        Job job = new Job(work);
        inbox.put(job);
        while (!job.done) {
            LockSupport.park(this);
        }
        if (job.failure instanceof RuntimeException e) {
            throw e;
        }
        if (job.failure instanceof Error e) {
            throw e;
        }
        return job.result;
    }

    private void serve() {
        while (true) {
            Job job;
            try {
                job = inbox.take();
            } catch (InterruptedException e) {
                return; // closed
            }
            try {
                job.result = job.work.getAsBoolean();
            } catch (RuntimeException | Error e) {
                job.failure = e;
            } finally {
                job.done = true;
                LockSupport.unpark(job.caller);
            }
        }
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
            if (!session.connection().getAutoCommit()) {
                session.connection().rollback();
            }
        } catch (SQLException | RuntimeException ignored) {
            // the connection may be gone; the next error (or reconnect) tells
        }
    }

    /** The open session's connection, or null; never opens one. */
    java.sql.Connection currentConnection() {
        return session == null ? null : session.connection();
    }

    /** Drops a session whose connection is gone; the next {@link #session()} opens a new one. */
    void discard() {
        closeQuietly();
        session = null;
    }

    void closeQuietly() {
        if (worker != null) {
            worker.interrupt();
        }
        if (session != null) {
            try {
                session.close();
            } catch (SQLException | RuntimeException ignored) {
                // closing a broken connection may fail; nothing to recover
            }
        }
    }
}
