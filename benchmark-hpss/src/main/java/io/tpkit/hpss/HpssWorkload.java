package io.tpkit.hpss;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.Workload;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.List;

/**
 * The HPSS metadata-insert benchmark (LLNL, the SFS benchmark ported to DB2 and Oracle): threads
 * create pseudo files, each a parent-directory read, then one transaction that reads it again
 * and inserts a name-server record and a bitfile record. The scale is the number of threads.
 */
public final class HpssWorkload implements Workload {
    @Override
    public String name() {
        return "hpss";
    }

    @Override
    public String summary() {
        return "HPSS metadata insert (threads x creates x iterations into growing tables)";
    }

    @Override
    public String scaleUnit() {
        return "threads";
    }

    @Override
    public int defaultScale() {
        return HpssSettings.STANDARD_THREADS;
    }

    @Override
    public List<String> runExamples() {
        return List.of("", "--threads 8 --creates-per-thread 500 --iterations 10",
                "--reload --db jdbc:postgresql://db:5432/bench --user bench --password-env PGPASSWORD");
    }

    @Override
    public ArrivalModel defaultArrival() {
        return ArrivalModel.STREAMS;
    }

    @Override
    public boolean fixesRunShape() {
        return true;
    }

    @Override
    public boolean scaleIsThreads() {
        return true;
    }

    /**
     * What a point of a sweep sustained: the creates of all its iterations over their total wall
     * time (the harmonic mean of the iterations' rates), not the report's arithmetic mean of them
     * (see {@link HpssReport}).
     */
    @Override
    public java.util.Optional<String> throughputFigure() {
        return java.util.Optional.of(HpssReport.OVERALL);
    }

    @Override
    public List<WorkloadOption> options() {
        return HpssSettings.OPTIONS;
    }

    @Override
    public HpssBoundWorkload bind(BenchmarkConfig config, DatabasePlugin database) {
        return new HpssBoundWorkload(HpssSettings.parse(config), sql(database.dialect()), database);
    }

    /** The SQL of {@code dialect}: {@code io/tpkit/hpss/sql/DIALECT.sql} over {@code default.sql}. */
    static io.tpkit.sql.NamedSql sql(String dialect) {
        return io.tpkit.sql.NamedSql.load(HpssWorkload.class, "/io/tpkit/hpss/sql", dialect);
    }
}
