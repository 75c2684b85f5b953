package io.tpkit.tpcc;

import java.sql.SQLException;

/**
 * Statements whose text depends on a row count (an order's lines, a Delivery's orders), each
 * prepared the first time that count is needed and kept for the session.
 */
final class ByCount<T> {
    /** Prepares the statement for a count. */
    interface Prepare<T> {
        T prepare(int count) throws SQLException;
    }

    private final Prepare<T> prepare;
    private final Object[] prepared;

    ByCount(int maxCount, Prepare<T> prepare) {
        this.prepare = prepare;
        this.prepared = new Object[maxCount + 1];
    }

    @SuppressWarnings("unchecked")
    T get(int count) throws SQLException {
        if (prepared[count] == null) {
            prepared[count] = prepare.prepare(count);
        }
        return (T) prepared[count];
    }
}
