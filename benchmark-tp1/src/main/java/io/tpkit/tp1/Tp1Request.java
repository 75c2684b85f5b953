package io.tpkit.tp1;

import io.tpkit.spi.workload.Request;

/**
 * The input of one DebitCredit transaction: move {@code delta} into account {@code aid}
 * through teller {@code tid} of branch {@code bid}. Retries reuse it unchanged.
 *
 * @param type always {@link #DEBIT_CREDIT}, the only transaction type
 */
public record Tp1Request(int type, int aid, int tid, int bid, int delta) implements Request {
    public static final int DEBIT_CREDIT = 0;

    public Tp1Request(int aid, int tid, int bid, int delta) {
        this(DEBIT_CREDIT, aid, tid, bid, delta);
    }
}
