package io.tpkit.runner;

import io.tpkit.scheduler.Scheduler;

/**
 * Lets another thread end a run early (Ctrl-C): the measurement stops, the results collected
 * so far are written and marked incomplete.
 */
public final class RunControl {
    private volatile Scheduler scheduler;
    private volatile boolean aborted;

    private volatile Thread loading;

    public void abort() {
        aborted = true;
        Scheduler s = scheduler;
        if (s != null) {
            s.abort();
        }
        Thread t = loading;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Called by the runner around a load: an abort interrupts it (the loaders stop at their next row). */
    public void loading(Thread thread) {
        loading = thread;
        if (thread != null && aborted) {
            thread.interrupt();
        }
    }

    public boolean aborted() {
        return aborted;
    }

    /** Called by the runner when the measurement starts. */
    public void attach(Scheduler s) {
        scheduler = s;
        if (aborted) {
            s.abort();
        }
    }
}
