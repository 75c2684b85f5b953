package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Series;
import io.tpkit.runner.StartingData;
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

    /** {@link #run(BenchmarkConfig, int, double, boolean, RunListener, RunControl)} with every repetition from the same data. */
    public static RepeatResult run(BenchmarkConfig config, int times, double level, RunListener listener,
                                   RunControl control) throws Exception {
        return run(config, times, level, true, listener, control);
    }

    /**
     * Runs {@code config} {@code times} times, one after the other on one server (started once),
     * each repetition with its own seed (the configuration's seed plus 0, 1, 2...) and its own
     * result folder, and each from the same data by default: loaded when the database is empty,
     * copied once and restored before every repetition, or dropped and loaded again with the first
     * seed where no copy can be kept ({@link StartingData}). {@link LoadPolicy#ALWAYS}
     * ({@code --reload}) loads again before every repetition; {@link LoadPolicy#NEVER}
     * ({@code --no-load}) and {@code reset} false ({@code --no-reset}) run each on the data as the
     * previous one left it. A workload that starts on empty tables (HPSS) is loaded afresh before
     * every repetition unless {@code --no-load}. Then writes {@code repeat-WORKLOAD-...}
     * (repeat.json, repetitions.csv, statistics.csv, repeat.html) beside the runs' folders. Ctrl-C
     * ({@code control}) ends the current repetition, skips the rest and writes what was done,
     * marked incomplete.
     *
     * @param level the confidence level of the intervals, e.g. 0.95
     * @param reset whether each repetition starts from the same data (unless --no-load)
     */
    public static RepeatResult run(BenchmarkConfig config, int times, double level, boolean reset,
                                   RunListener listener, RunControl control) throws Exception {
        if (times < 2) {
            throw new BadInputException("--repeat needs at least 2 runs to measure a spread (got " + times + ")");
        }
        if (!(level > 0 && level < 1)) {
            throw new BadInputException("--confidence must be a percentage between 0 and 100, e.g. 95 (got "
                    + level * 100 + ")");
        }
        String startedAt = OffsetDateTime.now().toString();
        StartingData.Ask ask = StartingData.Ask.of(config, reset);
        // a workload measured from the empty tables its load leaves (HPSS) would measure the last
        // repetition's rows in the next one: unless told --no-load, each repetition loads afresh
        boolean fresh = ask == StartingData.Ask.RELOAD && config.loadPolicy() == LoadPolicy.IF_EMPTY;
        List<BenchmarkConfig> configs = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            configs.add(config.toBuilder().seed(config.seed() + i).build());
        }
        try (ResultFolder folder = ResultFolder.create(config.outDir(), "repeat-" + config.workload(), Sweeps.kind(config));
             Series series = Series.open(configs, Collections.nCopies(times, "each repetition"), ask, listener)) {
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
            StartingData.Summary data = series.startingData(fresh ? "the workload starts on empty tables" : null);
            RepeatResult result = RepeatResult.of(times, level, "the configuration's seed plus 0, 1, 2... (each "
                    + "repetition draws other inputs from the same distributions)", data.text("repetition"), data, runs,
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
