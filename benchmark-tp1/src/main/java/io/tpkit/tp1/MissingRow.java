package io.tpkit.tp1;

import java.sql.SQLException;

/**
 * A row the transaction must change is not there: the data is incomplete, and carrying on
 * would measure less work than the benchmark asks for. SQLState 02000 is "no data"; it is not
 * retryable, so the run counts it as a failure.
 */
final class MissingRow {
    static final String NO_DATA = "02000";

    private MissingRow() {
    }

    /** One of {@code ids} is missing: which one, the database did not say (its row guard stopped the transaction). */
    static SQLException of(String table, String column, int[] ids) {
        String list = ids.length <= 5 ? java.util.Arrays.toString(ids)
                : java.util.Arrays.toString(java.util.Arrays.copyOf(ids, 5)).replace("]", ", ...]");
        return new SQLException("tp1: a " + table + " row with " + column + " in " + list
                + " is missing: the data is incomplete, reload it with --reload", NO_DATA);
    }

    static SQLException of(String table, String column, int id) {
        return new SQLException("tp1: no " + table + " row with " + column + " " + id
                + ": the data is incomplete, reload it with --reload", NO_DATA);
    }
}
