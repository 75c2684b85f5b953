package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.provisioning.TargetProvider;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.Workload;

/**
 * A configuration's workload bound to the database plugin of its target, before anything
 * starts: a bad workload option or target costs no server start.
 */
record Binding(BenchmarkConfig config, Workload workload, TargetProvider provider, BoundWorkload bound) {

    static Binding of(BenchmarkConfig config) {
        Workload workload = Plugins.workload(config.workload());
        if (!config.target().startsWith("jdbc:") && config.user() != null) {
            // a user for a server tpkit starts itself makes no sense; say so rather than ignore it
            throw new BadInputException("--user applies to a JDBC URL target, not to --db " + config.target());
        }
        TargetProvider provider = Plugins.target(config.target());
        return new Binding(config, workload, provider, workload.bind(config, provider.plugin(config.target())));
    }

    /** The same workload bound again at another scale (the one the database holds). */
    Binding atScale(int scale) {
        BenchmarkConfig adopted = config.toBuilder().scale(scale).build();
        return new Binding(adopted, workload, provider, workload.bind(adopted, provider.plugin(adopted.target())));
    }

    /** The same workload bound again with another seed and scale: a part of a split load adopting part 1's. */
    Binding withSeedAndScale(long seed, int scale) {
        BenchmarkConfig adopted = config.toBuilder().seed(seed).scale(scale).build();
        return new Binding(adopted, workload, provider, workload.bind(adopted, provider.plugin(adopted.target())));
    }
}
