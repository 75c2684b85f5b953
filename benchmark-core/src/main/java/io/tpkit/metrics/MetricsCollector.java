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
import org.HdrHistogram.Recorder;

/**
 * Records every transaction outcome into the stats of the phase in force when it completed,
 * and turns them into one-second interval samples. Recording is lock-free (HdrHistogram
 * {@link Recorder}s and {@link LongAdder}s); {@link #sample} must be called by one thread.
 */
public final class MetricsCollector {
    /**
     * Marks the row of a deferred part ("delivery (deferred)"): it shows the background
     * execution of transactions already counted when they were queued, so totals skip it.
     */
    public static final String DEFERRED_SUFFIX = " (deferred)";

    private final List<String> types;
    private final boolean[] inTotals;
    private final TypeStats[][] stats; // [phase][type]
    private final Recorder[] lag; // [phase], closed model only
    private final Histogram[] lagTotal;
    private final long[] phaseStart = new long[Phase.values().length];
    private final long[] phaseEnd = new long[Phase.values().length];
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
        this.lag = new Recorder[Phase.values().length];
        this.lagTotal = new Histogram[Phase.values().length];
        for (Phase p : Phase.values()) {
            for (int t = 0; t < types.size(); t++) {
                stats[p.ordinal()][t] = new TypeStats(maxRetries);
            }
            lag[p.ordinal()] = Latency.newRecorder();
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
        phaseEnd[phase.ordinal()] = nanos;
        phaseStart[next.ordinal()] = nanos;
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
            s.committed.increment();
            s.committedAfterRetries.incrementAndGet(Math.min(retriesUsed, s.committedAfterRetries.length() - 1));
        } else {
            s.businessRollbacks.increment();
        }
        s.response.recordValue(Latency.toMicros(end - intendedStart));
        s.queue.recordValue(Latency.toMicros(serviceStart - intendedStart));
        s.service.recordValue(Latency.toMicros(end - serviceStart));
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
        if (!firstErrors.containsKey(key)) {
            synchronized (firstErrors) {
                firstErrors.putIfAbsent(key, message == null ? "" : message.lines().findFirst().orElse(""));
            }
        }
    }

    /** How late a terminal woke up after a keying or think wait. */
    public void recordLag(long lateNanos) {
        lag[phase.ordinal()].recordValue(Latency.toMicros(Math.max(lateNanos, 0)));
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
        List<IntervalSample.Row> rows = new ArrayList<>();
        Histogram all = Latency.newHistogram();
        long[] totals = new long[4];
        for (int t = 0; t <= types.size(); t++) {
            boolean total = t == types.size();
            Histogram interval = total ? all : collect(t);
            if (!total && inTotals[t]) {
                all.add(interval);
            }
            long[] now = total ? totals : new long[] {
                    sum(t, s -> s.committed.sum()), sum(t, s -> s.businessRollbacks.sum()),
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
                    interval.getValueAtPercentile(50) / 1000.0, interval.getValueAtPercentile(90) / 1000.0,
                    interval.getValueAtPercentile(99) / 1000.0, interval.getMaxValue() / 1000.0));
        }
        for (Phase p : Phase.values()) {
            lagTotal[p.ordinal()].add(lag[p.ordinal()].getIntervalHistogram());
        }
        IntervalSample sample = new IntervalSample((nowNanos - runStart) / 1e9, (nowNanos - lastSample) / 1e9,
                phase, List.copyOf(rows));
        lastSample = nowNanos;
        samples.add(sample);
        return sample;
    }

    private Histogram collect(int type) {
        Histogram merged = Latency.newHistogram();
        for (Phase p : Phase.values()) {
            TypeStats s = stats[p.ordinal()][type];
            Histogram r = s.response.getIntervalHistogram();
            s.responseTotal.add(r);
            s.queueTotal.add(s.queue.getIntervalHistogram());
            s.serviceTotal.add(s.service.getIntervalHistogram());
            merged.add(r);
            if (r.getTotalCount() > 0 && hlog != null) {
                r.setTag(types.get(type));
                synchronized (hlog) {
                    hlog.outputIntervalHistogram(r);
                }
            }
        }
        return merged;
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
        return sum(type, x -> x.committed.sum());
    }

    /** Committed transactions in the measurement interval so far. */
    public long measuredCommitted() {
        long n = 0;
        for (int t = 0; t < types.size(); t++) {
            if (inTotals[t]) {
                n += stats[Phase.MEASUREMENT.ordinal()][t].committed.sum();
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
                allPhases += sum(t, x -> x.committed.sum());
            }
        }
        double overWall = seconds > 0 ? committed / seconds : 0;
        return new RunMetrics(phaseSeconds(Phase.WARMUP, nowNanos), seconds, measuredBy, committed, rollbacks,
                failed, retries, allPhases, new Throughput(overWall, sumOfStreamRates), List.copyOf(summaries),
                LatencySummary.of(lagTotal[Phase.MEASUREMENT.ordinal()]), incomplete);
    }

    private static TypeSummary summarize(String name, TypeStats s, double seconds) {
        Map<Integer, Long> byRetries = new TreeMap<>();
        long afterRetries = 0;
        for (int i = 0; i < s.committedAfterRetries.length(); i++) {
            long n = s.committedAfterRetries.get(i);
            if (n > 0) {
                byRetries.put(i, n);
            }
            if (i > 0) {
                afterRetries += n;
            }
        }
        long committed = s.committed.sum();
        long firstTry = committed - afterRetries;
        return new TypeSummary(name, committed, firstTry, afterRetries, byRetries, s.businessRollbacks.sum(),
                byCause(s.retries), byCause(s.failed), sqlStates(s), seconds > 0 ? committed / seconds : 0,
                LatencySummary.of(s.responseTotal), LatencySummary.of(s.queueTotal), LatencySummary.of(s.serviceTotal));
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
