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

    /**
     * True when the scale counts the run's concurrent threads, each creating back to back on its
     * own connection, rather than the size of its data (HPSS: {@code --threads} is
     * {@code --scale}). Such a workload's concurrency is swept as {@code --threads}; its data is
     * what its threads write, measured from the empty tables the load leaves, so each point of
     * such a sweep, and each repetition of a {@code --repeat} (unless {@code --no-load}), loads
     * afresh.
     */
    default boolean scaleIsThreads() {
        return false;
    }

    /**
     * The id of the headline figure ({@link BoundWorkload#headline}) that is this benchmark's own
     * throughput, when it has one that TPS does not say (HPSS: {@code createsPerSecondMean}, the
     * mean of its iterations' rates, which leaves out the gaps between iterations); a sweep finds
     * its peak and knee from it. Empty: TPS.
     */
    default java.util.Optional<String> throughputFigure() {
        return java.util.Optional.empty();
    }

    /** Arguments worth showing under {@code tpkit run NAME --help}, one example each. */
    default List<String> runExamples() {
        return List.of("", "--connections 8 --duration 5m --warmup 1m",
                "--db jdbc:postgresql://db:5432/bench --user bench --password-env PGPASSWORD");
    }

    /**
     * The sequence of runs behind {@code tpkit bound NAME}: an upper bound on the workload's
     * throughput measured from runs of its parts (TP1: its sub-transactions T1 and T2, seed 000).
     * Empty: the workload offers no {@code bound} command.
     */
    default java.util.Optional<RunSequence> bound() {
        return java.util.Optional.empty();
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
