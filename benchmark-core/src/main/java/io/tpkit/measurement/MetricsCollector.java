package io.tpkit.measurement;

import io.tpkit.metrics.CostTotals;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RateSchedule;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.workload.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Records every transaction outcome into the stats of the phase its completion time falls in,
 * and turns them into one-second interval samples. Recording is lock-free ({@link IntervalRecorder}s
 * and {@link LongAdder}s); {@link #sample} must be called by one thread.
 */
public final class MetricsCollector {
    /**
     * Marks the row of a deferred part ("delivery (deferred)"): it shows the background
     * execution of transactions already counted when they were queued, so totals skip it.
     */
    public static final String DEFERRED_SUFFIX = " (deferred)";

    private final List<String> types;
    private final boolean[] inTotals;
    private final ConnectionHealth connections;
    private final TypeStats[][] stats; // [phase][type]
    private final IntervalRecorder[] lag; // [phase], closed model only
    private final ScheduleTally schedule = new ScheduleTally();
    private final Histogram[] lagTotal;
    private final long[] phaseStart = new long[Phase.values().length];
    private final PhaseEdges edges;
    private final long[] phaseEnd = new long[Phase.values().length];
    private PhaseMeters meters = new PhaseMeters();
    private volatile boolean bytesCounted;
    private final long runStart;
    private final IntervalSampler sampler;
    private final Map<String, String> firstErrors = new LinkedHashMap<>();
    private volatile Phase phase;
    // requests begun and not yet ended, for the stalls (nothing ended while requests were outstanding)
    private final LongAdder inFlight = new LongAdder();

    /**
     * @param hlog where interval histograms are logged (response, queue and service times of each
     *             type), or null
     */
    public MetricsCollector(List<String> types, int maxRetries, long runStartNanos, IntervalLog hlog) {
        this.types = List.copyOf(types);
        this.inTotals = new boolean[types.size()];
        for (int t = 0; t < types.size(); t++) {
            inTotals[t] = !types.get(t).endsWith(DEFERRED_SUFFIX);
        }
        this.stats = new TypeStats[Phase.values().length][types.size()];
        this.lag = new IntervalRecorder[Phase.values().length];
        this.lagTotal = new Histogram[Phase.values().length];
        for (Phase p : Phase.values()) {
            for (int t = 0; t < types.size(); t++) {
                stats[p.ordinal()][t] = new TypeStats(maxRetries);
            }
            lag[p.ordinal()] = new IntervalRecorder(1);
            lagTotal[p.ordinal()] = Latency.newHistogram();
        }
        this.runStart = runStartNanos;
        this.connections = new ConnectionHealth(runStartNanos);
        this.phase = Phase.WARMUP;
        phaseStart[Phase.WARMUP.ordinal()] = runStartNanos;
        this.edges = new PhaseEdges(runStartNanos);
        this.sampler = new IntervalSampler(this.types, inTotals, stats, edges, runStartNanos, hlog);
    }

    /**
     * Reads {@code meters} (CPU clocks) at every phase change, so that the summary's costs hold
     * each one's growth over the measurement interval. Call before the run starts.
     */
    public void readAtPhaseChanges(PhaseMeters meters) {
        this.meters = meters;
    }

    /** Says that the database's sockets count the bytes of each transaction ({@link WireBytes}). */
    public void bytesCounted(boolean counted) {
        bytesCounted = counted;
    }

    public List<String> types() {
        return types;
    }

    public Phase phase() {
        return phase;
    }

    /**
     * Says ahead of time when {@code next} will start, so that transactions completing after
     * that instant count in it even before {@link #startPhase} is called.
     */
    public void planPhase(Phase next, long nanos) {
        edges.set(next, nanos);
    }

    /** The phase an instant falls in, by the edges planned or set so far. */
    public Phase phaseOf(long nanos) {
        return phaseAt(nanos);
    }

    /**
     * The phase a transaction that began at {@code start} (its intended start) and ended at
     * {@code end} counts in (see {@link PhaseEdges#of}); a straddler is counted.
     */
    private Phase phaseOf(long start, long end) {
        return edges.of(start, end, true);
    }

    /** The transactions that straddled an edge of the measurement interval so far. */
    public io.tpkit.metrics.IntervalEdges edges() {
        return edges.straddlers();
    }

    /** The phase a transaction that completed at {@code nanos} belongs to. */
    private Phase phaseAt(long nanos) {
        return edges.at(nanos);
    }

    /**
     * Ends the current phase and starts {@code next} at {@code nanos}, which may lie a little
     * in the past (the instant the control thread woke up for).
     */
    public void startPhase(Phase next, long nanos) {
        edges.set(next, nanos);
        meters.phaseChanged(phase, next);
        phaseEnd[phase.ordinal()] = nanos;
        phaseStart[next.ordinal()] = nanos;
        phase = next;
    }

    /** The run's start (nanoTime): elapsed seconds in timeseries.csv and monitor.csv count from here. */
    public long runStartNanos() {
        return runStart;
    }

    public long phaseStartNanos(Phase p) {
        return phaseStart[p.ordinal()];
    }

    /** Seconds the phase lasted, or has lasted so far. */
    public double phaseSeconds(Phase p, long nowNanos) {
        long start = phaseStart[p.ordinal()];
        if (start == 0 && p != Phase.WARMUP) {
            return 0;
        }
        long end = phaseEnd[p.ordinal()] != 0 ? phaseEnd[p.ordinal()] : (phase == p ? nowNanos : start);
        return (end - start) / 1e9;
    }

    /**
     * A request starts executing: it is in flight until {@link #ended()} (whatever its outcome),
     * so that a second in which nothing ends while requests are in flight is seen as a stall.
     */
    public void began() {
        inFlight.increment();
    }

    /** The request that {@link #began()} has ended: committed, rolled back or failed. */
    public void ended() {
        inFlight.decrement();
    }

    /**
     * Records a completed transaction (committed, or rolled back as the benchmark requires).
     *
     * @return the phase it was counted in
     */
    public Phase recordCompletion(int type, Outcome outcome, int retriesUsed, long intendedStart,
                                  long serviceStart, long end) {
        Phase p = phaseOf(intendedStart, end);
        TypeStats s = stats[p.ordinal()][type];
        if (outcome == Outcome.COMMITTED) {
            s.committedByRetries[Math.min(retriesUsed, s.committedByRetries.length - 1)].increment();
        } else {
            s.businessRollbacks.increment();
        }
        s.latencies.record(Latency.toMicros(end - intendedStart), Latency.toMicros(serviceStart - intendedStart),
                Latency.toMicros(end - serviceStart));
        return p;
    }

    /** What happens to the run's connections (lost, refused, fewer working than asked). */
    public ConnectionHealth connections() {
        return connections;
    }

    /**
     * Adds what one transaction (all its attempts) cost the driver to its type, in the phase it
     * was counted in (or, for one that was not, of the instant this is called), and clears
     * {@code cost}.
     */
    public void recordCost(int type, TransactionCost cost) {
        // in the phase the transaction was counted in: an edge between the two would otherwise
        // count a commit in the interval and its cost after it
        Phase p = cost.countedIn != null ? cost.countedIn : phaseAt(cost.countedAt != 0 ? cost.countedAt : System.nanoTime());
        TypeStats s = stats[p.ordinal()][type];
        long[] v = cost.values;
        for (int i = 0; i < v.length; i++) {
            if (v[i] != 0) {
                s.cost[i].add(v[i]);
            }
        }
        s.costed.increment();
        cost.clear();
    }

    public void recordRetry(int type, ErrorClass cause, String sqlState) {
        recordRetry(type, cause, sqlState, System.nanoTime());
    }

    /** A retried attempt of a transaction that began at {@code intendedStart}: counted in the phase the transaction is. */
    public void recordRetry(int type, ErrorClass cause, String sqlState, long intendedStart) {
        TypeStats s = stats[edges.of(intendedStart, System.nanoTime(), false).ordinal()][type];
        s.retries[cause.ordinal()].increment();
        countSqlState(s, sqlState);
    }

    public void recordFailure(int type, ErrorClass cause, String sqlState, String message) {
        long now = System.nanoTime();
        recordFailure(type, cause, sqlState, message, now);
    }

    /** A transaction that began at {@code intendedStart} failed now: counted as a completion is ({@link #phaseOf}). */
    public void recordFailure(int type, ErrorClass cause, String sqlState, String message, long intendedStart) {
        TypeStats s = stats[phaseOf(intendedStart, System.nanoTime()).ordinal()][type];
        s.failed[cause.ordinal()].increment();
        countSqlState(s, sqlState);
        String key = sqlStateClass(sqlState);
        // Failures are rare, so the lock costs nothing; reading the LinkedHashMap outside it
        // (as a fast path) raced with the first insert of another class.
        synchronized (firstErrors) {
            if (!firstErrors.containsKey(key)) {
                firstErrors.put(key, message == null ? "" : message.lines().findFirst().orElse(""));
            }
        }
    }

    /** A transaction whose connection broke during its commit: it may or may not have committed. */
    public void recordOutcomeUnknown(int type, String sqlState, String message) {
        recordOutcomeUnknown(type, sqlState, message, System.nanoTime());
    }

    /** ... of a transaction that began at {@code intendedStart}: counted as a completion is ({@link #phaseOf}). */
    public void recordOutcomeUnknown(int type, String sqlState, String message, long intendedStart) {
        TypeStats s = stats[phaseOf(intendedStart, System.nanoTime()).ordinal()][type];
        s.outcomeUnknown.increment();
        countSqlState(s, sqlState);
        String key = sqlStateClass(sqlState);
        synchronized (firstErrors) {
            firstErrors.putIfAbsent(key, message == null ? "" : message.lines().findFirst().orElse(""));
        }
    }

    /** Transactions of {@code type} (or all types for -1) with an unknown outcome, in every phase. */
    public long outcomeUnknownAllPhases(int type) {
        long n = 0;
        for (TypeStats[] phaseStats : stats) {
            for (int t = 0; t < phaseStats.length; t++) {
                if (type < 0 ? inTotals[t] : t == type) {
                    n += phaseStats[t].outcomeUnknown.sum();
                }
            }
        }
        return n;
    }

    /**
     * A request of a paced run skipped because it was already later than the latency limit,
     * counted in the phase of its slot.
     */
    public void recordSkipped(int type, long slotNanos) {
        schedule.skipped(phaseAt(slotNanos));
    }

    /** A slot the paced run's schedule made, counted in the phase it falls in. */
    public void recordSlot(long slotNanos) {
        schedule.slot(phaseAt(slotNanos));
    }

    /** The request of a slot started (at its slot or later), counted in the phase of the slot. */
    public void recordStarted(long slotNanos) {
        schedule.started(phaseAt(slotNanos));
    }

    /**
     * A slot the schedule made for the measurement interval that no request took before the run
     * stopped (the schedule's remaining slots, made after the servers stopped): its lateness at
     * the interval's end, a lower bound of its response time, into the backlog's histogram. One
     * thread, after the servers stopped.
     */
    public void recordBacklog(long slotNanos, long intervalEndNanos) {
        if (phaseAt(slotNanos) == Phase.MEASUREMENT && slotNanos < intervalEndNanos) {
            schedule.backlog(Math.min(Latency.HIGHEST_US, Latency.toMicros(intervalEndNanos - slotNanos)));
        }
    }

    /** How late an idle server woke up for its slot (open and paced runs): the driver's own lateness. */
    public void recordWakeUp(long lateNanos) {
        schedule.wakeUp(phaseAt(System.nanoTime()), Latency.toMicros(Math.max(lateNanos, 0)));
    }

    /**
     * The measurement interval's requests against their schedule (see {@link RateSchedule}).
     *
     * @param limitNanos the latency limit, 0 for none
     */
    public RateSchedule schedule(double perSecond, String interarrival, long limitNanos, double behindAtEndSeconds) {
        List<TypeStats> measured = new ArrayList<>();
        for (int t = 0; t < types.size(); t++) {
            if (inTotals[t]) {
                measured.add(stats[Phase.MEASUREMENT.ordinal()][t]);
            }
        }
        return schedule.schedule(measured, perSecond, interarrival, limitNanos, behindAtEndSeconds);
    }

    /** How long a due request waited while a server was free for it (the driver's own lateness). */
    public void recordLag(long lateNanos) {
        lag[phaseAt(System.nanoTime()).ordinal()].record(Latency.toMicros(Math.max(lateNanos, 0)));
    }

    private static void countSqlState(TypeStats s, String sqlState) {
        s.errorsBySqlStateClass.computeIfAbsent(sqlStateClass(sqlState), k -> new LongAdder()).increment();
    }

    /** The two-character SQLState class ("40" for transaction rollback...), or "none". */
    public static String sqlStateClass(String sqlState) {
        return sqlState == null || sqlState.length() < 2 ? "none" : sqlState.substring(0, 2);
    }

    /** The first message seen for each SQLState class that made a transaction fail. */
    public Map<String, String> firstErrors() {
        synchronized (firstErrors) {
            return new LinkedHashMap<>(firstErrors);
        }
    }

    /**
     * Collects the interval since the last call, one sample per phase that it touched (a second
     * that straddles a phase change is split at the change, so that the rows of each phase add
     * up to that phase's totals); one thread only.
     *
     * @return the sample of the phase in force now
     */
    public IntervalSample sample(long nowNanos) {
        IntervalSample current = sampler.sample(nowNanos, phase, Math.max(0, inFlight.sum()));
        for (Phase p : Phase.values()) {
            Histogram h = lag[p.ordinal()].swap()[0];
            if (h.getTotalCount() != 0) {
                lagTotal[p.ordinal()].add(h);
            }
        }
        schedule.swap();
        return current;
    }

    private long sum(int type, ToLongFunction<TypeStats> f) {
        long n = 0;
        for (Phase p : Phase.values()) {
            n += f.applyAsLong(stats[p.ordinal()][type]);
        }
        return n;
    }

    public List<IntervalSample> samples() {
        return List.copyOf(sampler.samples());
    }

    /** Committed transactions of one type in every phase (warm-up and drain included). */
    public long committedAllPhases(int type) {
        return sum(type, TypeStats::committed);
    }

    /** Committed transactions in the measurement interval so far. */
    public long measuredCommitted() {
        long n = 0;
        for (int t = 0; t < types.size(); t++) {
            if (inTotals[t]) {
                n += stats[Phase.MEASUREMENT.ordinal()][t].committed();
            }
        }
        return n;
    }

    /**
     * The summary of the measurement interval. Call after the last {@link #sample}.
     *
     * @param sumOfStreamRates the sum of per-terminal rates (see {@link Throughput})
     */
    public RunMetrics summarize(long nowNanos, String measuredBy, double sumOfStreamRates, boolean incomplete) {
        double seconds = phaseSeconds(Phase.MEASUREMENT, nowNanos);
        List<TypeSummary> summaries = new ArrayList<>();
        long committed = 0;
        long rollbacks = 0;
        long failed = 0;
        long retries = 0;
        long allPhases = 0;
        for (int t = 0; t < types.size(); t++) {
            TypeStats s = stats[Phase.MEASUREMENT.ordinal()][t];
            TypeSummary summary = TypeSummaries.of(types.get(t), s, seconds, bytesCounted);
            summaries.add(summary);
            failed += summary.failedTotal(); // a deferred part that fails is a failure like any other
            retries += summary.retriesTotal();
            if (inTotals[t]) {
                committed += summary.committed();
                rollbacks += summary.businessRollbacks();
                allPhases += sum(t, TypeStats::committed);
            }
        }
        double overWall = seconds > 0 ? committed / seconds : 0;
        int m = Phase.MEASUREMENT.ordinal();
        CostTotals costs = TypeSummaries.costTotals(stats[m], bytesCounted,
                phaseStart[m] != 0 && phaseEnd[m] != 0 ? meters.grownOver(Phase.MEASUREMENT) : Map.of());
        long cpu = costs.meter(DriverCpu.CPU);
        return new RunMetrics(phaseSeconds(Phase.WARMUP, nowNanos), seconds, measuredBy, committed, rollbacks,
                failed, retries, allPhases, new Throughput(overWall, sumOfStreamRates), List.copyOf(summaries),
                LatencySummary.of(lagTotal[Phase.MEASUREMENT.ordinal()]), incomplete)
                .withDriverCpuSeconds(cpu < 0 ? -1 : cpu / 1e9).withCosts(costs)
                .withStalls(io.tpkit.metrics.Stalls.find(sampler.samples())).withEdges(edges());
    }
}
