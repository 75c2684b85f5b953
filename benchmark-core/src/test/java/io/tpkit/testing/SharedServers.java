package io.tpkit.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.Map;

/**
 * What the machine's test JVMs share, taken one test class at a time: the named external servers
 * (TPKIT_TEST_PG_URL, TPKIT_TEST_MYSQL_URL) and the Docker engine. The integration tests run in two
 * JVMs at once. A class that uses an external server shares its database and its server-wide
 * counters (the server's CPU read from its processes, MariaDB's global status), so it holds that
 * server from its first use until it ends ({@link SharedServersReleased}); classes on embedded
 * servers, servers of their own, run beside it. Classes that start containers share the engine
 * with each other; the test of tpkit's clean-up of ended tpkits' containers takes it alone (any
 * tpkit that starts would remove what that test leaves for its own run to find).
 *
 * <p>Each is an operating-system lock on a file in the temporary directory, so it also ends with a
 * JVM that dies. A class takes them in the order of {@link Server} (PostgreSQL before MariaDB before
 * Docker), so that two classes can never each hold what the other waits for; taking one out of
 * that order fails at once, whether or not another JVM holds it, so the mistake shows on every run.
 */
public final class SharedServers {
    /** What can be taken, in the order a class must take them. */
    public enum Server {
        POSTGRES, MYSQL, DOCKER
    }

    private static final Map<Server, FileChannel> CHANNELS = new EnumMap<>(Server.class);
    private static final Map<Server, FileLock> LOCKS = new EnumMap<>(Server.class);

    private SharedServers() {
    }

    /** Waits until no class of another JVM uses {@code server}; then this JVM's class has it alone. */
    public static void take(Server server) {
        lock(server, false);
    }

    /** Waits until no class of another JVM has {@code server} alone; others may share it meanwhile. */
    public static void share(Server server) {
        lock(server, true);
    }

    private static synchronized void lock(Server server, boolean shared) {
        FileLock held = LOCKS.get(server);
        if (held != null && (shared || !held.isShared())) {
            return;
        }
        for (Server other : LOCKS.keySet()) {
            if (other.ordinal() > server.ordinal()) {
                throw new IllegalStateException("this test class takes " + server + " after " + other
                        + ": take the shared servers in the order " + java.util.Arrays.toString(Server.values())
                        + " (e.g. TestDatabases' URLs in a @BeforeAll), so that two test JVMs cannot wait for each other");
            }
        }
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "tpkit-tests-" + server.name().toLowerCase() + ".lock");
        try {
            if (held != null) { // shared, wanted alone: let go, then wait for it alone
                held.release();
            }
            FileChannel channel = CHANNELS.get(server);
            if (channel == null) {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                CHANNELS.put(server, channel);
            }
            FileLock lock = channel.tryLock(0, Long.MAX_VALUE, shared);
            if (lock == null) {
                long start = System.nanoTime();
                System.err.println("[tpkit tests] waiting for " + server + ": another test JVM's class uses it");
                lock = channel.lock(0, Long.MAX_VALUE, shared);
                System.err.printf("[tpkit tests] waited %.1f s for %s%n", (System.nanoTime() - start) / 1e9, server);
            }
            LOCKS.put(server, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + file + " to share " + server + " between test JVMs", e);
        }
    }

    /** Lets the other JVMs' classes have them again (at the end of a class). */
    static synchronized void release() {
        try {
            for (FileChannel channel : CHANNELS.values()) {
                channel.close(); // releases its lock
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            CHANNELS.clear();
            LOCKS.clear();
        }
    }
}
