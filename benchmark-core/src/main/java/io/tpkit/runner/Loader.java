package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.LoadReport;
import io.tpkit.result.Units;
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

    /** Loads as the load policy says: always, when the database is empty, or never. */
    static LoadReport prepareData(WorkloadOnTarget db, RunListener listener, RunControl control) throws Exception {
        LoadPolicy policy = db.config.loadPolicy();
        if (db.config.partition() != null) {
            if (policy == LoadPolicy.ALWAYS) {
                throw new BadInputException("the parts of a split run share one database: load it once with "
                        + "'tpkit load " + db.workload.name() + scale(db) + db.config.workloadOptions()
                        + db.config.targetOptions() + "', then start the parts without --reload");
            }
            policy = LoadPolicy.NEVER; // two parts loading an empty database at once would collide
        }
        if (policy == LoadPolicy.ALWAYS) {
            return Loader.load(db, listener, control);
        }
        long loaded;
        try (Connection c = db.connection()) {
            loaded = db.bound.loadedScale(c);
        }
        if (policy == LoadPolicy.IF_EMPTY && loaded < 0) {
            return Loader.load(db, listener, control);
        }
        requireLoaded(db, loaded);
        return null;
    }

    static void requireLoaded(WorkloadOnTarget db, long loaded) {
        String name = db.workload.name();
        if (loaded < 0) {
            throw new BadInputException("the database holds no " + name + " data: run 'tpkit load " + name
                    + scale(db) + db.config.workloadOptions() + db.config.targetOptions() + "' first"
                    + (db.config.target().equals("embedded-postgres") && db.config.dataDir() == null
                    ? " (an embedded database without --data-dir starts empty every time)" : ""));
        }
        if (loaded != db.bound.scale()) {
            throw new BadInputException("the database holds " + name + " at scale " + loaded + ", not "
                    + db.bound.scale() + ": leave out --scale or reload with 'tpkit load " + name
                    + " --scale " + db.bound.scale() + db.config.workloadOptions() + db.config.targetOptions() + "'");
        }
    }

    private static String scale(WorkloadOnTarget db) {
        return db.config.scale() == null ? "" : " --scale " + db.config.scale();
    }

    private static LoadReport loadOnce(WorkloadOnTarget db, RunListener listener) throws Exception {
        int scale = db.bound.scale();
        String unit = db.workload.scaleUnit();
        listener.message("loading " + db.workload.name() + ": " + Units.of(scale, unit) + " (scale "
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
