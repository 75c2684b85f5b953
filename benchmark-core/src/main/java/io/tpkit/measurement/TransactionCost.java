package io.tpkit.measurement;

import io.tpkit.metrics.TypeCost;

/**
 * What executing one transaction (every attempt of it) cost the driver, as the scheduler adds
 * it up on the thread that ran it: the session's round trips by kind, the bytes on the wire,
 * and the thread's CPU time. One instance per server thread, reused: nothing is allocated per
 * transaction.
 */
public final class TransactionCost {
    static final int ROUND_TRIPS = 0;
    static final int STATEMENTS = 1;
    static final int RESULT_SETS = 2;
    static final int COMMITS = 3;
    static final int ROLLBACKS = 4;
    static final int BYTES_SENT = 5;
    static final int BYTES_RECEIVED = 6;
    static final int CPU_NANOS = 7;
    static final int FIELDS = 8;

    final long[] values = new long[FIELDS];
    /** When the transaction was counted complete (nanoTime), 0 when it was not: its cost goes to that phase. */
    long countedAt;

    /** The phase the transaction was counted in, when known: its cost goes there (before {@link #countedAt}). */
    io.tpkit.metrics.Phase countedIn;

    /** The instant the transaction was counted at, so that its cost lands in the same phase. */
    public void countedAt(long nanos) {
        countedAt = nanos;
    }

    /** The phase the transaction was counted in (a transaction that straddled an edge is not the interval's). */
    public void countedIn(io.tpkit.metrics.Phase phase) {
        countedIn = phase;
    }

    public void addCalls(long roundTrips, long statements, long resultSets, long commits, long rollbacks) {
        values[ROUND_TRIPS] += roundTrips;
        values[STATEMENTS] += statements;
        values[RESULT_SETS] += resultSets;
        values[COMMITS] += commits;
        values[ROLLBACKS] += rollbacks;
    }

    public void addBytes(long sent, long received) {
        values[BYTES_SENT] += sent;
        values[BYTES_RECEIVED] += received;
    }

    public void addCpuNanos(long nanos) {
        values[CPU_NANOS] += nanos;
    }

    void clear() {
        java.util.Arrays.fill(values, 0);
        countedAt = 0;
        countedIn = null;
    }

    /** @param sums the type's {@link TransactionCost} fields summed over {@code n} transactions */
    static TypeCost typeCost(long n, long[] sums, boolean bytesCounted, boolean cpuCounted) {
        if (n == 0) {
            return TypeCost.NONE;
        }
        return new TypeCost(n, (double) sums[STATEMENTS] / n, (double) sums[RESULT_SETS] / n,
                (double) sums[COMMITS] / n, (double) sums[ROLLBACKS] / n,
                (double) sums[ROUND_TRIPS] / n,
                bytesCounted ? (double) sums[BYTES_SENT] / n : -1,
                bytesCounted ? (double) sums[BYTES_RECEIVED] / n : -1,
                cpuCounted ? sums[CPU_NANOS] / 1e3 / n : -1);
    }
}
