package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.report.RunReport;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.LoadReport;
import io.tpkit.result.PartRecord;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.database.ConnectionLimit;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.ForeignData;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.split.Share;
import io.tpkit.split.Shares;
import io.tpkit.validity.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** The sequence behind {@code tpkit load}, {@code run} and {@code check}. */
public final class Runner {
    private Runner() {
    }

    public static LoadReport load(BenchmarkConfig config, RunListener listener) throws Exception {
        return load(config, listener, new RunControl());
    }

    public static LoadReport load(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        Binding binding = Binding.of(config);
        Share share = Shares.of(config.partition());
        share.refuseUnsplittableLoad(config, binding.bound());
        int pool = RunSettings.loadPoolSize(config.connections()) + share.ownLoadConnections();
        try (WorkloadOnTarget db = WorkloadOnTarget.start(binding, pool, listener, null)) {
            return Loader.load(db, listener, control);
        }
    }

    /**
     * The consistency checks of data tpkit loaded or, where the database holds no finished tpkit
     * load, of the workload's tables as another tool filled them (when the workload can find them).
     */
    public static List<CheckResult> check(BenchmarkConfig config, RunListener listener) throws Exception {
        // one connection for the checks, one spare
        try (WorkloadOnTarget db = WorkloadOnTarget.start(Binding.of(config), 2, listener, null).atLoadedScale(listener);
             Connection c = db.connection()) {
            // the checks read every row: the server's limit for a user or database is not theirs
            CheckSession.limit(db, c, config.checkTimeout());
            long loaded = db.bound.loadedScale(c);
            if (loaded < 0) {
                Optional<ForeignData> foreign = db.bound.foreignData(c);
                if (foreign.isPresent()) {
                    db.share.refuseForeignCheck(config.workload());
                    return checkForeign(db, foreign.get(), c, listener);
                }
            }
            Loader.requireLoaded(db, loaded);
            return db.share.check(c, db.workload, db.bound, listener::message);
        }
    }

    private static List<CheckResult> checkForeign(WorkloadOnTarget db, ForeignData data, Connection c,
                                                  RunListener listener) throws SQLException {
        String name = db.workload.name();
        Integer asked = db.config.scale();
        if (asked != null && asked != data.scale()) {
            throw new BadInputException("the database holds " + name + " at scale " + data.scale()
                    + " (counted in its data), not " + asked + ": drop --scale or pass --scale " + data.scale());
        }
        listener.message("checking the consistency of " + name + " data that tpkit did not load (no tpkit load "
                + "marker in the database)");
        data.description().forEach(listener::message);
        return data.checkConsistency(c);
    }

    public static RunResult run(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        return run(config, listener, control, null);
    }

    /**
     * A run, step by step: configure, start the target, prepare the data, measure, check,
     * judge, write and report. The result folder appears under its final name only when
     * everything is written ({@link ResultFolder}).
     *
     * @param held a running target to use and leave running ({@link Series}, the JUnit extension's
     *             database), or null to open the config's own
     */
    public static RunResult run(BenchmarkConfig config, RunListener listener, RunControl control, Target held)
            throws Exception {
        return run(config, listener, control, held, null);
    }

