package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Series;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Runs one configuration several times and writes the set's folder. */
public final class Repeats {
    /** The default confidence level of the intervals. */
    public static final double DEFAULT_LEVEL = 0.95;

    private Repeats() {
    }

    /**
     * Runs {@code config} {@code times} times, one after the other on one server (started once),
     * each repetition with its own seed (the configuration's seed plus 0, 1, 2...), its own result
     * folder, and the configuration's load policy applied before each: the default loads only
     * when the database is empty (so once), {@link io.tpkit.config.LoadPolicy#ALWAYS} ({@code --reload}) loads
     * again before every repetition. Then writes {@code repeat-WORKLOAD-...} (repeat.json,
     * repetitions.csv, statistics.csv, repeat.html) beside the runs' folders. Ctrl-C
     * ({@code control}) ends the current repetition, skips the rest and writes what was done,
     * marked incomplete.
     *
     * @param level the confidence level of the intervals, e.g. 0.95
     */
    public static RepeatResult run(BenchmarkConfig config, int times, double level, RunListener listener,
                                   RunControl control) throws Exception {
        if (times < 2) {
            throw new BadInputException("--repeat needs at least 2 runs to measure a spread (got " + times + ")");
        }
        if (!(level > 0 && level < 1)) {
            throw new BadInputException("--confidence must be a percentage between 0 and 100, e.g. 95 (got "
                    + level * 100 + ")");
        }
        String startedAt = OffsetDateTime.now().toString();
        // a workload measured from the empty tables its load leaves (HPSS) would measure the last
        // repetition's rows in the next one: unless told --no-load, each repetition loads afresh
        boolean fresh = io.tpkit.spi.Plugins.workload(config.workload()).scaleIsThreads()
                && config.loadPolicy() == io.tpkit.config.LoadPolicy.IF_EMPTY;
        List<BenchmarkConfig> configs = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            BenchmarkConfig.Builder b = config.toBuilder().seed(config.seed() + i);
            configs.add((fresh ? b.loadPolicy(io.tpkit.config.LoadPolicy.ALWAYS) : b).build());
        }
        try (ResultFolder folder = ResultFolder.create(config.outDir(), "repeat-" + config.workload(), Sweeps.kind(config));
             Series series = Series.open(configs, Collections.nCopies(times, "each repetition"), listener)) {
            List<RunResult> runs = new ArrayList<>();
            if (fresh) {
                listener.message(config.workload() + " starts on empty tables: the data is loaded afresh before every "
                        + "repetition");
            }
            for (int i = 0; i < times && !control.aborted(); i++) {
                listener.message("repetition " + (i + 1) + " of " + times + " (seed " + configs.get(i).seed() + ")");
                RunResult r = series.run(configs.get(i), listener, control);
                runs.add(r);
            }
            if (runs.isEmpty()) {
                throw new BadInputException("the repetitions were interrupted before the first ended: nothing to report");
            }
            String load = fresh ? "dropped and loaded again before every repetition (the workload starts on empty "
                    + "tables)" : switch (config.loadPolicy()) {
                case ALWAYS -> "dropped and loaded again before every repetition (--reload)";
                case NEVER -> "never loaded: every repetition ran on the data loaded earlier (--no-load)";
                case IF_EMPTY -> "loaded before the first repetition when the database was empty; the others ran on "
                        + "the data as the previous repetition left it";
            };
            RepeatResult result = RepeatResult.of(times, level, "the configuration's seed plus 0, 1, 2... (each "
                    + "repetition draws other inputs from the same distributions)", load, runs,
                    series.describeTarget(), startedAt, OffsetDateTime.now().toString(), control.aborted(),
                    folder.finalPath().toString());
            RepeatFiles.write(folder, result);
            Path dir = folder.commit();
            return result.withFolder(dir.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the repetitions' folder into " + config.outDir(), e);
        }
    }
}
