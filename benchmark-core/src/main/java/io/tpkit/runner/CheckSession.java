package io.tpkit.runner;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A wait on the database once the measurement is over (the consistency checks, a part's count
 * at its end), bounded by tpkit's own limit ({@code --check-timeout}) and no tighter one: the
 * session's statement limit is set to it, replacing one the user or the database may carry
 * (a 50 ms statement_timeout would cancel a check that reads every row), its network waits end
 * with it, and a server that stops answering (frozen, gone) has its connection cut when the
 * limit passes. The run then records what could not be done and writes its result.
 */
final class CheckSession {
    /** What the network waits may take beyond the limit, so that the server's own limit answers first. */
    private static final Duration NETWORK_GRACE = Duration.ofSeconds(5);

    private CheckSession() {
    }

    interface Work<T> {
        T apply(Connection c) throws SQLException;
    }

    /**
     * What {@code work} returned, or why it did not complete.
     *
     * @param failure null when it completed; else the reason, in words
     */
    record Outcome<T>(T value, String failure) {
        boolean completed() {
            return failure == null;
        }
    }

    /** Readies a connection for checks: tpkit's statement limit, and network waits bounded a little beyond it. */
    static void limit(WorkloadOnTarget db, Connection c, Duration limit) throws SQLException {
        db.target.plugin().limitStatementTime(c, limit);
        long network = Math.min(Integer.MAX_VALUE, limit.plus(NETWORK_GRACE).toMillis());
        c.setNetworkTimeout(Runnable::run, (int) network);
    }

    /**
     * Runs {@code work} on a connection of the pool, readied by {@link #limit}, on a thread of its
     * own, waiting at most {@code limit} and the network's grace for it (the server's own limit
     * answers first, with its reason); the connection leaves the pool afterwards (its
     * session settings are not the run's).
     */
    static <T> Outcome<T> run(WorkloadOnTarget db, Duration limit, Work<T> work) {
        AtomicReference<Connection> open = new AtomicReference<>();
        FutureTask<T> task = new FutureTask<>(() -> {
            Connection c = db.connection();
            open.set(c);
            try {
                limit(db, c, limit);
                return work.apply(c);
            } finally {
                db.pool.evictConnection(c);
            }
        });
        Thread thread = Thread.ofPlatform().daemon().name("tpkit-check").start(task);
        try {
            return new Outcome<>(task.get(limit.plus(NETWORK_GRACE).toNanos(), TimeUnit.NANOSECONDS), null);
        } catch (TimeoutException e) {
            io.tpkit.measurement.Reconnection.abandon(open.get(), "tpkit-check-abort");
            thread.interrupt();
            return new Outcome<>(null, "no answer from the server within --check-timeout "
                    + io.tpkit.result.Units.duration(limit.toMillis() / 1000.0) + " and "
                    + NETWORK_GRACE.toSeconds() + " s more"
                    + (open.get() == null ? " (no connection could be had)" : ""));
        } catch (ExecutionException e) {
            return new Outcome<>(null, WorkloadOnTarget.rootMessage(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            io.tpkit.measurement.Reconnection.abandon(open.get(), "tpkit-check-abort");
            return new Outcome<>(null, "interrupted while waiting for the server");
        }
    }

}
