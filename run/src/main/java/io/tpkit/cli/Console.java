package io.tpkit.cli;

import io.tpkit.metrics.IntervalSample;
import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The terminal: results on standard output, progress on standard error. On a TTY the progress
 * is one line rewritten in place; otherwise (a pipe, a CI log) a plain line now and then: while
 * loading, at every tenth of the rows and at least every ten seconds; while running, every ten
 * seconds. So a log shows how a command goes without a line per update.
 */
final class Console {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean tty;
    /** Without a terminal, a load's progress line comes at least this often. */
    static final double LOG_EVERY_SECONDS = 10;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean interrupted;
    private volatile Thread hook;
    private boolean lineOpen;
    /** The load's last plain line: its tenth of the expected rows (-1: none yet) and its time. */
    private int loadTenthPrinted = -1;
    private double loadPrintedAt;
    private double loadElapsed;
    /** The step being reported, when it began (load clock), and whether every row was written by then. */
    private String loadStep = "";
    private double loadStepStart;
    private boolean loadStepAfterRows;
    /** {@code --progress SEC}: a plain line every SEC seconds of a run, on a terminal too; 0: the default. */
    private volatile int progressEvery;

    Console(PrintWriter out, PrintWriter err, boolean tty) {
        this.out = out;
        this.err = err;
        this.tty = tty;
    }

    void progressEvery(int seconds) {
        progressEvery = seconds;
    }

    PrintWriter out() {
        return out;
    }

    PrintWriter err() {
        return err;
    }

    /** On Ctrl-C: stop the measurement and wait until the results are written. */
    void onInterrupt(Runnable abort) {
        onInterrupt(abort, "interrupted: stopping the measurement and writing the results collected so far");
    }

