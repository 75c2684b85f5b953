package io.tpkit.junit;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.LoadReport;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The handle a test gets from {@link TpkitBenchmark}: the configuration of the class's
 * workload and database, with the data loaded once; each run goes on from the data as the
 * previous run left it.
 */
public final class TpkitBench {
    private final BenchmarkConfig base;
    private final LoadReport load;

    TpkitBench(BenchmarkConfig base, LoadReport load) {
        this.base = base;
        this.load = load;
    }

    /** A builder preset with the workload, database, scale, options and results folder. */
    public BenchmarkConfig.Builder config() {
        return base.toBuilder();
    }

    /** Runs with the preset configuration as {@code adjust} changes it. */
    public RunResult run(UnaryOperator<BenchmarkConfig.Builder> adjust) throws Exception {
        return Tpkit.run(adjust.apply(config()).build());
    }

    /** Runs with the preset configuration (the API's defaults: 10 s warm-up, 60 s measured). */
    public RunResult run() throws Exception {
        return run(UnaryOperator.identity());
    }

    /** The workload's consistency checks on the data as it is now. */
    public List<CheckResult> check() throws Exception {
        return Tpkit.check(base, RunListener.SILENT);
    }

    /** What loading the data for this test class measured. */
    public LoadReport load() {
        return load;
    }

    /** Where the runs go: the database's JDBC URL (a server the extension started, or yours). */
    public String jdbcUrl() {
        return base.target();
    }

    static BenchmarkConfig.Builder forRuns(BenchmarkConfig.Builder b) {
        return b.loadPolicy(LoadPolicy.NEVER);
    }
}
