package io.tpkit.split;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.LoadReport;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.spi.workload.Workload;
import java.sql.SQLException;

/**
 * A load on the target it fills, as the runner offers it to a {@link Share}: the whole load of
 * one process, or the steps a part of a split load takes one by one ({@link SlicedLoad}).
 */
public interface LoadSteps {
    /** The load of one process: the schema, every unit, the keys and the marker of a finished load. */
    LoadReport whole() throws Exception;

    BenchmarkConfig config();

    Workload workload();

    BoundWorkload bound();

    /** The target as the console names it. */
    String targetLabel();

    /** Connections to the target's database, where the parts meet. */
    Connections connections();

    /** A line for the console. */
    void say(String line);

    void createSchema() throws SQLException;

    /** The same load with the workload bound again with another seed and scale: a part adopting part 1's. */
    LoadSteps withSeedAndScale(long seed, int scale);

    /**
     * What the workload's loader gets for a step of the load, its progress told with
     * {@code prefix} in front and timed from {@code startNanos}.
     */
    Progress progress(long startNanos, String prefix);

    /** A load's progress: the rows counted, told twice a second while a step runs. */
    interface Progress extends LoadContext {
        /** Runs {@code step}, telling its progress twice a second and once at the end. */
        void during(Step step) throws Exception;

        long rows();

        /** The load's report, told to the console; {@code slice} says which part of a split load this was. */
        LoadReport finished(String slice) throws SQLException;
    }

    /** A step of loading that may fail. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }
}
