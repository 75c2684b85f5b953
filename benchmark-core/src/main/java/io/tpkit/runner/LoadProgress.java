package io.tpkit.runner;

import io.tpkit.result.LoadReport;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.split.LoadSteps;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** What a workload's loader gets, counting its rows and passing its progress to the listener. */
final class LoadProgress implements LoadSteps.Progress {
    private final WorkloadOnTarget db;
    private final RunListener listener;
    private final long start;
    /** Put before each step's name: which slice a part of a split load is loading, or "". */
    private final String prefix;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong expected = new AtomicLong();
    private volatile String step = "rows"; // until the workload names its first step

    LoadProgress(WorkloadOnTarget db, RunListener listener, long start, String prefix) {
        this.db = db;
        this.listener = listener;
        this.start = start;
        this.prefix = prefix;
    }

    @Override
    public DatabasePlugin database() {
        return db.target.plugin();
    }

    @Override
    public Connection connect() throws SQLException {
        Connection c = db.connection();
        c.setAutoCommit(true);
        return c;
    }

    @Override
    public int parallelism() {
        return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), db.pool.getMaximumPoolSize() - 1));
    }

    @Override
    public void expectRows(long total) {
        expected.set(total);
    }

    @Override
    public void rowsDone(long rows) {
        done.addAndGet(rows);
    }

    @Override
    public void step(String name) {
        step = prefix + name;
        report();
    }

    @Override
    public long rows() {
        return done.get();
    }

    void report() {
        listener.loadProgress(step, done.get(), expected.get(), (System.nanoTime() - start) / 1e9);
    }

    @Override
    public void during(LoadSteps.Step step) throws Exception {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "load-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(this::report, 500, 500, TimeUnit.MILLISECONDS);
        try {
            step.run();
        } finally {
            ticker.shutdownNow();
        }
        report();
    }

    @Override
    public LoadReport finished(String slice) throws SQLException {
        int scale = db.bound.scale();
        double seconds = (System.nanoTime() - start) / 1e9;
        long bytes;
        try (Connection c = db.connection()) {
            bytes = db.target.plugin().databaseSizeBytes(c);
        }
        long rows = rows();
        LoadReport report = new LoadReport(db.workload.name(), scale, seconds, rows, rows / Math.max(seconds, 1e-9),
                bytes, bytes < 0 ? -1 : bytes / scale, slice);
        listener.loadFinished(report);
        return report;
    }
}
