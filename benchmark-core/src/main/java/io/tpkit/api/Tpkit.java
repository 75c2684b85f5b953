package io.tpkit.api;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.TargetText;
import io.tpkit.result.LoadReport;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Runner;
import io.tpkit.spi.workload.CheckResult;
import java.util.List;
import java.util.Map;

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

    /**
     * Makes the parts of a run split across driver processes ({@code --partition}) one result:
     * histograms added, counts and costs summed, the database checked once, the whole run
     * judged. The result folder is written under {@code outDir}.
     *
     * @param target changes to the target the parts recorded (e.g. its password), or identity
     */
    public static RunResult merge(List<java.nio.file.Path> parts, java.nio.file.Path outDir,
                                  java.util.function.UnaryOperator<BenchmarkConfig.Builder> target,
                                  RunListener listener) throws Exception {
        return io.tpkit.runner.Merge.merge(parts, target, outDir, listener);
    }

    /**
     * Runs the same workload, one configuration after the other (they should differ only in
     * the target), and compares them side by side; the comparison is written beside the runs
     * under the first configuration's output folder. Ctrl-C ({@code control}) ends the current
     * run and skips the rest.
     */
    public static io.tpkit.compare.ComparedRuns compare(List<BenchmarkConfig> configs, RunListener listener,
                                                        RunControl control) throws Exception {
        return compare(configs, io.tpkit.compare.Judgement.DEFAULT, null, listener, control);
    }

    /**
     * As {@link #compare(List, RunListener, RunControl)}, each figure judged with {@code judgement}
     * and, when {@code gate} is not null, the regression gate's verdict recorded in the comparison
     * (one run per configuration gives no interval: the gate then cannot judge, and says so).
     */
    public static io.tpkit.compare.ComparedRuns compare(List<BenchmarkConfig> configs,
                                                        io.tpkit.compare.Judgement judgement,
                                                        io.tpkit.compare.Gate gate, RunListener listener,
                                                        RunControl control) throws Exception {
        if (configs.size() < 2) {
            throw new BadInputException("compare needs at least two runs: give --db twice or more, or compare the "
                    + "two logics with --logic client,procedure");
        }
        List<RunResult> results = new java.util.ArrayList<>();
        for (int i = 0; i < configs.size() && !control.aborted(); i++) {
            listener.message("run " + (i + 1) + " of " + configs.size() + ": " + configs.get(i).workload() + " on "
                    + TargetText.redact(configs.get(i).target()));
            results.add(Runner.run(configs.get(i), listener, control));
        }
        if (results.size() < 2) {
            throw new BadInputException("compare was interrupted before a second run: nothing to compare");
        }
        io.tpkit.compare.Comparison c = io.tpkit.compare.Comparisons.ofResults(results, io.tpkit.compare.RunDifferences.varied(configs), judgement);
        if (gate != null) {
            c = c.withGate(gate.judge(c));
        }
        return new io.tpkit.compare.ComparedRuns(c, results,
                io.tpkit.report.ComparisonFolder.write(configs.getFirst().outDir(), c));
    }

    /**
     * Runs the variants (configurations that differ in the target, the logic, a server
     * setting...; the first is the baseline) and compares them. With {@code options.repeat()} N
     * of 2 or more: N runs of every variant, interleaved in a balanced order (A B | B A | A B ...,
     * each round reversed from the one before, so that a linear drift of the machine cancels over
     * every two rounds), every target started once and up until the last run (variants that
     * differ only in how they run share it and its data), each run from the same data of its
     * target (restored from a copy made once after the load, or loaded again where none can be
     * kept); each judged figure gets its interval and verdict, and the gate its verdict. All of it
     * goes into one folder under the first configuration's output folder: a folder per variant
     * with its runs and repeat.json (which {@code tpkit compare DIR_A DIR_B} reads again), and
     * comparison.json, .txt and .html. Ctrl-C ({@code control}) ends the current run and skips
     * the rest; what finished is compared, incomplete runs left out and counted. With 1, each
     * variant runs once, one after the other, as {@link #compare(List, io.tpkit.compare.Judgement,
     * io.tpkit.compare.Gate, RunListener, RunControl)}. See {@link io.tpkit.sweep.Interleaved}.
     */
    public static io.tpkit.compare.ComparedRuns compare(List<BenchmarkConfig> configs, CompareOptions options,
                                                        RunListener listener, RunControl control) throws Exception {
        if (options.repeat() == 1) {
            return compare(configs, options.judgement(), options.gate(), listener, control);
        }
        return io.tpkit.sweep.Interleaved.run(configs, options.repeat(), options.sameData(), options.judgement(),
                options.gate(), listener, control);
    }

    /**
     * Runs {@code base} on each target in turn ({@code --db} forms) and compares the runs: one
     * seed for all (the same input streams), and the user and password for JDBC URLs only.
     */
    public static io.tpkit.compare.ComparedRuns compare(BenchmarkConfig base, List<String> targets,
                                                        RunListener listener, RunControl control) throws Exception {
        return compare(onTargets(base, targets), listener, control);
    }

    /** {@code base} on each target: the user and password stay with JDBC URLs only, container limits with containers. */
    public static List<BenchmarkConfig> onTargets(BenchmarkConfig base, List<String> targets) {
        List<BenchmarkConfig> configs = new java.util.ArrayList<>();
        for (String target : targets) {
            BenchmarkConfig.Builder b = base.toBuilder().target(target);
            if (!target.startsWith("jdbc:")) {
                b.user(null).password(null, null);
            }
            if (!target.startsWith("container:")) {
                b.containerResources(null); // the limits are a container's: a server beside it runs as it is
            }
            configs.add(b.build());
        }
        return configs;
    }

    /**
     * Compares finished runs from their result folders or result.json files, or sweeps from their
     * folders point by point (all of them sweeps, over the same axis).
     */
    public static io.tpkit.compare.ComparedRuns compare(List<java.nio.file.Path> results, java.nio.file.Path outDir) {
        return compare(results, outDir, io.tpkit.compare.Judgement.DEFAULT, null);
    }

    /**
     * Compares finished runs, each side a result folder (one run), a repeat folder
     * ({@code tpkit run --repeat N}: its usable repetitions) or a folder of result folders of one
     * configuration, with each judged figure's ratio, confidence interval and verdict; or sweeps
     * point by point. With {@code gate}, the regression gate's verdict is recorded in the
     * comparison (see {@link io.tpkit.compare.Gate}).
     */
    public static io.tpkit.compare.ComparedRuns compare(List<java.nio.file.Path> results, java.nio.file.Path outDir,
                                                        io.tpkit.compare.Judgement judgement,
                                                        io.tpkit.compare.Gate gate) {
        long sweeps = results.stream().filter(io.tpkit.sweep.SweepFiles::isSweep).count();
        if (sweeps > 0 && sweeps < results.size()) {
            throw new BadInputException("compare takes either result folders of runs or sweep folders, not both: "
                    + "give sweeps of one workload, or results of one workload");
        }
        if (sweeps > 0 && gate != null) {
            throw new BadInputException("--fail-if-slower judges runs and repetitions, not sweeps: compare repeat "
                    + "folders (tpkit run --repeat N) or result folders");
        }
        io.tpkit.compare.Comparison c = sweeps > 0 ? io.tpkit.sweep.SweepComparisons.ofFolders(results)
                : io.tpkit.compare.Comparisons.ofFiles(results, judgement);
        if (gate != null) {
            io.tpkit.compare.GateVerdict verdict = gate.judge(c);
            if (!verdict.passed() && !verdict.failed()) {
                // nothing is lost by stopping here: the comparison is made again in a moment
                throw new BadInputException(String.join("; ", verdict.lines()).replaceFirst("^gate: ", "the gate "));
            }
            c = c.withGate(verdict);
        }
        return new io.tpkit.compare.ComparedRuns(c, List.of(), io.tpkit.report.ComparisonFolder.write(outDir, c));
    }

    /**
     * Runs {@code config} {@code times} times on one server (each repetition with its own seed and
     * result folder, and each from the same data: restored from a copy made after the load, or
     * loaded again where no copy can be kept) and reports how the figures spread: mean, median,
     * coefficient of variation and the Student t confidence interval at {@code level} (e.g. 0.95),
     * over the repetitions the usable-run rule keeps ({@link io.tpkit.compare.UsableRuns}:
     * incomplete, failed and inconsistent ones are left out and counted). See
     * {@link io.tpkit.sweep.Repeats}.
     */
    public static io.tpkit.sweep.RepeatResult repeat(BenchmarkConfig config, int times, double level,
                                                     RunListener listener, RunControl control) throws Exception {
        return io.tpkit.sweep.Repeats.run(config, times, level, listener, control);
    }

    /**
     * As {@link #repeat(BenchmarkConfig, int, double, RunListener, RunControl)}; {@code sameData}
     * false runs each repetition on the data as the previous one left it ({@code --no-reset}).
     */
    public static io.tpkit.sweep.RepeatResult repeat(BenchmarkConfig config, int times, double level,
                                                     boolean sameData, RunListener listener, RunControl control)
            throws Exception {
        return io.tpkit.sweep.Repeats.run(config, times, level, sameData, listener, control);
    }

    /**
     * Runs the sweep's points one after the other on one server, in the sweep's order and each
     * from the same data unless the sweep says otherwise, and reports
     * throughput and latency per point, the peak, the knee and the queueing model's prediction.
     * Points that need more connections than the server accepts are refused before anything runs.
     * See {@link io.tpkit.sweep.Sweeps}.
     */
    public static io.tpkit.sweep.SweepResult sweep(io.tpkit.sweep.Sweep sweep, RunListener listener,
                                                   RunControl control) throws Exception {
        return io.tpkit.sweep.Sweeps.run(sweep, listener, control);
    }

    /**
     * The runs and sets of repetitions under {@code folders}, grouped into series of one workload
     * and configuration in the order they started, with each series' change points (e-divisive
     * means, see {@link io.tpkit.analysis.ChangePoints}). See {@link io.tpkit.history.Histories}.
     *
     * @param figure         the figure to follow ({@code tps} or a headline figure's id), or null
     *                       for each workload's headline figure
     * @param conformantOnly leave runs that are not conformant out of the analysis too
     * @param outDir         where to write history-.../ (history.json, history.txt, history.html),
     *                       or null to write nothing
     */
    public static io.tpkit.history.History history(List<java.nio.file.Path> folders, String figure,
                                                   io.tpkit.analysis.ChangePoints.Settings settings,
                                                   boolean conformantOnly, java.nio.file.Path outDir) {
        io.tpkit.history.History h = io.tpkit.history.Histories.of(folders, figure, settings, conformantOnly);
        return outDir == null ? h : io.tpkit.report.HistoryFolder.write(outDir, h);
    }

    /**
     * Measures the upper bound the configuration's workload defines ({@code tpkit bound tp1}:
     * McDonell's bound on TP1 from its sub-transactions, seed 000 section 3): the workload's
     * sequence of runs at each connection count, one after the other on the same data, each with
     * its own result folder, then the bound written beside them. Ctrl-C ({@code control}) ends the
     * current run and skips the rest. See {@link io.tpkit.sweep.Sequences}.
     *
     * @param connections the degrees of concurrency to measure each run at (the peak is taken)
     */
    public static io.tpkit.sweep.SequenceResult bound(BenchmarkConfig base, List<Integer> connections,
                                                      RunListener listener, RunControl control) throws Exception {
        return io.tpkit.sweep.Sequences.run(io.tpkit.sweep.Sequences.bound(base), base, connections, listener,
                control);
    }

    /** Drops and loads the workload's data. */
    public static LoadReport load(BenchmarkConfig config, RunListener listener) throws Exception {
        return Runner.load(config, listener);
    }

    /** Drops and loads the workload's data; {@code control.abort()} stops the load early. */
    public static LoadReport load(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        return Runner.load(config, listener, control);
    }

    /** Runs the workload's consistency checks against loaded data. */
    public static List<CheckResult> check(BenchmarkConfig config, RunListener listener) throws Exception {
        return Runner.check(config, listener);
    }
}
