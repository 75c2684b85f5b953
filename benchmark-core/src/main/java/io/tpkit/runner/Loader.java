package io.tpkit.runner;

import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.LoadContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Creates the schema and runs a workload's loader, reporting progress twice a second. */
final class Loader {
    private Loader() {
    }

    static LoadReport load(WorkloadOnTarget db, RunListener listener, io.tpkit.runner.RunControl control) throws Exception {
        control.loading(Thread.currentThread());
        try {
            return loadOnce(db, listener);
        } catch (Exception e) {
            if (!control.aborted()) {
                throw e;
            }
            Thread.interrupted(); // the target still has to be stopped cleanly
            String name = db.workload.name();
            throw new io.tpkit.config.LoadInterruptedException("load interrupted: the " + name + " data is incomplete; "
                    + "'tpkit load " + name + scale(db) + db.config.workloadOptions() + db.config.targetOptions()
                    + "' loads it again", e);
        } finally {
            control.loading(null);
        }
    }

    private static String scale(WorkloadOnTarget db) {
        return db.config.scale() == null ? "" : " --scale " + db.config.scale();
    }

    private static LoadReport loadOnce(WorkloadOnTarget db, RunListener listener) throws Exception {
        int scale = db.bound.scale();
        String unit = db.workload.scaleUnit();
        listener.message("loading " + db.workload.name() + ": " + scale + " " + (scale == 1 && unit.endsWith("s")
                ? unit.substring(0, unit.length() - 1) : unit) + " (scale " + scale + ") into " + db.target.label());
        long start = System.nanoTime();
        try (Connection c = db.connection()) {
            c.setAutoCommit(true);
            db.bound.createSchema(c);
        }
        Context context = new Context(db, listener, start);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "load-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(context::report, 500, 500, TimeUnit.MILLISECONDS);
        try {
            db.bound.load(context);
        } finally {
            ticker.shutdownNow();
        }
        context.report();
        double seconds = (System.nanoTime() - start) / 1e9;
        long bytes;
        try (Connection c = db.connection()) {
            bytes = db.target.plugin().databaseSizeBytes(c);
        }
        long rows = context.done.get();
        LoadReport report = new LoadReport(db.workload.name(), scale, seconds, rows, rows / Math.max(seconds, 1e-9),
                bytes, bytes < 0 ? -1 : bytes / scale);
        listener.loadFinished(report);
        return report;
    }

    private static final class Context implements LoadContext {
        private final WorkloadOnTarget db;
        private final RunListener listener;
        private final long start;
        private final AtomicLong done = new AtomicLong();
        private final AtomicLong expected = new AtomicLong();
        private volatile String step = "rows"; // until the workload names its first step

        Context(WorkloadOnTarget db, RunListener listener, long start) {
            this.db = db;
            this.listener = listener;
            this.start = start;
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
            step = name;
            report();
        }

        void report() {
            listener.loadProgress(step, done.get(), expected.get(), (System.nanoTime() - start) / 1e9);
        }
    }
}
