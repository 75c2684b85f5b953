package io.tpkit.runner;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.ConnectionLimit;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.BoundWorkload;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Several runs of one workload on one target, one after the other, on the same server (a sweep's
 * points, a run's repetitions): the target is started once, and each run starts from the data
 * {@link StartingData} prepares for it (by default the same data for every run). Every
 * configuration is checked before the target starts, and the server's connection limit before
 * the first run.
 */
public final class Series implements AutoCloseable {
    /** Connections tpkit opens beside a run's servers and deferred workers: the monitor's and one for checks. */

    private final Target target;
    private final Optional<ConnectionLimit> limit;
    private final StartingData startingData;

    private Series(Target target, Optional<ConnectionLimit> limit, StartingData startingData) {
        this.target = target;
        this.limit = limit;
        this.startingData = startingData;
    }

    /**
     * The shape of one run of the series, as the scheduler will run it.
     *
     * @param thinkSeconds a terminal's mean keying + think time per transaction (closed arrival,
     *                     scaled by the think factor); 0 for streams
     * @param needs        the connections the run opens: its servers, its deferred workers (when
     *                     the workload defers a type) and tpkit's two spare ones
     */
    public record Shape(String arrival, int terminals, int connections, double thinkSeconds, int needs) {
    }

    /** The run shape of {@code config}, checked as a run checks it (throws {@link BadInputException}). */
    public static Shape shape(BenchmarkConfig config) {
        BoundWorkload bound = Binding.of(config).bound();
        SchedulerSettings s = RunSettings.of(config, bound);
        double think = s.arrival() == ArrivalModel.CLOSED ? bound.meanKeyingAndThinkSeconds() * s.thinkFactor() : 0;
        return new Shape(s.arrival().label(), s.terminals(), s.connections(), think,
                RunSettings.connectionsNeeded(s, bound));
    }

    /**
     * Checks every configuration, starts the (first one's) target and refuses, before any run,
     * a configuration that needs more connections than the server accepts.
     *
     * @param configs the runs, all of one workload on one target
     * @param labels  each run's name in a refusal ("connections 400")
     * @param ask     what each run starts from ({@link StartingData.Ask#of})
     */
    public static Series open(List<BenchmarkConfig> configs, List<String> labels, StartingData.Ask ask,
                              RunListener listener) {
        if (configs.isEmpty()) {
            throw new BadInputException("nothing to run");
        }
        BenchmarkConfig first = configs.getFirst();
        List<Shape> shapes = new ArrayList<>();
        for (BenchmarkConfig c : configs) {
            if (!c.workload().equals(first.workload()) || !c.target().equals(first.target())) {
                throw new IllegalArgumentException("a series runs one workload on one target");
            }
            shapes.add(shape(c));
        }
        Target target = Plugins.target(first.target()).open(first, listener::message);
        try {
            Optional<ConnectionLimit> limit = connectionLimit(target);
            if (limit.isPresent()) {
                for (int i = 0; i < configs.size(); i++) {
                    Shape s = shapes.get(i);
                    refuseOverLimit(labels.get(i), s.needs(), s.connections(), limit.get().available(),
                            limit.get(), target.plugin().name(), concurrency(first));
                }
            }
            return new Series(target, limit, new StartingData(target, ask));
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
    }

    /**
     * Refuses, in one line, a run that needs more connections than the server accepts: found
     * before the run, rather than as a pool's timeout 30 s into it.
     *
     * @param available what the server accepts for this run
     * @param unit      what the user gives to have fewer connections: "connections", or "threads"
     *                  for a workload whose every thread has its own ({@link #concurrency})
     */
    static void refuseOverLimit(String label, int needs, int connections, int available, ConnectionLimit limit,
                                String server, String unit) {
        if (needs <= available) {
            return;
        }
        boolean defers = needs - connections > RunSettings.SPARE_CONNECTIONS;
        int most = mostThatFit(available, defers);
        throw new BadInputException(label + " needs " + needs + " connections (" + connections + " for the run"
                + (defers ? ", " + (needs - connections - RunSettings.SPARE_CONNECTIONS)
                + " for deferred work" : "") + ", " + RunSettings.SPARE_CONNECTIONS + " for tpkit's monitor and checks) but the "
                + "server (" + server + ") accepts " + available + " more (" + limit.how() + "): "
                + (most >= 1 ? "use at most " + most + " " + unit + " or raise the server's limit"
                : "too few for a run of even 1, which needs " + needsFor(1, defers) + ": close other sessions or "
                + "raise the server's limit") + "; nothing was run");
    }

    /**
     * The most connections (or threads) a run may be given and still open no more than
     * {@code available}: its deferred workers grow with them ({@link RunSettings#deferredWorkers}), so
     * the answer is not the limit less today's extras. 0 when not even one fits.
     */
    static int mostThatFit(int available, boolean defers) {
        int c = available;
        while (c >= 1 && needsFor(c, defers) > available) {
            c--;
        }
        return Math.max(0, c);
    }

    private static int needsFor(int connections, boolean defers) {
        return connections + (defers ? RunSettings.deferredWorkers(connections) : 0) + RunSettings.SPARE_CONNECTIONS;
    }

    /** What sets a run's connections: "threads" for a workload whose scale is its threads (HPSS), else "connections". */
    static String concurrency(BenchmarkConfig config) {
        return Plugins.workload(config.workload()).scaleIsThreads() ? "threads" : "connections";
    }

    private static Optional<ConnectionLimit> connectionLimit(Target target) {
        Properties p = new Properties();
        target.plugin().connectionProperties().forEach(p::setProperty);
        if (target.user() != null) {
            p.setProperty("user", target.user());
        }
        if (target.password() != null) {
            p.setProperty("password", target.password());
        }
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), p)) {
            return target.plugin().connectionLimit(c);
        } catch (SQLException e) {
            throw new BadInputException("cannot connect to " + target.label() + ": " + WorkloadOnTarget.rootMessage(e)
                    + " (check that the server is running and --db, --user, --password-env)", e);
        }
    }

    /** What the server accepted when the series started, or empty when the plugin cannot tell. */
    public Optional<ConnectionLimit> limit() {
        return limit;
    }

    /**
     * One run of the series on its target (which stays up for the next), from the data
     * {@link StartingData} prepares for it.
     */
    public RunResult run(BenchmarkConfig config, RunListener listener, RunControl control) throws Exception {
        return Runner.run(config, listener, control, target, startingData.before(config, listener, control));
    }

    /**
     * What the runs so far started from.
     *
     * @param reloaded why the workload is loaded afresh before every run without --reload (it
     *                 starts on empty tables), or null
     */
    public StartingData.Summary startingData(String reloaded) {
        return startingData.summary(reloaded);
    }

    /** The target's description for the series' own record (kind, redacted URL, data directory). */
    public java.util.Map<String, Object> describeTarget() {
        return target.describe();
    }

    /** Whether tpkit started the series' server (and stops it when the series closes). */
    public boolean ownsServer() {
        return target.ownsServer();
    }

    /** The target in words, passwords removed. */
    public String label() {
        return target.label();
    }

    /** Drops the copy of the data, if one was made, and stops the target if tpkit started it. */
    @Override
    public void close() {
        try {
            startingData.close();
        } finally {
            target.close();
        }
    }
}
