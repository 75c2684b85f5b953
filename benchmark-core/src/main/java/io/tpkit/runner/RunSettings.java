package io.tpkit.runner;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Interarrival;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.FixedRun;
import java.time.Duration;

/**
 * The scheduler's settings for a run, from the configuration and the bound workload: which
 * arrival model, how many terminals and connections. Contradictions are refused here, before any
 * server starts.
 */
final class RunSettings {
    /** Connections a run opens beside its servers and deferred workers: the monitor's and the checks'. */
    static final int SPARE_CONNECTIONS = 2;

    private RunSettings() {
    }

    static SchedulerSettings of(BenchmarkConfig config, BoundWorkload bound) {
        SchedulerSettings s = bound.fixedRun().isPresent() ? fixed(config, bound.fixedRun().get())
                : shaped(config, bound);
        MemoryBudget.refuseOversized(config, s);
        return s;
    }

    private static SchedulerSettings shaped(BenchmarkConfig config, BoundWorkload bound) {
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
        SchedulerSettings s = new SchedulerSettings(arrival, terminals, connections, config.thinkFactor(),
                warmup(config, bound), config.duration(), config.transactions(), config.maxRetries(), config.seed())
                .withRate(rate).withLatencyLimit(config.latencyLimit())
                .withPoisson(config.interarrival() == Interarrival.POISSON)
                .withDeferredWorkers(deferredWorkers(connections));
        return warmsUntilSettled(config) ? s.withWarmupUntilSettled(warmupMost(config, bound)) : s;
    }

    /**
     * Whether the warm-up lasts until the driver's JIT compiler has settled: when none is given,
     * except in a part of a split run, whose parts must start their intervals together.
     */
    static boolean warmsUntilSettled(BenchmarkConfig config) {
        return !config.warmupGiven() && config.partition() == null;
    }

    /** The most a warm-up until settled lasts: the default's most, or its least when that is longer. */
    static Duration warmupMost(BenchmarkConfig config, BoundWorkload bound) {
        Duration least = warmup(config, bound);
        return least.compareTo(BenchmarkConfig.DEFAULT_WARMUP_MOST) > 0 ? least : BenchmarkConfig.DEFAULT_WARMUP_MOST;
    }

    /**
     * The warm-up given, or the default's least: 10 s or, when a terminal's mean keying and think
     * time as run is longer (TPC-C with the spec's times: 20.7 s), that time and a fifth more for
     * the response: a default that its own {@code warm-up-cycle} rule would flag helps no one.
     */
    static Duration warmup(BenchmarkConfig config, BoundWorkload bound) {
        if (config.warmupGiven()) {
            return config.warmup();
        }
        long cycle = (long) Math.ceil(1.2 * bound.meanKeyingAndThinkSeconds() * config.thinkFactor());
        return cycle > config.warmup().toSeconds() ? Duration.ofSeconds(cycle) : config.warmup();
    }

    /**
     * The most workers a deferred queue may open: TPC-C's deferred Delivery is 4% of the mix and
     * about three New-Orders' work, so it needs a tenth of the terminals' connections or so when
     * they never wait; a quarter leaves room, and the queue opens them only as it falls behind.
     */
    static int deferredWorkers(int connections) {
        return Math.max(2, (connections + 3) / 4);
    }

    /** The connections a run opens: its servers, its deferred workers if the workload defers a type, the spares. */
    static int connectionsNeeded(SchedulerSettings s, BoundWorkload bound) {
        return s.connections() + (bound.defersAny() ? s.deferredWorkers() : 0) + SPARE_CONNECTIONS;
    }

    /**
     * The pool for a run: what it opens, and at least as many as the loader uses on this
     * machine, since a run may load first.
     */
    static int poolSize(SchedulerSettings s, BoundWorkload bound) {
        return Math.max(connectionsNeeded(s, bound), loadPoolSize(s.connections()));
    }

    /** Loaders work in parallel up to the connections or the cores, beside the spares. */
    static int loadPoolSize(int connections) {
        return Math.max(connections + 1, Runtime.getRuntime().availableProcessors()) + SPARE_CONNECTIONS;
    }

    private static SchedulerSettings fixed(BenchmarkConfig config, FixedRun run) {
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
                Duration.ZERO, config.duration(), run.perIteration(), config.maxRetries(), config.seed())
                .withRate(config.ratePerSecond()).withLatencyLimit(config.latencyLimit())
                .withPoisson(config.interarrival() == Interarrival.POISSON)
                .withRounds(new io.tpkit.scheduler.Rounds(run.iterations(), run.restart(), run.pause(), run.rehearsal()));
    }
}
