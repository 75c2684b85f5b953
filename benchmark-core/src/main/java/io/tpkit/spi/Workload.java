package io.tpkit.spi;

import io.tpkit.api.ArrivalModel;
import io.tpkit.api.BenchmarkConfig;
import java.util.List;

/**
 * A benchmark family (TP1, TPC-C, HPSS). Implementations register with
 * {@link java.util.ServiceLoader} in {@code META-INF/services/io.tpkit.spi.Workload}; nothing
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

    /** Options that only this workload understands ({@code --accounts-per-branch}...). */
    List<WorkloadOption> options();

    /**
     * Checks the configuration and binds it to one database.
     *
     * @throws io.tpkit.api.BadInputException when an option is invalid for this workload
     */
    BoundWorkload bind(BenchmarkConfig config, DatabasePlugin database);
}
