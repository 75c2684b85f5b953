package io.tpkit.scheduler;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;

/**
 * A session that commits every request at once, without a database: what the benchmarks of the
 * scheduler's own path run, so that the figure is the driver's cost alone.
 */
final class NoWorkSession implements Session {
    private final Runnable onExecute;

    /** @param onExecute runs on every request, before it commits (e.g. to stop after so many) */
    NoWorkSession(Runnable onExecute) {
        this.onExecute = onExecute;
    }

    NoWorkSession() {
        this(() -> { });
    }

    @Override
    public Outcome execute(Request request) {
        onExecute.run();
        return Outcome.COMMITTED;
    }

    @Override
    public io.tpkit.spi.workload.SessionConnection connection() {
        return null;
    }

    @Override
    public void close() {
    }
}
