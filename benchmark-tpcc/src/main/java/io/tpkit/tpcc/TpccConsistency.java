package io.tpkit.tpcc;

import io.tpkit.spi.workload.CheckResult;
import io.tpkit.sql.KeyRange;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The consistency conditions of §3.3.2.1 – §3.3.2.12 (the digest's §7), each a query that
 * returns the violating warehouses, districts, orders or customers: no row means it holds.
 * Sums are compared as exact decimals. Condition 11 holds only until the first Delivery.
 * A warehouse's or district's conditions start from its own row: when its districts, orders,
 * lines or history are missing entirely, they sum to zero and fail, not go unchecked.
 * The queries are the dialect's {@code consistency-1} to {@code consistency-12}
 * ({@code io/tpkit/tpcc/sql/default.sql}), written with tpkit's table names; {@link TpccNames}
 * puts another database's names in their place.
 */
final class TpccConsistency {
    /** One condition: its number in §3.3.2 and a short statement; its query is the dialect's {@code consistency-N}. */
    record Condition(int number, String rule) {
        String name() {
            return "tpcc consistency " + number + ": " + rule;
        }
    }

    static final List<Condition> CONDITIONS = List.of(
            new Condition(1, "W_YTD = sum(D_YTD)"),
            new Condition(2, "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)"),
            new Condition(3, "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER)"),
            new Condition(4, "sum(O_OL_CNT) = count(ORDER-LINE) per district"),
            new Condition(5, "O_CARRIER_ID IS NULL <=> a NEW-ORDER row exists"),
            new Condition(6, "O_OL_CNT = count(ORDER-LINE) per order"),
            new Condition(7, "OL_DELIVERY_D IS NULL <=> O_CARRIER_ID IS NULL"),
            new Condition(8, "W_YTD = sum(H_AMOUNT)"),
            new Condition(9, "D_YTD = sum(H_AMOUNT)"),
            new Condition(10, "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT)"),
            new Condition(11, "count(ORDER) - count(NEW-ORDER) = 2100 (before any Delivery)"),
            new Condition(12, "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT)"));

    /** How many violating keys a failed check names in its detail. */
    static final int SHOWN_VIOLATIONS = 5;

    /**
     * Why condition 11 is not checked on data tpkit did not load: it compares with a constant of
     * the initial load, and holds only until the first Delivery.
     */
    static final String NOT_LOADED_BY_TPKIT = "tpkit did not load this data, so the number of orders the "
            + "load left delivered (2,100 per district in the spec: 3,000 orders less 900 new orders) is not known, "
            + "nor whether a Delivery ran since (the condition holds only until the first one)";

    private TpccConsistency() {
    }

    /** Conditions 1–12 on tpkit's tables, without 11 once a Delivery may have run. */
    static List<CheckResult> checkAll(Connection c, TpccDialect dialect, boolean anyDelivery) throws SQLException {
        return checkSlice(c, dialect, anyDelivery, new KeyRange(null, null));
    }

    /**
     * The warehouse column of each condition's violating keys (the first column it returns), by
     * condition number - 1: a slice's violations are those of its warehouses.
     */
    static final List<String> WAREHOUSE_COLUMNS = List.of("w_id", "d_w_id", "no_w_id", "d_w_id", "o_w_id",
            "o_w_id", "ol_w_id", "w_id", "d_w_id", "c_w_id", "d_w_id", "c_w_id");

    /** Conditions 1–12 as {@link #checkAll}, each on the warehouses of {@code warehouses} only. */
    static List<CheckResult> checkSlice(Connection c, TpccDialect dialect, boolean anyDelivery, KeyRange warehouses)
            throws SQLException {
        TpccNames names = TpccNames.tpkit(dialect);
        List<CheckResult> results = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            for (Condition condition : CONDITIONS) {
                if (!(anyDelivery && condition.number() == 11)) {
                    String sql = warehouses.restrict(names.condition(condition.number()),
                            WAREHOUSE_COLUMNS.get(condition.number() - 1));
                    CheckResult r = check(s, condition, names, sql);
                    results.add(warehouses.low() == null && warehouses.high() == null ? r
                            : CheckResult.of(r.name(), r.passed(), r.detail() + " (warehouse " + warehouses.describe()
                            + ")"));
                }
            }
        }
        return results;
    }

    /**
     * Conditions 1–12 on data another tool loaded, in the tables {@code names} found: 11 is
     * skipped ({@link #NOT_LOADED_BY_TPKIT}).
     */
    static List<CheckResult> checkForeign(Connection c, TpccNames names) throws SQLException {
        List<CheckResult> results = new ArrayList<>(check(c, names, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
        results.add(CheckResult.skipped(CONDITIONS.get(10).name(), NOT_LOADED_BY_TPKIT));
        results.addAll(check(c, names, 12));
        return results;
    }

    /** The given conditions on tpkit's tables, in the order given. */
    static List<CheckResult> check(Connection c, TpccDialect dialect, int... numbers) throws SQLException {
        return check(c, TpccNames.tpkit(dialect), numbers);
    }

    /** The given conditions on the tables {@code names} gives, in the order given. */
    static List<CheckResult> check(Connection c, TpccNames names, int... numbers) throws SQLException {
        List<CheckResult> results = new ArrayList<>(numbers.length);
        try (Statement s = c.createStatement()) {
            for (int n : numbers) {
                if (n < 1 || n > CONDITIONS.size()) {
                    throw new IllegalArgumentException("TPC-C has consistency conditions 1..12: " + n);
                }
                results.add(check(s, CONDITIONS.get(n - 1), names));
            }
        }
        return results;
    }

    private static CheckResult check(Statement s, Condition condition, TpccNames names) throws SQLException {
        return check(s, condition, names, names.condition(condition.number()));
    }

    /** Condition {@code condition} by {@code written}, its query as written (or restricted to a slice). */
    private static CheckResult check(Statement s, Condition condition, TpccNames names, String written)
            throws SQLException {
        long violations = 0;
        List<String> shown = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(names.sql(written))) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                if (violations++ < SHOWN_VIOLATIONS) {
                    List<String> key = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        key.add(rs.getString(i));
                    }
                    shown.add("(" + String.join(",", key) + ")");
                }
            }
        }
        String detail = violations == 0 ? "holds"
                : violations + " violation(s), e.g. " + String.join(" ", shown);
        List<String> floating = names.floatingMoney().keySet().stream()
                .filter(column -> java.util.regex.Pattern.compile("\\b" + column + "\\b").matcher(written).find())
                .map(column -> names.floatingMoney().get(column)).toList();
        if (violations > 0 && !floating.isEmpty()) {
            detail += "; floating-point money: " + String.join(", ", floating) + " (each value read as the decimal "
                    + "the database prints for it, no tolerance)";
        }
        return CheckResult.of(condition.name(), violations == 0, detail);
    }
}
