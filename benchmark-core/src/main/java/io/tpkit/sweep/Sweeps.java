package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Series;
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
     * on the same server and data, each writing its own result folder, and finally writes the
     * sweep's folder ({@code sweep-WORKLOAD-...}: sweep.json, sweep.csv, sweep.html) beside them.
     * Ctrl-C ({@code control}) ends the current point, skips the rest and writes what was done,
     * marked incomplete. A sweep over threads loads the data before every point
     * ({@link SweepAxis#reloadsEveryPoint()}).
     */
    public static SweepResult run(Sweep sweep, RunListener listener, RunControl control) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Workload workload = Plugins.workload(sweep.base().workload());
        sweep.axis().checkFits(workload);
        List<BenchmarkConfig> configs = sweep.points();
        List<String> labels = sweep.values().stream().map(v -> "sweep point " + sweep.axis().describe(v)).toList();
        BenchmarkConfig base = configs.getFirst();
        try (ResultFolder folder = ResultFolder.create(base.outDir(), "sweep-" + base.workload(), kind(base));
             Series series = Series.open(configs, labels, listener)) {
            Series.Shape shape = Series.shape(base);
            List<RunResult> runs = new ArrayList<>();
            if (sweep.axis().reloadsEveryPoint()) {
                listener.message("sweep over " + sweep.axis().label() + ": the data is loaded afresh before every point, "
                        + "so that each starts on empty tables");
            }
            for (int i = 0; i < configs.size() && !control.aborted(); i++) {
                listener.message("sweep point " + (i + 1) + " of " + configs.size() + ": "
                        + sweep.axis().describe(sweep.values().get(i)));
                RunResult r = series.run(configs.get(i), listener, control);
                runs.add(r);
            }
            if (runs.isEmpty()) {
                throw new BadInputException("the sweep was interrupted before its first point: nothing to report");
            }
            String source = "streams".equals(shape.arrival()) ? "streams: no think time (each stream starts its "
                    + "next transaction when the last one ends)"
                    : String.format(Locale.ROOT, "the workload's mean keying + think time per transaction, x the "
                    + "think factor %s (closed terminals)", base.thinkFactor());
            SweepResult result = SweepResult.of(sweep, runs,
                    workload.throughputFigure().orElse(null), shape.thinkSeconds(), source, series.describeTarget(),
                    startedAt, OffsetDateTime.now().toString(), control.aborted(), folder.finalPath().toString());
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
