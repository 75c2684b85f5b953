package io.tpkit.tp1;

import io.tpkit.spi.workload.Request;

/**
 * The input of one T1 or T2 transaction: its operations, in the order they are sent. T1 amends
 * account {@code aids[j]} by {@link Amends#DELTA}; T2 appends a history row for teller
 * {@code tids[j]} of branch {@code bids[j]} and account {@code aids[j]}, with a delta of 0.
 * Retries reuse it unchanged.
 */
record SubTransactionRequest(int[] aids, int[] tids, int[] bids) implements Request {
    /** The run's one transaction type. */
    @Override
    public int type() {
        return 0;
    }

    int operations() {
        return aids.length;
    }
}
