package io.tpkit.runner;

import io.tpkit.measurement.DeferredLog;
import io.tpkit.measurement.DriverCpu;
import io.tpkit.measurement.HlogFile;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.measurement.PhaseMeters;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Outage;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.IterationConditions;
import io.tpkit.monitor.Monitor;
import io.tpkit.monitor.MonitorSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.ResultFolder;
import io.tpkit.scheduler.Scheduler;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.split.Share;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The measured part of a run: the scheduler drives the terminals while the monitor samples the
 * server and the machine; the histograms and the deferred work are logged as they happen.
 */
final class Measurement {
    private Measurement() {
    }

    /**
     * What a measurement produced, all of it read once the scheduler has stopped.
     *
     * @param measurementStart when the measurement interval started, in elapsed seconds of the run, or null
     * @param drainStart       when it ended (the drain started), or null
     * @param crossChecked     committed transactions of the workload's cross-checked type in every phase
     * @param crossUnknown     those of its transactions lost during their commit (outcome unknown)
     * @param driverCpuSeconds the driver JVM's CPU time over the whole run (-1 unknown)
     * @param originEpochMs    the wall clock at the run's elapsed 0 (the origin of timeseries.csv and the iterations)
     */
    record Measured(RunMetrics metrics, List<IntervalSample> samples, List<Outage> outages,
                    Map<String, String> firstErrors, Double measurementStart, Double drainStart,
                    long crossChecked, long crossUnknown, Monitor monitor, MonitorSummary monitored, double driverCpuSeconds,
                    long originEpochMs) {
    }

    /**
     * @param ours   this process's share of the run: its settings and terminals (all of them, or a part's)
     * @param rounds where a split run in rounds meets its other parts at every round, or null
     * @param before what was read before the run: where the database's CPU time is read, and its
     *               count of the workload's transactions (the rows an iteration starts with)
     */
    static Measured run(WorkloadOnTarget db, Share.InRun ours, io.tpkit.scheduler.RoundMeeting rounds, BeforeRun before,
                        ResultFolder folder, RunListener listener, RunControl control)
            throws IOException, SQLException, InterruptedException {
        SchedulerSettings settings = ours.settings();
        DatabaseCpuClock databaseCpu = before.databaseCpu();
        List<String> types = db.bound.transactionTypes();
        Writer deferredOut = null;
        try (HlogFile hlog = HlogFile.create(folder.file("histograms.hlog"))) {
            long start = System.nanoTime();
            long originEpochMs = System.currentTimeMillis(); // where a split run's parts put elapsed 0 on one clock
            MetricsCollector collector = new MetricsCollector(Scheduler.metricTypes(types, db.bound::deferred),
                    settings.maxRetries(), start, hlog);
            PhaseMeters meters = DriverCpu.meters();
            if (databaseCpu.clock != null) {
                meters.add(CostPerTransaction.DATABASE_CPU, databaseCpu.clock::cpuNanos);
            }
            collector.readAtPhaseChanges(meters);
            collector.bytesCounted(db.target.plugin().countsWireBytes());
            Scheduler.TerminalFactory terminals = ours.terminals(settings.seed());
            Scheduler scheduler = new Scheduler(settings, terminals, sessions(db),
                    db.target.plugin()::classify, collector, listener::sample, db.bound::deferred, types.size());
            if (rounds != null) {
                scheduler.meetPartsEachRound(rounds);
            }
            DeferredLog deferredLog = null;
            if (db.bound.defersAny()) {
                deferredOut = Files.newBufferedWriter(folder.file(DeferredLog.FILE));
                deferredLog = new DeferredLog(types, deferredOut);
                scheduler.logDeferred(deferredLog);
            }
            control.attach(scheduler);
            collector.connections().sayTo(listener::message, settings.connections(),
                    io.tpkit.result.DriverLog.routed() ? " (the driver's messages: " + io.tpkit.result.DriverLog.FILE
                            + " in the result folder)" : "");
            db.countRefusals(collector.connections());
            // its own connection is one of the pool's spare ones (see RunSettings)
            Monitor monitor = Monitor.start(start, db.target.plugin().serverStatsSampler(), monitorConnections(db),
                    databaseCpu.process, listener::message);
            RunMetrics metrics;
            try {
                metrics = scheduler.run();
                collector.connections().sayWhatHappened(System.nanoTime()); // the drain's, if any
                if (deferredLog != null) {
                    deferredLog.finish();
                }
            } finally {
                db.stopCountingRefusals();
                monitor.stop();
                databaseCpu.close();
                if (deferredOut != null) {
                    deferredOut.close();
                }
            }
            if (!metrics.iterations().isEmpty()) {
                List<io.tpkit.metrics.Iteration> its = IterationConditions.of(metrics.iterations(), monitor.rows());
                metrics = metrics.withIterations(ours.withRowsAtStart(its, before.transactionCount()));
            }
            Double from = phaseStart(collector, start, Phase.MEASUREMENT);
            Double to = phaseStart(collector, start, Phase.DRAIN);
            metrics = metrics.withConnections(collector.connections().summary(settings.connections(),
                    collector.phaseStartNanos(Phase.MEASUREMENT), collector.phaseStartNanos(Phase.DRAIN),
                    System.nanoTime()));
            int type = db.bound.crossCheckedType();
            long committed = type < 0 ? metrics.committedAllPhases() : collector.committedAllPhases(type);
            long cpu = meters.overRun(DriverCpu.CPU);
            List<IntervalSample> samples = collector.samples();
            return new Measured(metrics, samples, Outage.find(samples), collector.firstErrors(), from, to,
                    committed, collector.outcomeUnknownAllPhases(type), monitor,
                    monitor.summary(from, to), cpu < 0 ? -1 : cpu / 1e9, originEpochMs);
        }
    }

