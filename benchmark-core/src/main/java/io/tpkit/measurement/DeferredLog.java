package io.tpkit.measurement;

import io.tpkit.metrics.DeferredSummary;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.workload.DeferredResult;
import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Every deferred transaction of a run, from being queued to its end: written as it ends to the
 * deferred result file (TPC-C §2.7.2.3: when it was queued, the warehouse and carrier, the orders
 * delivered, when it completed), and kept as a few numbers each so that the summary can follow
 * the ones queued in the measurement interval to their end, wherever the interval's edges fall.
 */
public final class DeferredLog {
    public static final String FILE = "deferred.csv";
    static final String HEADER = "type,queued_at,started_at,completed_at,queue_to_completion_ms,outcome,skipped,result";

    private static final byte COMMITTED = 0;
    private static final byte FAILED = 1;
    private static final byte NOT_EXECUTED = 2;
    /** Lost with its connection during the commit: it may have committed. */
    private static final byte OUTCOME_UNKNOWN = 3;
    /** deferred.csv's outcome of a transaction lost during its commit, as the other types' "outcome unknown". */
    public static final String UNKNOWN = "outcome unknown";

    private final List<String> typeNames;
    private final Writer out;
    private final long originNanos;
    private final Instant origin;
    // three instants per transaction (queued, started, ended; -1 when it never started) and its end
    private long[] times = new long[3 * 1024];
    private byte[] ends = new byte[1024];
    private boolean[] skippedPart = new boolean[1024];
    private int size;
    private IOException writeFailure;

    /**
     * @param typeNames the workload's transaction types, by type number
     * @param out       where the result file goes (its header is written at once), or null
     */
    public DeferredLog(List<String> typeNames, Writer out) {
        this.typeNames = List.copyOf(typeNames);
        this.out = out;
        this.originNanos = System.nanoTime();
        this.origin = Instant.now();
        write(HEADER + "\n");
    }

    /** A deferred transaction that was executed: committed, or not (failed, lost). */
    public synchronized void executed(int type, long queuedAt, long startedAt, long endedAt, boolean committed,
                                      DeferredResult result) {
        executed(type, queuedAt, startedAt, endedAt, committed, false, result);
    }

    /**
     * @param unknown lost with its connection during the commit (then not {@code committed}): it
     *                may have committed, which only the database knows
     */
    public synchronized void executed(int type, long queuedAt, long startedAt, long endedAt, boolean committed,
                                      boolean unknown, DeferredResult result) {
        boolean skipped = result != null && result.skipped() > 0;
        add(queuedAt, startedAt, endedAt, committed ? COMMITTED : unknown ? OUTCOME_UNKNOWN : FAILED, skipped);
        if (out == null) {
            return; // no file: the line, its timestamps formatted, would be thrown away
        }
        write(typeNames.get(type) + "," + at(queuedAt) + "," + at(startedAt) + "," + at(endedAt) + ","
                + String.format(java.util.Locale.ROOT, "%.3f", (endedAt - queuedAt) / 1e6) + ","
                + (committed ? "committed" : unknown ? UNKNOWN : "failed") + "," + (result == null ? "" : result.skipped()) + ","
                + (result == null ? "" : result.detail()) + "\n");
    }

    /** A deferred transaction still queued when the run's time to finish the queue ran out. */
    public synchronized void notExecuted(int type, long queuedAt) {
        add(queuedAt, -1, -1, NOT_EXECUTED, false);
        if (out == null) {
            return;
        }
        write(typeNames.get(type) + "," + at(queuedAt) + ",,,,not executed,,\n");
    }

    private void add(long queuedAt, long startedAt, long endedAt, byte end, boolean skipped) {
        if (size == ends.length) {
            times = Arrays.copyOf(times, times.length * 2);
            ends = Arrays.copyOf(ends, ends.length * 2);
            skippedPart = Arrays.copyOf(skippedPart, skippedPart.length * 2);
        }
        times[3 * size] = queuedAt;
        times[3 * size + 1] = startedAt;
        times[3 * size + 2] = endedAt;
        ends[size] = end;
        skippedPart[size] = skipped;
        size++;
    }

    private String at(long nanos) {
        return origin.plusNanos(nanos - originNanos).truncatedTo(ChronoUnit.MICROS).toString();
    }

    private void write(String line) {
        if (out == null || writeFailure != null) {
            return;
        }
        try {
            out.write(line);
        } catch (IOException e) {
            writeFailure = e; // reported when the file is closed: the run itself goes on
        }
    }

    /** Flushes the result file; throws what writing it met (a full disk), if anything. */
    public synchronized void finish() throws IOException {
        if (writeFailure != null) {
            throw writeFailure;
        }
        if (out != null) {
            out.flush();
        }
    }

    /**
     * The transactions queued in the measurement interval, followed to their end.
     *
     * @param edges the run's phases, by completion time
     */
    public synchronized DeferredSummary summarize(MetricsCollector edges, int workers, int maxWorkers) {
        long end = edges.phaseStartNanos(Phase.DRAIN);
        long queued = 0;
        long completed = 0;
        long failed = 0;
        long notExecuted = 0;
        long unknown = 0;
        long skipped = 0;
        long backlog = 0;
        long oldest = 0;
        Histogram q2c = Latency.newHistogram();
        for (int i = 0; i < size; i++) {
            long queuedAt = times[3 * i];
            if (edges.phaseOf(queuedAt) != Phase.MEASUREMENT) {
                continue;
            }
            queued++;
            long startedAt = times[3 * i + 1];
            switch (ends[i]) {
                case COMMITTED -> {
                    completed++;
                    q2c.recordValue(Latency.toMicros(times[3 * i + 2] - queuedAt));
                    skipped += skippedPart[i] ? 1 : 0;
                }
                case FAILED -> failed++;
                case OUTCOME_UNKNOWN -> unknown++;
                default -> notExecuted++;
            }
            if (end != 0 && (startedAt < 0 || startedAt >= end)) {
                backlog++;
                oldest = Math.max(oldest, end - queuedAt);
            }
        }
        // the 90th percentile of all queued: those never completed rank above every completed one
        long rank = (long) Math.ceil(0.9 * queued);
        Double p90 = queued == 0 || completed < rank ? null
                : q2c.getValueAtPercentile(100.0 * rank / completed) / 1e6;
        return new DeferredSummary(queued, completed, failed, notExecuted, skipped, LatencySummary.of(q2c), p90,
                backlog, oldest / 1e9, workers, maxWorkers, unknown);
    }
}
