package io.tpkit.result;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The libraries' own messages during a run (the connection pool's and the JDBC driver's warnings,
 * with their stack traces: about a hundred lines per lost connection) kept in the result folder's
 * {@code driver.log} rather than on the console, where tpkit says each event in one line.
 *
 * <p>The libraries write to standard error (slf4j-simple with {@code logFile=System.err}, which it
 * looks up at every message; java.util.logging's console handler). The CLI calls
 * {@link #routeStandardError} once at start: from then on standard error goes to the running
 * run's {@code driver.log} while one is open, and to the console otherwise. Without that call
 * (the Java API, tests) nothing is routed and no driver.log is written.
 */
public final class DriverLog implements AutoCloseable {
    /** The file's name in a result folder. */
    public static final String FILE = "driver.log";

    private static volatile PrintStream console;
    private static volatile boolean alsoOnConsole;
    private static volatile DriverLog current;

    private final Path file;
    private final OutputStream out;
    private final DriverLog previous;
    private boolean closed;

    private DriverLog(Path file, OutputStream out, DriverLog previous) {
        this.file = file;
        this.out = out;
        this.previous = previous;
    }

    /**
     * Routes standard error as the class says.
     *
     * @param verbose the console also shows what goes to the log (--verbose)
     */
    public static synchronized void routeStandardError(boolean verbose) {
        if (console != null) {
            return;
        }
        console = System.err;
        alsoOnConsole = verbose;
        Charset charset = console.charset();
        System.setErr(new PrintStream(new Router(), true, charset));
    }

    /** Whether a run's library messages go to its driver.log (the CLI routed standard error). */
    public static boolean routed() {
        return console != null;
    }

    /**
     * Opens {@code file} for the run's library messages when standard error is routed; otherwise
     * a log that writes nothing. Close it before the result folder is committed: an empty log is
     * removed.
     */
    public static synchronized DriverLog open(Path file) throws IOException {
        if (console == null) {
            return new DriverLog(file, null, null);
        }
        DriverLog log = new DriverLog(file, Files.newOutputStream(file), current);
        current = log;
        return log;
    }

    /** Whether the run's libraries wrote anything (the file is kept, and the summary names it). */
    public static boolean written(Path resultFolder) {
        try {
            return Files.size(resultFolder.resolve(FILE)) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (DriverLog.class) {
            if (closed || out == null) {
                closed = true;
                return;
            }
            closed = true;
            if (current == this) {
                current = previous;
            }
            out.close();
        }
        if (Files.size(file) == 0) {
            Files.deleteIfExists(file);
        }
    }

    /** Standard error while routed: the open run's log, or the console. */
    private static final class Router extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (DriverLog.class) {
                DriverLog log = current;
                if (log == null || alsoOnConsole) {
                    console.write(b, off, len);
                }
                if (log != null) {
                    log.out.write(b, off, len);
                }
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (DriverLog.class) {
                console.flush();
                DriverLog log = current;
                if (log != null) {
                    log.out.flush();
                }
            }
        }
    }
}
