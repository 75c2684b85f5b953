package io.tpkit.runner;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.LoadReport;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DataCopy;
import io.tpkit.spi.provisioning.Target;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each run of a series (repetitions, a sweep's points) starts from. By default every run
 * starts from the same data: the data is loaded when the database is empty, copied once in the
 * fastest way the database offers ({@link DataCopy}) and restored from the copy before every run,
 * the first included, so that all of them find it in the same state; where no copy can be kept it
 * is dropped and loaded again before every run, with the series' first seed. The user may ask
 * for that reload ({@code --reload}), or for the data as the previous run left it
 * ({@code --no-load}, {@code --no-reset}). The copy is dropped when the series closes.
 */
public final class StartingData implements AutoCloseable {

    /** What the user asked each run to start from. */
    public enum Ask {
        /** The same data: restored from a copy, or loaded again where none can be kept (the default). */
        SAME,
        /** Dropped and loaded again before every run ({@code --reload}; a workload that starts on empty tables). */
        RELOAD,
        /**
         * The data as the previous run left it: loaded only when the database is empty
         * ({@code --no-reset}), or never ({@code --no-load}).
         */
        AS_LEFT;

        /**
         * From a run's load policy: {@code --no-load} runs on the data as it is, {@code --reload}
         * reloads, and otherwise the same data unless {@code reset} is false. A part of a split
         * run ({@code --partition}) runs on the data as it is, which the other parts share. A workload whose
         * scale is its threads (HPSS) starts on the empty tables its load leaves, so it is loaded
         * afresh rather than copied.
         */
        public static Ask of(BenchmarkConfig config, boolean reset) {
            if (config.partition() != null) {
                return AS_LEFT; // the parts of a split run share one database: no part may replace it alone
            }
            return switch (config.loadPolicy()) {
                case NEVER -> AS_LEFT;
                case ALWAYS -> RELOAD;
                case IF_EMPTY -> !reset ? AS_LEFT
                        : Plugins.workload(config.workload()).scaleIsThreads() ? RELOAD : SAME;
            };
        }
    }

    /**
     * How one run's data was prepared, recorded in its result.json ({@code database.startingData}).
     *
     * @param method  {@code restore}, {@code reload} or {@code as-left}
     * @param how     in words
     * @param seconds how long the restore or the reload took; null for {@code as-left}
     * @param load    the reload's report (the run's {@code load}), or null
     */
    public record Start(String method, String how, Double seconds, LoadReport load) {
        /** The series did the work: the run loads nothing and requires the data it finds. */
        boolean prepared() {
            return !AS_LEFT_METHOD.equals(method);
        }

        io.tpkit.result.StartingDataSection record() {
            return new io.tpkit.result.StartingDataSection(method, how, seconds);
        }
    }

    /**
     * What the runs of a series started from, for its own record (repeat.json, sweep.json).
     *
     * @param method      {@code restore}, {@code reload} or {@code as-left} (the data as the
     *                    previous run left it)
     * @param sameData    whether every run started from the same data
     * @param asked       what the user asked: "the default", "--reload", "--no-load", "--no-reset",
     *                    or why the workload is loaded afresh before every run without --reload
     * @param copy        how the copy was kept (restore), or null
     * @param copySeconds how long making the copy took, or null
     * @param seconds     each run's restore or reload, in seconds, in the order they ran
     * @param load        the load before the copy was made (null when the database held the data
     *                    already, or with no copy)
     * @param fallback    why the data was loaded again instead of restored from a copy, or null
     */
    public record Summary(String method, boolean sameData, String asked, String copy, Double copySeconds,
                          List<Double> seconds, LoadReport load, String fallback) {
        /** In words, for the output: {@code each} is what a run of the series is ("repetition", "point"). */
        public String text(String each) {
            double mean = seconds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            return switch (method) {
                case RESTORE -> String.format(Locale.ROOT, "each %s started from the same data, %s: restored before "
                        + "it from a copy made %s, in %.1f s on average (the copy took %.1f s); the copy: %s", each,
                        load != null ? "as loaded" : "as the database held it", load != null ? "after the load"
                        : "before the first " + each, mean, copySeconds, copy);
                case RELOAD_METHOD -> String.format(Locale.ROOT, "each %s started from the same data, dropped and loaded "
                        + "again before every %s with the first one's seed, in %.1f s on average (%s)", each, each, mean,
                        fallback == null ? asked : fallback);
                default -> "the " + each + "s did not start from the same data: " + (NO_LOAD.equals(asked)
                        ? "never loaded (" + NO_LOAD + "), each " + each + " ran on the data as the previous one left "
                        + "it, the first on the data loaded earlier"
                        : "loaded before the first " + each + " when the database was empty, the others ran on the data "
                        + "as the previous " + each + " left it (" + NO_RESET + ")");
            };
        }
    }

    static final String NO_LOAD = "--no-load";
    static final String NO_RESET = "--no-reset";
    static final String RESTORE = io.tpkit.result.StartingDataSection.RESTORE;
    static final String RELOAD_METHOD = io.tpkit.result.StartingDataSection.RELOAD;
    static final String AS_LEFT_METHOD = io.tpkit.result.StartingDataSection.AS_LEFT;

    private final Target target;
    private final Ask ask;
    private BenchmarkConfig first;
    private RunListener listener = RunListener.SILENT;
    private DataCopy copy;
    private Double copySeconds;
    private LoadReport load;
    private String fallback;
    private final List<Double> seconds = new ArrayList<>();

    StartingData(Target target, Ask ask) {
        this.target = target;
        this.ask = ask;
    }

    /** Prepares the data for the next run of the series, {@code config}; says what it did. */
    Start before(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        this.listener = listener;
        boolean isFirst = first == null;
        if (isFirst) {
            first = config;
        }
        return switch (ask) {
            case AS_LEFT -> new Start(AS_LEFT_METHOD, isFirst ? (config.loadPolicy() == LoadPolicy.NEVER
                    ? "the data loaded earlier (--no-load)" : "the data the database held, loaded first when it was empty")
                    : "the data as the previous run of the series left it", null, null);
            case RELOAD -> reload(config, listener, control);
            case SAME -> {
                Start start = isFirst ? copyFirst(listener, control) : null;
                yield start != null ? start : copy != null ? restore(listener) : reload(config, listener, control);
            }
        };
    }

    /**
     * Before the first run: the data loaded when the database is empty, then copied in the first
     * way that works. Returns the first run's start when the data was loaded just now and no copy
     * can be kept (the load is then that run's reload), else null.
     */
    private Start copyFirst(RunListener listener, RunControl control) throws Exception {
        List<String> tables;
        try (WorkloadOnTarget db = WorkloadOnTarget.start(Binding.of(first),
                RunSettings.loadPoolSize(first.connections()), listener, target).atLoadedScale(listener)) {
            load = Loader.prepareData(db, listener, control);
            tables = db.bound.dataTables();
        }
        List<String> refused = new ArrayList<>();
        if (tables.isEmpty()) {
            refused.add(first.workload() + " names no tables to copy");
        } else {
            DataCopy.Source source = new DataCopy.Source(target.jdbcUrl(), target.user(), target.password(), tables,
                    target.ownsServer());
            for (DataCopy way : target.plugin().dataCopies(source)) {
                listener.message("copying the data, so that every run starts from it: " + way.how());
                long t0 = System.nanoTime();
                try {
                    way.save();
                    copySeconds = since(t0);
                    copy = way;
                    listener.message(String.format(Locale.ROOT, "copied in %.1f s", copySeconds));
                    break;
                } catch (SQLException e) {
                    refused.add(WorkloadOnTarget.rootMessage(e));
                    dropQuietly(way);
                }
            }
            if (copy == null && refused.isEmpty()) {
                refused.add(target.plugin().name() + " keeps no copy of a workload's data");
            }
        }
        if (copy != null) {
            return null;
        }
        fallback = "no copy of the data could be kept: " + String.join("; ", refused);
        listener.message(fallback + "; the data is loaded again before every run instead");
        if (load == null) {
            return null;
        }
        seconds.add(load.seconds());
        return new Start(RELOAD_METHOD, "loaded before the run with the series' first seed (" + first.seed() + ")",
                load.seconds(), load);
    }

    private Start restore(RunListener listener) {
        long t0 = System.nanoTime();
        try {
            copy.restore();
        } catch (SQLException e) {
            throw new IllegalStateException("restoring the data from its copy failed (" + copy.how() + "): "
                    + WorkloadOnTarget.rootMessage(e), e);
        }
        double s = since(t0);
        seconds.add(s);
        listener.message(String.format(Locale.ROOT, "restored the data from the copy in %.1f s", s));
        return new Start(RESTORE, "restored from a copy made " + (load != null ? "after the load" : "before the first "
                + "run of the series") + " (" + copy.how() + ")", s, null);
    }

    private Start reload(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        BenchmarkConfig c = config.toBuilder().seed(first.seed()).loadPolicy(LoadPolicy.ALWAYS).build();
        long t0 = System.nanoTime();
        LoadReport report;
        try (WorkloadOnTarget db = WorkloadOnTarget.start(Binding.of(c), RunSettings.loadPoolSize(c.connections()),
                listener, target)) {
            report = Loader.load(db, listener, control);
        }
        double s = since(t0);
        seconds.add(s);
        return new Start(RELOAD_METHOD, "dropped and loaded again with the series' first seed (" + first.seed() + ")",
                s, report);
    }

    /** What the runs started from; {@code reloaded} says why the workload reloads without --reload, or null. */
    Summary summary(String reloaded) {
        String method = switch (ask) {
            case AS_LEFT -> AS_LEFT_METHOD;
            case RELOAD -> RELOAD_METHOD;
            case SAME -> copy != null ? RESTORE : RELOAD_METHOD;
        };
        String asked = switch (ask) {
            case SAME -> "the default";
            case RELOAD -> reloaded != null ? reloaded : "--reload";
            case AS_LEFT -> first != null && first.loadPolicy() == LoadPolicy.NEVER ? NO_LOAD : NO_RESET;
        };
        return new Summary(method, ask != Ask.AS_LEFT, asked, copy == null ? null : copy.how(), copySeconds,
                List.copyOf(seconds), copy == null ? null : load, fallback);
    }

    /** Drops the copy: the data stays as the last run left it. */
    @Override
    public void close() {
        if (copy != null) {
            try {
                copy.drop();
            } catch (SQLException | RuntimeException e) {
                listener.message("could not drop the copy of the data (" + WorkloadOnTarget.rootMessage(e) + "): "
                        + "drop it by hand (" + copy.how() + ")");
            }
        }
    }

    private static void dropQuietly(DataCopy way) {
        try {
            way.drop();
        } catch (SQLException | RuntimeException ignored) {
            // nothing was made, or what was made goes with the next save
        }
    }

    private static double since(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
