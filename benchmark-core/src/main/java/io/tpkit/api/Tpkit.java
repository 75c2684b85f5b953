package io.tpkit.api;

import io.tpkit.result.LoadReport;
import io.tpkit.result.RunResult;
import io.tpkit.runner.Runner;
import io.tpkit.spi.CheckResult;
import java.util.List;

/**
 * The one entry point: the CLI, the JUnit extension and IDE experiments all go through here.
 *
 * <pre>{@code
 * RunResult r = Tpkit.run(BenchmarkConfig.builder("tp1").duration(Duration.ofSeconds(30)).build());
 * System.out.println(r.metrics().throughput().overWallClock() + " TPS, " + r.validity().verdict());
 * }</pre>
 */
public final class Tpkit {
    private Tpkit() {
    }

    /** Loads (when the database is empty), measures, checks and writes the result folder. */
    public static RunResult run(BenchmarkConfig config) throws Exception {
        return Runner.run(config, RunListener.SILENT, new RunControl());
    }

    public static RunResult run(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        return Runner.run(config, listener, control);
    }

    /** Drops and loads the workload's data. */
    public static LoadReport load(BenchmarkConfig config, RunListener listener) throws Exception {
        return Runner.load(config, listener);
    }

    /** Runs the workload's consistency checks against loaded data. */
    public static List<CheckResult> check(BenchmarkConfig config, RunListener listener) throws Exception {
        return Runner.check(config, listener);
    }
}
