package io.tpkit.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What the machine's test JVMs share, one test class at a time: the named external servers
 * (TPKIT_TEST_PG_URL, TPKIT_TEST_MYSQL_URL) and the Docker engine. The integration tests run in two
 * JVMs at once. A class that uses an external server shares its database and its server-wide
 * counters (the server's CPU read from its processes, MariaDB's global status); a class that starts
 * containers shares the engine, where every tpkit that starts removes the containers of ended tpkit
 * processes (what a test of that clean-up leaves for its own run to find). Such a class holds this
 * lock from its first use until it ends ({@link SharedServersReleased}); classes on embedded servers,
 * servers of their own, run beside it. One lock for all rather than one each: a class that used two
 * of them could otherwise wait for the second while holding the first. The lock is the operating
 * system's on a file, so it also ends with a JVM that dies.
 */
public final class SharedServers {
    private static final Path LOCK_FILE = Path.of(System.getProperty("java.io.tmpdir"), "tpkit-tests-shared-servers.lock");
    private static FileChannel channel;
    private static FileLock lock;

    private SharedServers() {
    }

    /** Waits until no class of another JVM uses the shared servers; then this JVM's class does. */
    public static synchronized void acquire() {
        if (lock != null) {
            return;
        }
        try {
            channel = FileChannel.open(LOCK_FILE, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock free = channel.tryLock();
            if (free == null) {
                long start = System.nanoTime();
                System.err.println("[tpkit tests] waiting for the shared servers (external servers, Docker): another test JVM's class uses them");
                free = channel.lock();
                System.err.printf("[tpkit tests] waited %.1f s for the shared servers%n", (System.nanoTime() - start) / 1e9);
            }
            lock = free;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + LOCK_FILE + " to share the external servers and Docker between test JVMs", e);
        }
    }

    /** Lets the other JVMs' classes use the shared servers again (at the end of a class). */
    static synchronized void release() {
        if (lock == null) {
            return;
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock = null;
            channel = null;
        }
    }
}
