package io.tpkit.runner;

import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import java.sql.Connection;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Creates the schema and runs a workload's loader, reporting progress twice a second. */
final class Loader {
    private Loader() {
    }

    static LoadReport load(WorkloadOnTarget db, RunListener listener, io.tpkit.runner.RunControl control) throws Exception {
        control.loading(Thread.currentThread());
        try {
            return db.config.partition() == null ? loadOnce(db, listener) : SlicedLoad.load(db, listener);
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
        listener.message("loading " + db.workload.name() + ": " + io.tpkit.result.Units.of(scale, unit) + " (scale "
                + scale + ") into " + db.target.label());
        long start = System.nanoTime();
        createSchema(db);
        LoadProgress context = new LoadProgress(db, listener, start, "");
        withProgress(context, () -> db.bound.load(context));
        return report(db, context, start, null, listener);
    }

    static void createSchema(WorkloadOnTarget db) throws java.sql.SQLException {
        try (Connection c = db.connection()) {
            c.setAutoCommit(true);
            db.bound.createSchema(c);
        }
    }

    /** A step of loading that may fail. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    /** Runs {@code step}, reporting its progress twice a second and once at the end. */
    static void withProgress(LoadProgress context, Step step) throws Exception {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "load-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(context::report, 500, 500, TimeUnit.MILLISECONDS);
        try {
            step.run();
        } finally {
            ticker.shutdownNow();
        }
        context.report();
    }

    /** The load's report, given to the listener; {@code slice} says which part of a split load this was. */
    static LoadReport report(WorkloadOnTarget db, LoadProgress context, long start, String slice,
                             RunListener listener) throws java.sql.SQLException {
        int scale = db.bound.scale();
        double seconds = (System.nanoTime() - start) / 1e9;
        long bytes;
        try (Connection c = db.connection()) {
            bytes = db.target.plugin().databaseSizeBytes(c);
        }
        long rows = context.rows();
        LoadReport report = new LoadReport(db.workload.name(), scale, seconds, rows, rows / Math.max(seconds, 1e-9),
                bytes, bytes < 0 ? -1 : bytes / scale, slice);
        listener.loadFinished(report);
        return report;
    }
}
