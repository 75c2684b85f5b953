package io.tpkit.tp1;

import io.tpkit.spi.workload.Session;

/** A TP1 session; what {@link Tp1BoundWorkload#openSession} returns. */
public interface Tp1Session extends Session {
    /**
     * The account's new balance from the last committed transaction: the output DebitCredit
     * returns to the teller. Exposed so that tests can check it.
     */
    long lastBalance();
}
