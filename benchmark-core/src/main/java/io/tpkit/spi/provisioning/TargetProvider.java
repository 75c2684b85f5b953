package io.tpkit.spi.provisioning;

import io.tpkit.config.BenchmarkConfig;

/**
 * Makes a {@link Target} from the {@code --db} value. Registered with
 * {@link java.util.ServiceLoader} in {@code META-INF/services/io.tpkit.spi.provisioning.TargetProvider}.
 */
public interface TargetProvider {
    /** The form of {@code --db} this provider takes, for {@code tpkit list}, e.g. {@code embedded-postgres}. */
    String form();

    /** One line for {@code tpkit list}. */
    String summary();

    boolean accepts(String db);

    /**
     * The database plugin a target of this form speaks, known before anything starts, so that
     * a workload's configuration is checked before a server is started or contacted.
     *
     * @throws io.tpkit.config.BadInputException when no plugin accepts it
     */
    io.tpkit.spi.database.DatabasePlugin plugin(String db);

    /**
     * @throws io.tpkit.config.BadInputException when the target cannot be had (bad URL, no Docker...)
     */
    Target open(BenchmarkConfig config, java.util.function.Consumer<String> progress);
}