    /** On Ctrl-C: say {@code what}, call {@code abort} and wait (bounded) until the command is over. */
    void onInterrupt(Runnable abort, String what) {
        hook = new Thread(() -> {
            if (finished.getCount() == 0) {
                return;
            }
            interrupted = true;
            synchronized (this) {
                endProgress();
                err.println(what);
                err.flush();
            }
            abort.run();
            try {
                finished.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "tpkit-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    boolean interrupted() {
        return interrupted;
    }

    /** The command is over: an interrupt from now on has nothing to wait for. */
    void finished() {
        finished.countDown();
        Thread h = hook;
        if (h != null && !interrupted) {
            try {
                Runtime.getRuntime().removeShutdownHook(h);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting; the hook returns at once since finished is counted down
            }
        }
    }

    synchronized void endProgress() {
        if (lineOpen) {
            err.println();
            err.flush();
            lineOpen = false;
        }
    }

    private synchronized void progress(String line, boolean important) {
        if (tty) {
            err.print("\r" + line + "\u001b[K");
            lineOpen = true;
        } else if (important) {
            err.println(line);
        }
        err.flush();
    }

    RunListener listener() {
        return new RunListener() {
            @Override
            public void message(String line) {
                synchronized (Console.this) {
                    endProgress();
                    err.println(line);
                    err.flush();
                }
            }

            @Override
            public void loadProgress(String step, long done, long expected, double elapsed) {
                double stepFor;
                synchronized (Console.this) {
                    if (!step.equals(loadStep) || elapsed < loadElapsed) {
                        // keys, indexes, foreign keys and statistics come after the rows: their own
                        // time says they move, where a percentage would stand at 100 %
                        loadStep = step;
                        loadStepStart = elapsed;
                        loadStepAfterRows = expected > 0 && done >= expected;
                    }
                    stepFor = loadStepAfterRows ? elapsed - loadStepStart : -1;
                }
                if (tty) {
                    progress(stepFor >= 0 ? stepLine(step, done, stepFor, elapsed) : loadLine(step, done, expected, elapsed),
                            false);
                    return;
                }
                synchronized (Console.this) {
                    if (elapsed < loadElapsed) {
                        loadTenthPrinted = -1; // the clock went back: another load (a sweep's, a repetition's)
                    }
                    loadElapsed = elapsed;
                    if (stepFor >= 0) {
                        if (stepFor == 0 || elapsed - loadPrintedAt >= LOG_EVERY_SECONDS) {
                            loadPrintedAt = elapsed;
                            progress(stepLine(step, done, stepFor, elapsed), true);
                        }
                        return;
                    }
                    int tenth = expected > 0 ? (int) Math.min(10, done * 10 / expected) : 0;
                    if (loadTenthPrinted < 0 || tenth > loadTenthPrinted || elapsed - loadPrintedAt >= LOG_EVERY_SECONDS) {
                        loadTenthPrinted = tenth;
                        loadPrintedAt = elapsed;
                        progress(loadLogLine(step, done, expected, elapsed), true);
                    }
                }
            }

            @Override
            public void loadFinished(LoadReport report) {
                message(SummaryPrinter.describe(report));
            }

            @Override
            public void sample(IntervalSample s, double phaseElapsed, double phaseLength, long measured) {
                if (s.seconds() < 0.1) {
                    return; // the sliver after a phase edge: its rate would be noise (456,163 TPS seen)
                }
                IntervalSample.Row all = s.total();
                String of = phaseLength < 0 ? "" : "/" + clock(phaseLength);
                String line = String.format(Locale.ROOT, "%-8s %s%s  %8.1f TPS  p90 %7.2f ms  failed %d  retries %d  measured %d",
                        s.phase().label(), clock(phaseElapsed), of, all.committed() / s.seconds(), all.p90Ms(),
                        all.failed(), all.retries(), measured);
                int every = progressEvery;
                if (every > 0) {
                    if (Math.round(phaseElapsed) % every == 0) {
                        synchronized (Console.this) {
                            endProgress();
                            err.println(line);
                            err.flush();
                        }
                    }
                    return;
                }
                progress(line, Math.round(phaseElapsed) % 10 == 0);
            }
        };
    }

    static String loadLine(String step, long done, long expected, double elapsed) {
        double rate = elapsed > 0 ? done / elapsed : 0;
        if (expected <= 0) {
            return String.format(Locale.ROOT, "loading %-16s %,d rows  %,.0f rows/s", step, done, rate);
        }
        double fraction = Math.min(1.0, (double) done / expected);
        int width = 30;
        int filled = (int) Math.round(fraction * width);
        String left = rate > 0 && done < expected ? "  " + clock((expected - done) / rate) + " left" : "";
        return String.format(Locale.ROOT, "loading %-16s [%s%s] %3.0f%%  %,d/%,d rows  %,.0f rows/s%s", step,
                "#".repeat(filled), " ".repeat(width - filled), fraction * 100, done, expected, rate, left);
    }

    /** A step after every row was written (keys, indexes, foreign keys, statistics): its own time. */
    static String stepLine(String step, long rows, double stepFor, double elapsed) {
        return String.format(Locale.ROOT, "loading %s: all %,d rows written; this step %s so far (the load %s)", step,
                rows, clock(stepFor), clock(elapsed));
    }

    /** The plain line for a log: no bar, the time the load has taken so far. */
    static String loadLogLine(String step, long done, long expected, double elapsed) {
        double rate = elapsed > 0 ? done / elapsed : 0;
        if (expected <= 0) {
            return String.format(Locale.ROOT, "loading %s: %,d rows in %s, %,.0f rows/s", step, done, clock(elapsed),
                    rate);
        }
        String left = rate > 0 && done < expected ? ", " + clock((expected - done) / rate) + " left" : "";
        return String.format(Locale.ROOT, "loading %s: %3.0f%%, %,d/%,d rows in %s, %,.0f rows/s%s", step,
                Math.min(1.0, (double) done / expected) * 100, done, expected, clock(elapsed), rate, left);
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%02d:%02d", s / 60, s % 60);
    }
}
