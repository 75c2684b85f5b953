package io.tpkit.spi.workload;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.database.DatabasePlugin;
import java.util.List;

/**
 * A benchmark family (TP1, TPC-C, HPSS). Implementations register with
 * {@link java.util.ServiceLoader} in {@code META-INF/services/io.tpkit.spi.workload.Workload}; nothing
 * in the scheduler or the CLI changes when one is added.
 */
public interface Workload {
    /** The name on the command line, e.g. {@code tp1}. */
    String name();

    /** One line for {@code tpkit list}. */
    String summary();

    /** What one unit of scale is, e.g. "branches" or "warehouses". */
    String scaleUnit();

    int defaultScale();

    ArrivalModel defaultArrival();

    /**
     * True when the benchmark defines its run shape itself (HPSS: threads x creates x
     * iterations into empty tables), so durations, warm-up, terminals and arrival do not apply.
     */
    default boolean fixesRunShape() {
        return false;
    }

    /** Arguments worth showing under {@code tpkit run NAME --help}, one example each. */
    default List<String> runExamples() {
        return List.of("", "--connections 8 --duration 5m --warmup 1m",
                "--db jdbc:postgresql://db:5432/bench --user bench --password-env PGPASSWORD");
    }

    /** Options that only this workload understands ({@code --accounts-per-branch}...). */
    List<WorkloadOption> options();

    /**
     * Checks the configuration and binds it to one database.
     *
     * @throws io.tpkit.config.BadInputException when an option is invalid for this workload
     */
    BoundWorkload bind(BenchmarkConfig config, DatabasePlugin database);
}