    /** When a phase started, in elapsed seconds of the run (timeseries.csv), or null if it never did. */
    private static Double phaseStart(MetricsCollector collector, long start, Phase phase) {
        long at = collector.phaseStartNanos(phase);
        return at == 0 ? null : (at - start) / 1e9;
    }

    /**
     * The monitor's connections: the pool's, named on the server ("tpkit monitor", where the server
     * shows names) and taken out of the pool when the monitor is done with them, so that the name
     * stays with the monitor.
     */
    static Monitor.ConnectionSource monitorConnections(WorkloadOnTarget db) {
        return new Monitor.ConnectionSource() {
            @Override
            public Connection open() throws SQLException {
                Connection c = db.connection();
                try {
                    db.target.plugin().nameSession(c, MONITOR_NAME);
                } catch (SQLException | RuntimeException e) {
                    c.close();
                    throw e;
                }
                return c;
            }

            @Override
            public void release(Connection c) throws SQLException {
                db.pool.evictConnection(c); // closes it too, on the pool's own thread
            }
        };
    }

    /** The monitor's session's name on the server (PostgreSQL's application_name). */
    static final String MONITOR_NAME = "tpkit monitor";

    /**
     * Sessions on the pool's connections; a session retired (a run in rounds that restarts them)
     * takes its connection out of the pool and closes it before returning, as a program that
     * ends, so that the next round opens a new one.
     */
    private static io.tpkit.scheduler.SessionFactory sessions(WorkloadOnTarget db) {
        return new io.tpkit.scheduler.SessionFactory() {
            @Override
            public Session open() throws SQLException {
                return openSession(db);
            }

            @Override
            public void retire(Session session) throws SQLException {
                Connection pooled = session.connection().jdbc();
                Connection own = pooled.unwrap(Connection.class);
                db.pool.evictConnection(pooled); // closes it too, but later, on the pool's own thread
                own.close();
            }
        };
    }

    /**
     * A session on a pooled connection, which knows from the plugin whether COMMIT goes apart on
     * it; the connection goes back if the session cannot be opened.
     */
    private static Session openSession(WorkloadOnTarget db) throws SQLException {
        Connection c = db.connection();
        try {
            return db.bound.openSession(new SessionConnection(c, db.target.plugin().commitApart(c)));
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }
}
