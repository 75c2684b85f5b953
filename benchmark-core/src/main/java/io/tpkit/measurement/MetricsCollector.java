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
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

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

    private static final Histogram EMPTY = new Histogram(1, 2, 0); // never recorded into

    private final List<String> types;
    private final boolean[] inTotals;
    private final ConnectionHealth connections;
    private final TypeStats[][] stats; // [phase][type]
    private final IntervalRecorder[] lag; // [phase], closed model only
    private final LongAdder[] skipped = new LongAdder[Phase.values().length]; // [phase of the slot], --latency-limit
    // a paced run's slots as the schedule made them, and those whose request started, by the
    // phase the slot falls in
    private final LongAdder[] slots = new LongAdder[Phase.values().length];
    private final LongAdder[] started = new LongAdder[Phase.values().length];
    // how late an idle server woke up for its slot (open and paced runs): the driver's lateness alone
    private final IntervalRecorder[] wakeUp = new IntervalRecorder[Phase.values().length];
    private final Histogram[] wakeUpTotal = new Histogram[Phase.values().length];
    // the interval's slots never started, with their lateness at the interval's end (censored)
    private final Histogram backlogLateness = Latency.newHistogram();
    private final Histogram[] lagTotal;
    // The sampler's scratch histograms, reused every second (cleared only when used).
    private final Histogram all = Latency.newHistogram();
    private final long[] phaseStart = new long[Phase.values().length];
    // When each phase starts, planned ahead where the schedule says (the measurement's end of a
    // timed run) and set when it happens otherwise: a completion counts in the phase its end
    // time falls in, not in the one the control thread has noticed so far.
    private final java.util.concurrent.atomic.AtomicLongArray edges =
            new java.util.concurrent.atomic.AtomicLongArray(Phase.values().length);
    private final long[] phaseEnd = new long[Phase.values().length];
    // cumulative readings (CPU clocks) taken at every phase change, so that the measurement
    // interval gets exactly its share: without start-up, JIT warm-up and the drain
    private final Map<String, java.util.function.LongSupplier> meters = new LinkedHashMap<>();
    private final Map<String, long[]> meterAtPhaseStart = new LinkedHashMap<>();
    private final Map<String, Long> meterAtStart = new LinkedHashMap<>();
    private final Map<String, long[]> meterAtPhaseEnd = new LinkedHashMap<>();
    private volatile boolean bytesCounted;
    private final long runStart;
    private final HistogramLogWriter hlog;
    private final List<IntervalSample> samples = new ArrayList<>();
    private final Map<String, String> firstErrors = new LinkedHashMap<>();
    private volatile Phase phase;
    private long lastSample;
    // requests begun and not yet ended, for the stalls (nothing ended while requests were outstanding)
    private final LongAdder inFlight = new LongAdder();
    // transactions that straddled an edge of the measurement interval (see IntervalEdges)
    private final LongAdder beganBefore = new LongAdder();
    private final LongAdder endedAfter = new LongAdder();
    private final java.util.concurrent.atomic.AtomicLong longestStraddleNanos = new java.util.concurrent.atomic.AtomicLong();
    private final long[][][] previous; // [phase][type][committed, rollbacks, failed, retries, outcome unknown]
    private static final int COUNTS = 5;

    /**
     * @param hlog where interval histograms are logged (response time, tagged by type), or null
     */
    public MetricsCollector(List<String> types, int maxRetries, long runStartNanos, HistogramLogWriter hlog) {
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
            skipped[p.ordinal()] = new LongAdder();
            slots[p.ordinal()] = new LongAdder();
            started[p.ordinal()] = new LongAdder();
            wakeUp[p.ordinal()] = new IntervalRecorder(1);
            wakeUpTotal[p.ordinal()] = Latency.newHistogram();
            lagTotal[p.ordinal()] = Latency.newHistogram();
        }
        this.runStart = runStartNanos;
        this.connections = new ConnectionHealth(runStartNanos);
        this.lastSample = runStartNanos;
        this.previous = new long[Phase.values().length][types.size()][COUNTS];
        this.hlog = hlog;
        this.phase = Phase.WARMUP;
        phaseStart[Phase.WARMUP.ordinal()] = runStartNanos;
        edges.set(Phase.WARMUP.ordinal(), runStartNanos);
        edges.set(Phase.MEASUREMENT.ordinal(), Long.MAX_VALUE);
        edges.set(Phase.DRAIN.ordinal(), Long.MAX_VALUE);
        addMeter(DRIVER_CPU, DriverCpu::processNanos);
        addMeter(DRIVER_USER, () -> {
            long[] t = DriverCpu.userSystemNanos();
            return t == null ? -1 : t[0];
        });
        addMeter(DRIVER_SYSTEM, () -> {
            long[] t = DriverCpu.userSystemNanos();
            return t == null ? -1 : t[1];
        });
        addMeter(DRIVER_JIT, () -> {
            long[] t = DriverCpu.jitAndGcNanos();
            return t == null ? -1 : t[0];
        });
        addMeter(DRIVER_GC, () -> {
            long[] t = DriverCpu.jitAndGcNanos();
            return t == null ? -1 : t[1];
        });
    }

    /** The driver JVM's CPU time (JVM), and its user and system parts (/proc), in nanoseconds. */
    public static final String DRIVER_CPU = "driver.cpu_ns";
    public static final String DRIVER_USER = "driver.cpu.user_ns";
    public static final String DRIVER_SYSTEM = "driver.cpu.system_ns";
    /** The part of the driver's CPU spent by the JIT compiler and the garbage collector (/proc). */
    public static final String DRIVER_JIT = "driver.cpu.jit_ns";
    public static final String DRIVER_GC = "driver.cpu.gc_ns";

    /**
     * Adds a cumulative reading taken at every phase change (e.g. the database server's CPU
     * time); -1 means it could not be read. Call before the run starts.
     */
    public void addMeter(String name, java.util.function.LongSupplier reading) {
        meters.put(name, reading);
        meterAtStart.put(name, reading.getAsLong());
        meterAtPhaseStart.put(name, new long[Phase.values().length]);
        meterAtPhaseEnd.put(name, new long[Phase.values().length]);
    }

    /** Says that the database's sockets count the bytes of each transaction ({@link WireBytes}). */
    /**
     * A meter's growth from when it was added to now: over the whole run (warm-up, measurement,
     * drain) when read after the run. -1 when the meter cannot be read.
     */
    public long meterOverRun(String name) {
        long start = meterAtStart.getOrDefault(name, -1L);
        long now = meters.containsKey(name) ? meters.get(name).getAsLong() : -1;
        return start < 0 || now < start ? -1 : now - start;
    }

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
        edges.set(next.ordinal(), nanos);
    }

    /** When the phase starts (or is planned to), or Long.MAX_VALUE when not known yet. */
    private long edge(Phase p) {
        return edges.get(p.ordinal());
    }

    /** The phase an instant falls in, by the edges planned or set so far. */
    public Phase phaseOf(long nanos) {
        return phaseAt(nanos);
    }

    /**
     * The phase a transaction that began at {@code start} (its intended start) and ended at
     * {@code end} counts in: the measurement only when both lie inside it (the spec counts the
     * transactions that start and end inside the measurement interval). One that began before
     * the interval counts in the warm-up (in the drain when it also ended after the interval), one
     * that began inside and ended after it in the drain; both kinds are counted as straddlers.
     */
    private Phase phaseOf(long start, long end) {
        return phaseOf(start, end, true);
    }

    /** @param count whether to count a straddler (a completion or failure: yes; a retried attempt: no) */
    private Phase phaseOf(long start, long end, boolean count) {
        Phase ended = phaseAt(end);
        Phase began = phaseAt(Math.min(start, end));
        if (ended == Phase.WARMUP || began == ended) {
            return ended;
        }
        if (!count) {
            // as phaseOf below
        } else if (began == Phase.WARMUP) {
            beganBefore.increment();
        } else {
            endedAfter.increment();
        }
        if (count) {
            longestStraddleNanos.accumulateAndGet(end - start, Math::max);
        }
        return ended == Phase.MEASUREMENT ? Phase.WARMUP : Phase.DRAIN;
    }

    /** The transactions that straddled an edge of the measurement interval so far. */
    public io.tpkit.metrics.IntervalEdges edges() {
        long longest = longestStraddleNanos.get();
        return new io.tpkit.metrics.IntervalEdges(beganBefore.sum(), endedAfter.sum(),
                longest > 0 ? Latency.toMicros(longest) / 1000.0 : 0);
    }

    /** The phase a transaction that completed at {@code nanos} belongs to. */
    private Phase phaseAt(long nanos) {
        return nanos >= edge(Phase.DRAIN) ? Phase.DRAIN : nanos >= edge(Phase.MEASUREMENT) ? Phase.MEASUREMENT
                : Phase.WARMUP;
    }

    /**
     * Ends the current phase and starts {@code next} at {@code nanos}, which may lie a little
     * in the past (the instant the control thread woke up for).
     */
    public void startPhase(Phase next, long nanos) {
        edges.set(next.ordinal(), nanos);
        meters.forEach((name, reading) -> {
            long value = reading.getAsLong();
            meterAtPhaseEnd.get(name)[phase.ordinal()] = value;
            meterAtPhaseStart.get(name)[next.ordinal()] = value;
        });
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
        TypeStats s = stats[phaseOf(intendedStart, System.nanoTime(), false).ordinal()][type];
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
        skipped[phaseAt(slotNanos).ordinal()].increment();
    }

    /** A slot the paced run's schedule made, counted in the phase it falls in. */
    public void recordSlot(long slotNanos) {
        slots[phaseAt(slotNanos).ordinal()].increment();
    }

    /** The request of a slot started (at its slot or later), counted in the phase of the slot. */
    public void recordStarted(long slotNanos) {
        started[phaseAt(slotNanos).ordinal()].increment();
    }

    /**
     * A slot the schedule made for the measurement interval that no request took before the run
     * stopped (the schedule's remaining slots, made after the servers stopped): its lateness at
     * the interval's end, a lower bound of its response time, into the backlog's histogram. One
     * thread, after the servers stopped.
     */
    public void recordBacklog(long slotNanos, long intervalEndNanos) {
        if (phaseAt(slotNanos) == Phase.MEASUREMENT && slotNanos < intervalEndNanos) {
            backlogLateness.recordValue(Math.min(Latency.HIGHEST_US, Latency.toMicros(intervalEndNanos - slotNanos)));
        }
    }

    /** How late an idle server woke up for its slot (open and paced runs): the driver's own lateness. */
    public void recordWakeUp(long lateNanos) {
        wakeUp[phaseAt(System.nanoTime()).ordinal()].record(Latency.toMicros(Math.max(lateNanos, 0)));
    }

    /**
     * The measurement interval's requests against their schedule (see {@link RateSchedule}).
     *
     * @param limitNanos the latency limit, 0 for none
     */
    public RateSchedule schedule(double perSecond, String interarrival, long limitNanos, double behindAtEndSeconds) {
        long limitMicros = limitNanos > 0 ? Latency.toMicros(limitNanos) : Long.MAX_VALUE;
        long above = 0;
        long executed = 0;
        for (int t = 0; t < types.size(); t++) {
            if (inTotals[t]) {
                TypeStats s = stats[Phase.MEASUREMENT.ordinal()][t];
                Histogram h = s.responseTotal;
                above += limitNanos <= 0 || h.getTotalCount() == 0 || h.getMaxValue() <= limitMicros ? 0
                        : h.getCountBetweenValues(limitMicros + 1, h.getMaxValue());
                executed += s.committed() + s.businessRollbacks.sum() + failedSum(s);
            }
        }
        int m = Phase.MEASUREMENT.ordinal();
        long scheduled = slots[m].sum();
        long startedInInterval = started[m].sum();
        long skippedInInterval = skipped[m].sum();
        // slots of the interval neither started nor skipped: never taken (their lateness is in
        // backlogLateness), or taken by a closed terminal that no server was free for in time
        long backlog = Math.max(0, scheduled - startedInInterval - skippedInInterval);
        Histogram due = Latency.newHistogram();
        for (int t = 0; t < types.size(); t++) {
            if (inTotals[t]) {
                due.add(stats[m][t].responseTotal);
            }
        }
        due.add(backlogLateness);
        return new RateSchedule(perSecond, interarrival, limitNanos / 1e6, skippedInInterval, above, executed,
                behindAtEndSeconds, scheduled, startedInInterval, backlog,
                LatencySummary.of(backlogLateness), LatencySummary.of(due), LatencySummary.of(wakeUpTotal[m]));
    }

    private static long failedSum(TypeStats s) {
        long n = s.outcomeUnknown.sum();
        for (LongAdder a : s.failed) {
            n += a.sum();
        }
        return n;
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
        IntervalSample current = null;
        long executing = Math.max(0, inFlight.sum());
        for (Phase p : Phase.values()) {
            long from = Math.max(lastSample, p == Phase.WARMUP ? runStart : edge(p));
            long to = Math.min(nowNanos, p == Phase.DRAIN ? Long.MAX_VALUE : edge(p.next()));
            IntervalSample sample = sample(p, from, to, executing);
            boolean now = p == phase;
            // a phase gets a row when it was in force during part of the interval (an idle
            // second is a row of zeros, which is how outages show) or recorded something in it
            if (now || to > from || active(sample)) {
                samples.add(sample);
            }
            if (now) {
                current = sample;
            }
        }
        for (Phase p : Phase.values()) {
            Histogram h = lag[p.ordinal()].swap()[0];
            if (h.getTotalCount() != 0) {
                lagTotal[p.ordinal()].add(h);
            }
            Histogram w = wakeUp[p.ordinal()].swap()[0];
            if (w.getTotalCount() != 0) {
                wakeUpTotal[p.ordinal()].add(w);
            }
        }
        lastSample = nowNanos;
        return current;
    }

    /** The phase's rows for the part of the interval it covered ({@code to <= from}: none, 0 s). */
    private IntervalSample sample(Phase p, long from, long to, long executing) {
        List<IntervalSample.Row> rows = new ArrayList<>(types.size() + 1);
        clear(all);
        long[] totals = new long[COUNTS];
        long[][] previousCounts = previous[p.ordinal()];
        for (int t = 0; t < types.size(); t++) {
            Histogram interval = collect(t, p);
            if (inTotals[t] && interval.getTotalCount() != 0) {
                all.add(interval);
            }
            TypeStats s = stats[p.ordinal()][t];
            long[] now = {s.committed(), s.businessRollbacks.sum(), s.failedTotal(), s.retriesTotal(),
                    s.outcomeUnknown.sum()};
            long[] delta = new long[COUNTS];
            for (int i = 0; i < COUNTS; i++) {
                delta[i] = now[i] - previousCounts[t][i];
                if (inTotals[t]) {
                    totals[i] += delta[i];
                }
            }
            previousCounts[t] = now;
            rows.add(row(types.get(t), delta, interval));
        }
        rows.add(row("all", totals, all));
        long end = Math.max(from, to);
        return new IntervalSample((end - runStart) / 1e9, (end - from) / 1e9, p, List.copyOf(rows), executing);
    }

    private static boolean active(IntervalSample s) {
        IntervalSample.Row all = s.total();
        return all.committed() + all.businessRollbacks() + all.failed() + all.retries() + all.outcomeUnknown() > 0
                || s.rows().stream().anyMatch(r -> r.committed() + r.failed() + r.retries() > 0);
    }

    private static IntervalSample.Row row(String type, long[] counts, Histogram h) {
        return new IntervalSample.Row(type, counts[0], counts[1], counts[2], counts[3], ms(h, 50), ms(h, 90), ms(h, 99),
                h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0, counts[4]);
    }

    /** An empty histogram's percentiles are 0; saying so skips a scan of its ~23,000 counts. */
    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static void clear(Histogram h) {
        if (h.getTotalCount() != 0) {
            h.reset();
        }
    }

    /**
     * Adds the interval of one phase of one type to the phase's totals and the hlog, and
     * returns its response times of the interval, valid until the next call.
     *
     * <p>Every phase is swapped every second, even one that ended long ago: a transaction that
     * completed just before a phase's end may be recorded after the next sample, and an empty
     * swap costs no allocation and no clearing anyway.
     */
    private Histogram collect(int type, Phase p) {
        TypeStats s = stats[p.ordinal()][type];
        Histogram[] interval = s.latencies.swap();
        Histogram r = interval[TypeStats.RESPONSE];
        if (r.getTotalCount() != 0) {
            s.responseTotal.add(r);
            log(r, hlogTag(p, "", types.get(type)));
        }
        Histogram q = interval[TypeStats.QUEUE];
        if (q.getTotalCount() != 0) {
            s.queueTotal.add(q);
            log(q, hlogTag(p, QUEUE_TAG, types.get(type)));
        }
        Histogram sv = interval[TypeStats.SERVICE];
        if (sv.getTotalCount() != 0) {
            s.serviceTotal.add(sv);
            log(sv, hlogTag(p, SERVICE_TAG, types.get(type)));
        }
        return r.getTotalCount() != 0 ? r : EMPTY;
    }

    /** Tag prefixes in histograms.hlog: a measured type's response times carry its bare name. */
    public static final String QUEUE_TAG = "queue:";
    public static final String SERVICE_TAG = "service:";

    /**
     * The hlog tag of one interval: the type's name for the measurement's response times (what a
     * merge of split runs adds up), prefixed by "queue:" or "service:" for the other two, and by
     * the phase ("warmup:", "drain:") outside the measurement. HdrHistogram's log reader stops at
     * a tag with a space, so a name is written with runs of other characters as one '-'
     * ("delivery (deferred)" as "delivery-deferred").
     */
    public static String hlogTag(Phase p, String kind, String type) {
        String name = type.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-|-$", "");
        return (p == Phase.MEASUREMENT ? "" : p.name().toLowerCase(java.util.Locale.ROOT) + ":") + kind + name;
    }

    private void log(Histogram h, String tag) {
        if (hlog != null) {
            h.setTag(tag);
            synchronized (hlog) {
                hlog.outputIntervalHistogram(h);
            }
        }
    }

    private long sum(int type, ToLongFunction<TypeStats> f) {
        long n = 0;
        for (Phase p : Phase.values()) {
            n += f.applyAsLong(stats[p.ordinal()][type]);
        }
        return n;
    }

    public List<IntervalSample> samples() {
        return List.copyOf(samples);
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
            TypeSummary summary = summarize(types.get(t), s, seconds);
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
        CostTotals costs = costTotals();
        long cpu = costs.meter(DRIVER_CPU);
        return new RunMetrics(phaseSeconds(Phase.WARMUP, nowNanos), seconds, measuredBy, committed, rollbacks,
                failed, retries, allPhases, new Throughput(overWall, sumOfStreamRates), List.copyOf(summaries),
                LatencySummary.of(lagTotal[Phase.MEASUREMENT.ordinal()]), incomplete)
                .withDriverCpuSeconds(cpu < 0 ? -1 : cpu / 1e9).withCosts(costs)
                .withStalls(io.tpkit.metrics.Stalls.find(samples)).withEdges(edges());
    }

    /** The driver's work in the measurement interval, and each meter's growth over it. */
    private CostTotals costTotals() {
        int m = Phase.MEASUREMENT.ordinal();
        long[] sums = new long[TransactionCost.FIELDS];
        long transactions = 0;
        for (TypeStats s : stats[m]) {
            for (int i = 0; i < sums.length; i++) {
                sums[i] += s.cost[i].sum();
            }
            transactions += s.costed.sum();
        }
        Map<String, Long> grown = new LinkedHashMap<>();
        if (phaseStart[m] != 0 && phaseEnd[m] != 0) {
            meters.keySet().forEach(name -> {
                long start = meterAtPhaseStart.get(name)[m];
                long end = meterAtPhaseEnd.get(name)[m];
                if (start >= 0 && end >= start) {
                    grown.put(name, end - start);
                }
            });
        }
        return new CostTotals(transactions, sums[TransactionCost.ROUND_TRIPS], sums[TransactionCost.STATEMENTS],
                sums[TransactionCost.RESULT_SETS],
                sums[TransactionCost.COMMITS], sums[TransactionCost.ROLLBACKS], sums[TransactionCost.BYTES_SENT],
                sums[TransactionCost.BYTES_RECEIVED], bytesCounted, sums[TransactionCost.CPU_NANOS], grown);
    }

    private TypeSummary summarize(String name, TypeStats s, double seconds) {
        Map<Integer, Long> byRetries = new TreeMap<>();
        long afterRetries = 0;
        long firstTry = 0;
        for (int i = 0; i < s.committedByRetries.length; i++) {
            long n = s.committedByRetries[i].sum();
            if (n > 0) {
                byRetries.put(i, n);
            }
            if (i > 0) {
                afterRetries += n;
            } else {
                firstTry = n;
            }
        }
        long committed = firstTry + afterRetries;
        long[] costs = new long[TransactionCost.FIELDS];
        for (int i = 0; i < costs.length; i++) {
            costs[i] = s.cost[i].sum();
        }
        return new TypeSummary(name, committed, firstTry, afterRetries, byRetries, s.businessRollbacks.sum(),
                byCause(s.retries), byCause(s.failed), sqlStates(s), seconds > 0 ? committed / seconds : 0,
                LatencySummary.of(s.responseTotal), LatencySummary.of(s.queueTotal), LatencySummary.of(s.serviceTotal),
                s.outcomeUnknown.sum(), TransactionCost.typeCost(s.costed.sum(), costs, bytesCounted, ThreadCpu.SUPPORTED));
    }

    private static Map<String, Long> byCause(LongAdder[] adders) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (io.tpkit.spi.database.ErrorClass c : io.tpkit.spi.database.ErrorClass.values()) {
            m.put(c.name().toLowerCase(java.util.Locale.ROOT), adders[c.ordinal()].sum());
        }
        return m;
    }

    private static Map<String, Long> sqlStates(TypeStats s) {
        Map<String, Long> m = new TreeMap<>();
        s.errorsBySqlStateClass.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }
}
