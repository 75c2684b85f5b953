package io.tpkit.provisioning;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Stops what a target started (a server, a container) exactly once: when the command closes the
 * target, or when the JVM exits first (Ctrl-C, SIGTERM), so that nothing is left running. A run
 * interrupted by Ctrl-C first checks and writes what it measured: {@link #hold()} makes the exit
 * wait for it, up to {@link #HOLD_SECONDS}.
 */
public final class StopOnExit {
    /** How long an interrupted run may take to check and write its results before the target goes. */
    public static final long HOLD_SECONDS = 120;
    private final Runnable stop;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean hold;

    private StopOnExit(Runnable stop, String name) {
        this.stop = stop;
        this.hook = new Thread(this::onExit, name);
    }

    /** @param name the hook thread's name, e.g. "tpkit-embedded-postgres-stop" */
    public static StopOnExit register(String name, Runnable stop) {
        StopOnExit s = new StopOnExit(stop, name);
        Runtime.getRuntime().addShutdownHook(s.hook);
        return s;
    }

    /** An interrupt from now on waits for {@link #stopNow()} (bounded) before stopping. */
    public void hold() {
        hold = true;
    }

    /** The command is done with the target: stop it now, and not again at exit. */
    public void stopNow() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException exiting) {
            // the hook is running or about to: it finds the target stopped and returns
        }
        stopOnce();
    }

    private void onExit() {
        try {
            if (hold) {
                stopped.await(HOLD_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopOnce();
    }

    private synchronized void stopOnce() {
        if (stopped.getCount() == 0) {
            return;
        }
        try {
            stop.run();
        } finally {
            stopped.countDown();
        }
    }
}
