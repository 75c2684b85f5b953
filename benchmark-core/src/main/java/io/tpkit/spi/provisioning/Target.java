package io.tpkit.spi.provisioning;

import io.tpkit.spi.database.DatabasePlugin;
import java.util.Map;

/**
 * A database to run against, ready to accept connections. Closing it stops what the target
 * started (an embedded server); it never drops data of a server it did not start.
 */
public interface Target extends AutoCloseable {
    /** What to print: the kind and the URL, with any password removed. */
    String label();

    String jdbcUrl();

    String user();

    /** For the connection pool only; never print or store it. */
    String password();

    DatabasePlugin plugin();

    /** Facts for result.json (kind, redacted URL, data directory...). */
    Map<String, Object> describe();

    /**
     * The server's CPU time as the target itself can read it (a container's control group), or
     * null when it has no reading of its own: tpkit then looks for the server's processes by
     * the port it listens on.
     *
     * @throws io.tpkit.spi.database.ServerCpuClock.Unavailable when the target knows that its
     *         server's CPU cannot be read from here, with the reason
     */
    default io.tpkit.spi.database.ServerCpuClock serverCpu() throws io.tpkit.spi.database.ServerCpuClock.Unavailable {
        return null;
    }

    /**
     * Whether tpkit started this server for the command and stops it after (an embedded server, a
     * container): it may then create and drop databases on it, e.g. to keep a copy of the data.
     */
    default boolean ownsServer() {
        return false;
    }

    /**
     * Asks a target that tpkit started to outlive an interrupt (Ctrl-C) until {@link #close()},
     * so that a run can still check and write what it measured.
     */
    default void holdOnInterrupt() {
    }

    @Override
    void close();
}
