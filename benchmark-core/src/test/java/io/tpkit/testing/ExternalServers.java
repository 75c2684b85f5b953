package io.tpkit.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The external servers (TPKIT_TEST_PG_URL, TPKIT_TEST_MYSQL_URL), one test class at a time across
 * every test JVM of the machine. The integration tests run in two JVMs at once; a class that uses
 * an external server shares its database and its server-wide counters (the server's CPU read from
 * its processes, MariaDB's global status), so it holds this lock from its first use of one until
 * the class ends ({@link ExternalServersReleased}). Classes on embedded servers or containers, which
 * are servers of their own, run beside it. One lock for every external server rather than one per
 * server: a class that uses two of them could otherwise wait for the second while holding the first.
 * The lock is the operating system's on a file, so it also ends with a JVM that dies.
 */
public final class ExternalServers {
    private static final Path LOCK_FILE = Path.of(System.getProperty("java.io.tmpdir"), "tpkit-tests-external-servers.lock");
    private static FileChannel channel;
    private static FileLock lock;

    private ExternalServers() {
    }

    /** Waits until no class of another JVM uses the external servers; then this JVM's class does. */
    static synchronized void acquire() {
        if (lock != null) {
            return;
        }
        try {
            channel = FileChannel.open(LOCK_FILE, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock free = channel.tryLock();
            if (free == null) {
                long start = System.nanoTime();
                System.err.println("[tpkit tests] waiting for the external servers: another test JVM's class uses them");
                free = channel.lock();
                System.err.printf("[tpkit tests] waited %.1f s for the external servers%n", (System.nanoTime() - start) / 1e9);
            }
            lock = free;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + LOCK_FILE + " to share the external servers between test JVMs", e);
        }
    }

    /** Lets the other JVMs' classes use the external servers again (at the end of a class). */
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