    /**
     * @param start what a series did to the data before this run ({@link StartingData}), recorded
     *              with it; when the series restored or reloaded it, the run loads nothing and
     *              requires the data it finds. Null outside a series.
     */
    static RunResult run(BenchmarkConfig config, RunListener listener, RunControl control, Target held,
                         StartingData.Start start) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        Share share = Shares.of(config.partition());
        if (held == null) {
            share.requireSharedTarget(config.target());
        }
        Binding asked = Binding.of(config);
        SchedulerSettings askedSettings = RunSettings.of(config, asked.bound());
        try (ResultFolder folder = ResultFolder.create(config.outDir(), config.workload(), kind(config, share),
                resultBytes(config), listener::message);
             // the libraries' messages (a stack trace per lost connection) go there, not to the console
             io.tpkit.result.DriverLog driverLog = io.tpkit.result.DriverLog.open(
                     folder.file(io.tpkit.result.DriverLog.FILE));
             WorkloadOnTarget db = WorkloadOnTarget.start(asked, RunSettings.poolSize(askedSettings, asked.bound()),
                     listener, held).atLoadedScale(listener)) {
            SchedulerSettings whole = db.binding == asked ? askedSettings : RunSettings.of(db.config, db.bound);
            Share.InRun ours = share.run(db.bound, whole);
            SchedulerSettings settings = ours.settings();
            refuseOverConnectionLimit(db, settings);
            db.target.holdOnInterrupt();

            LoadReport load = start != null && start.prepared() ? prepared(db, start) : Loader.prepareData(db, listener, control);
            BeforeRun before = BeforeRun.prepareAndRead(db);
            listener.message(RunDescription.describeRun(db, settings));
            Measurement.Measured measured;
            PartRecord partRecord;
            try (Share.Start met = ours.meet(db::connection, listener::message)) {
                measured = Measurement.run(db, ours, met.rounds(), before, folder, listener, control);
                partRecord = met.record(measured.originEpochMs(), before.transactionCount(), measured.crossChecked(),
                        measured.crossUnknown(), () -> countAtEnd(db));
            }

            // the measurement is written first, as if its checks could not complete: what the checks
            // meet (a statement timeout, a server gone or frozen, the driver killed) never costs it
            Assembly assembly = new Assembly(folder, startedAt, db, settings, before, load, measured, partRecord,
                    ours, start);
            List<CheckResult> notYet = List.of(CheckResult.couldNotCheck("consistency",
                    "the driver ended before the checks did"));
            RunResult result = assembly.result(notYet);
            try {
                writeMeasurement(folder, result, measured);
            } catch (IOException e) {
                throw notWritten(folder, config, result, e);
            }
            listener.message("measurement done and written; checking consistency (at most "
                    + io.tpkit.result.Units.duration(config.checkTimeout().toMillis() / 1000.0) + ", --check-timeout)");
            List<CheckResult> consistency = ours.consistency(
                    () -> RunChecks.afterRun(db, before, measured, config.checkTimeout()));
            consistency.stream().filter(CheckResult::unchecked).forEach(c -> listener.message(c.name() + ": "
                    + c.detail() + "; the result is written without it"));
            result = assembly.result(consistency);
            try {
                writeChecked(folder, result);
                driverLog.close(); // before the folder gets its name: an empty log is removed
            } catch (IOException e) {
                throw notWritten(folder, config, result, e);
            }
            Path dir = folder.commit();
            return result.resultDir().equals(dir.toString()) ? result : withDir(result, dir);
        } catch (SQLException e) {
            throw new IllegalStateException("the run failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BadInputException("cannot write results to " + config.outDir() + ": " + e.getMessage()
                    + " (is the disk full? choose another --out)", e);
        }
    }

    /** What a run's result is made of, once measured: the result follows from the checks given. */
    private record Assembly(ResultFolder folder, String startedAt, WorkloadOnTarget db, SchedulerSettings settings,
                            BeforeRun before, LoadReport load, Measurement.Measured measured,
                            PartRecord partRecord, Share.InRun ours, StartingData.Start start) {
        RunResult result(List<CheckResult> consistency) {
            MeasuredRun run = RunRules.measuredRun(settings, before.server(), measured.metrics());
            Verdict verdict = ours.verdict(RunRules.judge(db.bound, settings, before.server(), run, measured,
                    consistency, before.databaseCpu().process != null, db.config.networkDelay()));
            CostPerTransaction cost = CostPerTransaction.of(measured.metrics(), measured.monitored(),
                    before.databaseCpu().clock, before.databaseCpu().absentBecause,
                    Runtime.getRuntime().availableProcessors());
            return new RunResult(folder.finalPath().toString(), startedAt, OffsetDateTime.now().toString(),
                    RunDescription.configuration(db.config, db.bound),
                    RunDescription.environment(measured.driverCpuSeconds()),
                    RunDescription.database(db, before, start), RunDescription.workload(db, settings, partRecord),
                    db.bound.headline(run), load, measured.metrics(), consistency, verdict, measured.firstErrors(),
                    measured.outages(), measured.monitored(), cost);
        }
    }

    /**
     * Writing failed once the measurement was over: the folder keeps what was written (under its
     * final name, so that no later run takes it for a dead one's leftovers) and the caller gets
     * the result to print.
     */
    private static io.tpkit.result.ResultNotWrittenException notWritten(ResultFolder folder, BenchmarkConfig config,
                                                                        RunResult result, IOException e) {
        Path kept = folder.keep();
        return new io.tpkit.result.ResultNotWrittenException("cannot write results to " + config.outDir() + ": "
                + ResultFolder.reason(e) + (kept == null ? "; nothing could be kept"
                : "; what was written is kept in " + kept + " (" + ResultFolder.listing(kept) + ")")
                + ": free space or choose another --out", withDir(result, kept == null
                ? Path.of(result.resultDir()) : kept), e);
    }

    /**
     * The database's count of the workload's transactions at a part's end, for the merge to tell
     * a database loaded again since (fewer) from the one the parts left; -1 when it cannot be read,
     * which never costs the part its result.
     */
    private static long countAtEnd(WorkloadOnTarget db) {
        CheckSession.Outcome<Long> count = CheckSession.run(db, db.config.checkTimeout(),
                db.bound::databaseTransactionCount);
        return count.completed() ? count.value() : -1;
    }

    /** The measurement's files, and a result.json and report whose checks are still to come. */
    private static void writeMeasurement(ResultFolder folder, RunResult result, Measurement.Measured measured)
            throws IOException {
        io.tpkit.result.TimeseriesCsv.write(folder.file(io.tpkit.result.TimeseriesCsv.FILE), measured.samples());
        ResultWriter.writeSummary(folder.file("summary.csv"), measured.metrics());
        ResultWriter.writeMonitor(folder.file("monitor.csv"), measured.monitor().columns(), measured.monitor().rows());
        writeChecked(folder, result);
    }

    /** result.json, replaced whole (a failed write leaves the one before), then the report. */
    private static void writeChecked(ResultFolder folder, RunResult result) throws IOException {
        ResultWriter.writeJsonReplacing(folder.file("result.json"), result);
        RunReport.write(folder.file("result.json").getParent());
    }

    /** A result folder's files, written before anything else so that a full disk is found at the start. */
    static final long RESULT_BYTES_FIXED = 4L << 20;
    /**
     * What a second of a run adds at most: the histograms of every type and phase (a few KB), a
     * row of timeseries.csv and monitor.csv, TPC-C's deferred.csv at a few thousand per second.
     */
    static final long RESULT_BYTES_PER_SECOND = 64L << 10;
    /** The seconds assumed for a run measured by its count of transactions, whose length is not known before. */
    private static final long SECONDS_OF_A_COUNTED_RUN = 600;

    /** About what a run's result folder may take, to refuse a file system without room for it before the run. */
    static long resultBytes(BenchmarkConfig c) {
        double seconds = (double) (c.warmupGiven() ? c.warmup() : BenchmarkConfig.DEFAULT_WARMUP_MOST).getSeconds()
                + (c.transactions() != null ? SECONDS_OF_A_COUNTED_RUN : (double) c.duration().getSeconds());
        double bytes = RESULT_BYTES_FIXED + RESULT_BYTES_PER_SECOND * seconds;
        return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
    }

    private static RunResult withDir(RunResult r, Path dir) {
        return new RunResult(dir.toString(), r.startedAt(), r.finishedAt(), r.configuration(), r.environment(),
                r.database(), r.workload(), r.headline(), r.load(), r.metrics(), r.consistency(), r.validity(), r.firstErrors(),
                r.outages(), r.monitor(), r.cost());
    }

    private static String kind(BenchmarkConfig config, Share share) {
        return target(config) + share.folderSuffix();
    }

    private static String target(BenchmarkConfig config) {
        String t = config.target();
        if (t.startsWith("jdbc:")) {
            int end = t.indexOf(':', 5);
            return end > 5 ? t.substring(5, end) : "jdbc";
        }
        return t.replaceAll("[^A-Za-z0-9.-]", "-");
    }

    /** Data a series restored or reloaded: required as a run without a load requires it. */
    private static LoadReport prepared(WorkloadOnTarget db, StartingData.Start start) throws SQLException {
        try (Connection c = db.connection()) {
            Loader.requireLoaded(db, db.bound.loadedScale(c));
        }
        return start.load();
    }

    /** A run that needs more connections than the server accepts is refused before it starts. */
    private static void refuseOverConnectionLimit(WorkloadOnTarget db, SchedulerSettings s) throws SQLException {
        Optional<ConnectionLimit> limit;
        try (Connection c = db.connection()) {
            limit = db.target.plugin().connectionLimit(c);
        }
        if (limit.isEmpty()) {
            return;
        }
        int needs = RunSettings.connectionsNeeded(s, db.bound);
        // the plugins leave the asking connection out of "in use": it is one of the run's own
        String unit = ServerConnections.concurrency(db.config);
        ServerConnections.refuseOverLimit("--" + unit + " " + s.connections(), needs, s.connections(), limit.get().available(),
                limit.get(), db.target.plugin().name(), unit);
    }
}
