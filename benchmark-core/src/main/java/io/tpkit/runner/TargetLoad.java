package io.tpkit.runner;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.LoadReport;
import io.tpkit.result.Units;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.Workload;
import io.tpkit.split.Connections;
import io.tpkit.split.LoadSteps;
import java.sql.Connection;
import java.sql.SQLException;

/** A workload's load on the running target: the whole of it, or the steps of a part's slice. */
final class TargetLoad implements LoadSteps {
    private final WorkloadOnTarget db;
    private final RunListener listener;

    TargetLoad(WorkloadOnTarget db, RunListener listener) {
        this.db = db;
        this.listener = listener;
    }

    @Override
    public LoadReport whole() throws Exception {
        int scale = db.bound.scale();
        String unit = db.workload.scaleUnit();
        listener.message("loading " + db.workload.name() + ": " + Units.of(scale, unit) + " (scale "
                + scale + ") into " + db.target.label());
        long start = System.nanoTime();
        createSchema();
        LoadProgress context = new LoadProgress(db, listener, start, "");
        context.during(() -> db.bound.load(context));
        return context.finished(null);
    }

    @Override
    public BenchmarkConfig config() {
        return db.config;
    }

    @Override
    public Workload workload() {
        return db.workload;
    }

    @Override
    public BoundWorkload bound() {
        return db.bound;
    }

    @Override
    public String targetLabel() {
        return db.target.label();
    }

    @Override
    public Connections connections() {
        return db::connection;
    }

    @Override
    public void say(String line) {
        listener.message(line);
    }

    @Override
    public void createSchema() throws SQLException {
        try (Connection c = db.connection()) {
            c.setAutoCommit(true);
            db.bound.createSchema(c);
        }
    }

    /** Not to be closed: the target this load runs on owns the pool. */
    @Override
    public LoadSteps withSeedAndScale(long seed, int scale) {
        return new TargetLoad(db.rebound(db.binding.withSeedAndScale(seed, scale)), listener);
    }

    @Override
    public Progress progress(long startNanos, String prefix) {
        return new LoadProgress(db, listener, startNanos, prefix);
    }
}
