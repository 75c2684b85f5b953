package io.tpkit.measurement;

/**
 * How a connection lost during a run is replaced, by the sessions and the monitor alike: a pause
 * after the loss (and after every attempt that fails), then an attempt through the run's pool,
 * which waits for a connection up to its own timeout while it retries the server.
 */
public final class Reconnection {
    /** Keeps a terminal (or the monitor) whose database is gone from spinning through failures. */
    public static final long PAUSE_MILLIS = 100;

    private Reconnection() {
    }

    /** Waits {@link #PAUSE_MILLIS}; an interrupt ends the wait and stays set. */
    public static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Closes a connection's socket without waiting for the server: a frozen server answers neither
     * the query nor a cancel, so the query fails and whoever holds the connection lets go of it.
     * The abort runs on a daemon thread named {@code threadName}, as it may block on the driver.
     */
    public static void abandon(java.sql.Connection c, String threadName) {
        if (c == null) {
            return;
        }
        Thread.ofPlatform().daemon().name(threadName).start(() -> {
            try {
                c.unwrap(java.sql.Connection.class).abort(Runnable::run);
            } catch (java.sql.SQLException | RuntimeException ignored) {
                // given up either way
            }
        });
    }
}
