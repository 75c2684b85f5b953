package io.tpkit.api;

import io.tpkit.scheduler.Scheduler;

/**
 * Lets another thread end a run early (Ctrl-C): the measurement stops, the results collected
 * so far are written and marked incomplete.
 */
public final class RunControl {
    private volatile Scheduler scheduler;
    private volatile boolean aborted;

    public void abort() {
        aborted = true;
        Scheduler s = scheduler;
        if (s != null) {
            s.abort();
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
