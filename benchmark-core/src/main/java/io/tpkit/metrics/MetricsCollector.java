package io.tpkit.metrics;

import io.tpkit.spi.ErrorClass;
import io.tpkit.spi.Outcome;
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
 * Records every transaction outcome into the stats of the phase in force when it completed,
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
    private final TypeStats[][] stats; // [phase][type]
    private final IntervalRecorder[] lag; // [phase], closed model only
    private final Histogram[] lagTotal;
    // The sampler's scratch histograms, reused every second (cleared only when used).
    private final Histogram all = Latency.newHistogram();
    private final Histogram merged = Latency.newHistogram();
    private final long[] phaseStart = new long[Phase.values().length];
    private final long[] phaseEnd = new long[Phase.values().length];
    // the driver JVM's CPU time at phase boundaries: what measuring cost, without start-up and JIT warm-up
    private final long[] phaseCpuStart = new long[Phase.values().length];
    private final long[] phaseCpuEnd = new long[Phase.values().length];
    private final long runStart;
    private final HistogramLogWriter hlog;
    private final List<IntervalSample> samples = new ArrayList<>();
    private final Map<String, String> firstErrors = new LinkedHashMap<>();
    private volatile Phase phase;
    private long lastSample;
    private long[][] previous; // [type][committed, rollbacks, failed, retries]

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
            lagTotal[p.ordinal()] = Latency.newHistogram();
        }
        this.runStart = runStartNanos;
        this.lastSample = runStartNanos;
        this.previous = new long[types.size() + 1][4];
        this.hlog = hlog;
        this.phase = Phase.WARMUP;
        phaseStart[Phase.WARMUP.ordinal()] = runStartNanos;
    }

    public List<String> types() {
        return types;
    }

    public Phase phase() {
        return phase;
    }

    /** Ends the current phase and starts {@code next} at {@code nanos}. */
    public void startPhase(Phase next, long nanos) {
        long cpu = DriverCpu.processNanos();
        phaseEnd[phase.ordinal()] = nanos;
        phaseCpuEnd[phase.ordinal()] = cpu;
        phaseStart[next.ordinal()] = nanos;
        phaseCpuStart[next.ordinal()] = cpu;
        phase = next;
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
     * Records a completed transaction (committed, or rolled back as the benchmark requires).
     *
     * @return the phase it was counted in
     */
    public Phase recordCompletion(int type, Outcome outcome, int retriesUsed, long intendedStart,
                                  long serviceStart, long end) {
        Phase p = phase;
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

    public void recordRetry(int type, ErrorClass cause, String sqlState) {
        TypeStats s = stats[phase.ordinal()][type];
        s.retries[cause.ordinal()].increment();
        countSqlState(s, sqlState);
    }

    public void recordFailure(int type, ErrorClass cause, String sqlState, String message) {
        TypeStats s = stats[phase.ordinal()][type];
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
        TypeStats s = stats[phase.ordinal()][type];
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

    /** How late a terminal woke up after a keying or think wait. */
    public void recordLag(long lateNanos) {
        lag[phase.ordinal()].record(Latency.toMicros(Math.max(lateNanos, 0)));
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

    /** Collects the interval since the last call; one thread only. */
    public IntervalSample sample(long nowNanos) {
        List<IntervalSample.Row> rows = new ArrayList<>(types.size() + 1);
        clear(all);
        long[] totals = new long[4];
        for (int t = 0; t <= types.size(); t++) {
            boolean total = t == types.size();
            Histogram interval = total ? all : collect(t);
            if (!total && inTotals[t] && interval.getTotalCount() != 0) {
                all.add(interval);
            }
            long[] now = total ? totals : new long[] {
                    sum(t, TypeStats::committed), sum(t, s -> s.businessRollbacks.sum()),
                    sum(t, TypeStats::failedTotal), sum(t, TypeStats::retriesTotal)};
            long[] delta = new long[4];
            for (int i = 0; i < 4; i++) {
                delta[i] = total ? now[i] : now[i] - previous[t][i];
                if (!total && inTotals[t]) {
                    totals[i] += delta[i];
                }
            }
            if (!total) {
                previous[t] = now;
            }
            rows.add(new IntervalSample.Row(total ? "all" : types.get(t), delta[0], delta[1], delta[2], delta[3],
                    ms(interval, 50), ms(interval, 90), ms(interval, 99),
                    interval.getTotalCount() == 0 ? 0 : interval.getMaxValue() / 1000.0));
        }
        for (Phase p : Phase.values()) {
            Histogram h = lag[p.ordinal()].swap()[0];
            if (h.getTotalCount() != 0) {
                lagTotal[p.ordinal()].add(h);
            }
        }
        IntervalSample sample = new IntervalSample((nowNanos - runStart) / 1e9, (nowNanos - lastSample) / 1e9,
                phase, List.copyOf(rows));
        lastSample = nowNanos;
        samples.add(sample);
        return sample;
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
     * Adds the interval of every phase of one type to the phase's totals and the hlog, and
     * returns the type's response times of the interval, valid until the next call.
     *
     * <p>Every phase is swapped every time, even one that ended long ago: a terminal that read
     * the phase just before it changed may still record into it after the next sample, and an
     * empty swap costs no allocation and no clearing anyway. The per-phase work is skipped when
     * the interval is empty, which is every phase but the current one nearly all the time.
     */
    private Histogram collect(int type) {
        Histogram only = null;
        boolean mergedUsed = false;
        for (Phase p : Phase.values()) {
            TypeStats s = stats[p.ordinal()][type];
            Histogram[] interval = s.latencies.swap();
            Histogram r = interval[TypeStats.RESPONSE];
            if (r.getTotalCount() != 0) {
                s.responseTotal.add(r);
                if (hlog != null) {
                    r.setTag(types.get(type));
                    synchronized (hlog) {
                        hlog.outputIntervalHistogram(r);
                    }
                }
                // Merged only in the second that straddles a phase change.
                if (only == null) {
                    only = r;
                } else {
                    if (!mergedUsed) {
                        clear(merged);
                        merged.add(only);
                        mergedUsed = true;
                    }
                    merged.add(r);
                    only = merged;
                }
            }
            Histogram q = interval[TypeStats.QUEUE];
            if (q.getTotalCount() != 0) {
                s.queueTotal.add(q);
            }
            Histogram sv = interval[TypeStats.SERVICE];
            if (sv.getTotalCount() != 0) {
                s.serviceTotal.add(sv);
            }
        }
        return only != null ? only : EMPTY;
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
        return new RunMetrics(phaseSeconds(Phase.WARMUP, nowNanos), seconds, measuredBy, committed, rollbacks,
                failed, retries, allPhases, new Throughput(overWall, sumOfStreamRates), List.copyOf(summaries),
                LatencySummary.of(lagTotal[Phase.MEASUREMENT.ordinal()]), incomplete)
                .withDriverCpuSeconds(measurementCpuSeconds());
    }

    /** The driver's CPU seconds over the measurement phase, or -1 when the JVM does not say. */
    private double measurementCpuSeconds() {
        int m = Phase.MEASUREMENT.ordinal();
        long start = phaseCpuStart[m];
        long end = phaseCpuEnd[m];
        return start < 0 || end <= 0 || phaseStart[m] == 0 ? -1 : (end - start) / 1e9;
    }

    private static TypeSummary summarize(String name, TypeStats s, double seconds) {
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
        return new TypeSummary(name, committed, firstTry, afterRetries, byRetries, s.businessRollbacks.sum(),
                byCause(s.retries), byCause(s.failed), sqlStates(s), seconds > 0 ? committed / seconds : 0,
                LatencySummary.of(s.responseTotal), LatencySummary.of(s.queueTotal), LatencySummary.of(s.serviceTotal),
                s.outcomeUnknown.sum());
    }

    private static Map<String, Long> byCause(LongAdder[] adders) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (io.tpkit.spi.ErrorClass c : io.tpkit.spi.ErrorClass.values()) {
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
