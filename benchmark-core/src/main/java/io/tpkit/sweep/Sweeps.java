package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Series;
import io.tpkit.runner.StartingData;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Runs a {@link Sweep} and writes its folder. */
public final class Sweeps {
    private Sweeps() {
    }

    /**
     * Checks every point, starts the target once, refuses points that need more connections
     * than the server accepts (before anything runs), then runs the points one after the other
     * on the same server in the sweep's order (shuffled by default), each writing its own result
     * folder, and each from the same data unless the sweep says otherwise ({@link StartingData}:
     * restored from a copy made after the load, or reloaded; a sweep over threads loads before
     * every point, {@link SweepAxis#reloadsEveryPoint()}). Finally writes the sweep's folder
     * ({@code sweep-WORKLOAD-...}: sweep.json, sweep.csv, sweep.html) beside them. Ctrl-C
     * ({@code control}) ends the current point, skips the rest and writes what was done, marked
     * incomplete.
     */
    public static SweepResult run(Sweep sweep, RunListener listener, RunControl control) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Workload workload = Plugins.workload(sweep.base().workload());
        sweep.axis().checkFits(workload);
        List<BenchmarkConfig> configs = sweep.points();
        List<Integer> order = sweep.runOrder();
        List<BenchmarkConfig> inOrder = order.stream().map(configs::get).toList();
        List<String> labels = order.stream().map(i -> "sweep point " + sweep.axis().describe(sweep.values().get(i)))
                .toList();
        BenchmarkConfig base = configs.getFirst();
        StartingData.Ask ask = StartingData.Ask.of(base, sweep.sameData());
        try (ResultFolder folder = ResultFolder.create(base.outDir(), "sweep-" + base.workload(), kind(base));
             Series series = Series.open(inOrder, labels, ask, listener)) {
            Series.Shape shape = Series.shape(base);
            listener.message("sweep over " + sweep.axis().label() + ": points in " + sweep.order().describe()
                    + " order: " + String.join(", ", order.stream().map(i -> SweepAxis.format(sweep.values().get(i)))
                    .toList()));
            if (sweep.axis().reloadsEveryPoint()) {
                listener.message("sweep over " + sweep.axis().label() + ": the data is loaded afresh before every point, "
                        + "so that each starts on empty tables");
            }
            RunResult[] byValue = new RunResult[configs.size()];
            List<Double> ran = new ArrayList<>();
            for (int k = 0; k < order.size() && !control.aborted(); k++) {
                int i = order.get(k);
                listener.message("sweep point " + (k + 1) + " of " + configs.size() + ": "
                        + sweep.axis().describe(sweep.values().get(i)));
                byValue[i] = series.run(configs.get(i), listener, control);
                ran.add(sweep.values().get(i));
            }
            List<Double> done = new ArrayList<>();
            List<RunResult> runs = new ArrayList<>();
            for (int i = 0; i < byValue.length; i++) {
                if (byValue[i] != null) {
                    done.add(sweep.values().get(i));
                    runs.add(byValue[i]);
                }
            }
            if (runs.isEmpty()) {
                throw new BadInputException("the sweep was interrupted before its first point: nothing to report");
            }
            String source = "streams".equals(shape.arrival()) ? "streams: no think time (each stream starts its "
                    + "next transaction when the last one ends)"
                    : String.format(Locale.ROOT, "the workload's mean keying + think time per transaction, x the "
                    + "think factor %s (closed terminals)", base.thinkFactor());
            StartingData.Summary data = series.startingData(sweep.axis().reloadsEveryPoint()
                    ? "a sweep over " + sweep.axis().label() + " starts every point on empty tables" : null);
            SweepResult result = SweepResult.of(sweep, done, runs, ran, data, workload.throughputFigure().orElse(null),
                    shape.thinkSeconds(), source, series.describeTarget(), startedAt, OffsetDateTime.now().toString(),
                    control.aborted(), folder.finalPath().toString());
            SweepFiles.write(folder, result);
            Path dir = folder.commit();
            return result.withFolder(dir.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sweep's folder into " + base.outDir(), e);
        }
    }

    static String kind(BenchmarkConfig config) {
        String t = config.target();
        if (t.startsWith("jdbc:")) {
            int end = t.indexOf(':', 5);
            return end > 5 ? t.substring(5, end) : "jdbc";
        }
        return t.replaceAll("[^A-Za-z0-9.-]", "-");
    }
}
