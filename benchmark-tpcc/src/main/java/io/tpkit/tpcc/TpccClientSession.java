package io.tpkit.tpcc;

import io.tpkit.spi.database.SqlFeature;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.Pipeline;
import io.tpkit.tpcc.NewOrderLines.Lines;
import io.tpkit.tpcc.NewOrderLines.StockRound;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The five TPC-C transactions as SQL sent by the driver ({@code --logic client}), one database
 * transaction per business transaction, in as few round trips as each database's SQL allows:
 * the profiles prescribe which rows are read and written, not how many statements do it. What
 * both shapes share lives here: the New-Order lines as the profile processes them (with
 * {@link NewOrderLines}), the lock order, and what the terminal showed. The statements are the dialect's named blocks
 * ({@code io/tpkit/tpcc/sql/}); the shape is chosen by what the database declares, never by its
 * name: {@link TpccReturningSession} where writes return rows (one statement writes several
 * tables and answers), {@link TpccMultiStatementSession} elsewhere (statements sent together,
 * what an update changed read back).
 *
 * <p>Why two classes: the shapes differ in logic, not only in text. Where a write returns rows,
 * New-Order's reads and the district's update are one statement, and Payment, Delivery and the
 * read-only transactions are one statement each in auto-commit mode; without that, New-Order
 * needs a round trip more, Payment reads a customer chosen by name before it writes, Delivery
 * locks the oldest new orders before it deletes them, and auto-commit stays off (Connector/J
 * pays a round trip to switch it), so COMMIT goes with the last statements. One class for both
 * would cost PostgreSQL a round trip in New-Order and in Delivery (the round trips per
 * transaction are measured and published), and the returning shape cannot run where writes
 * return nothing; so the difference is a feature the plugin declares, and each shape's SQL is in
 * the dialect's file.
 *
 * <p><b>Locks.</b> Every row that is read and then written is locked when it is read
 * ({@code SELECT ... FOR UPDATE}) or changed in place ({@code x = x + delta}), so no transaction
 * upgrades a shared lock, and under READ COMMITTED the profiles behave serialisably on the rows
 * they change. Row locks are taken in one global order, so the transactions cannot deadlock one
 * another:
 * <ul>
 *   <li>Payment: WAREHOUSE, then DISTRICT, then CUSTOMER (the profile's own order).</li>
 *   <li>New-Order: DISTRICT (the D_NEXT_O_ID serialisation point), then all the order's STOCK
 *       rows in one statement sorted by (S_W_ID, S_I_ID), before any line is written. Two
 *       New-Orders with the same items in another line order would otherwise deadlock.</li>
 *   <li>Delivery: NEW-ORDER, ORDER, ORDER-LINE, CUSTOMER rows of its own orders; it takes no
 *       WAREHOUSE or DISTRICT lock, so it cannot close a cycle with Payment.</li>
 *   <li>Order-Status and Stock-Level take no locks; each reads in one statement, so on one
 *       snapshot.</li>
 * </ul>
 *
 * <p>Not thread-safe: one session per terminal's connection.
 */
abstract class TpccClientSession extends TpccSession {
    /** C_DATA is VARCHAR(500): the payment prefix pushes the oldest text out (§2.5.2.2). */
    static final int C_DATA_MAX = 500;
    static final String BAD_CREDIT = "BC";
    final NamedSql sql;

    TpccClientSession(SessionConnection connection, NamedSql sql) {
        super(connection);
        this.sql = sql;
        this.rowGuards = !sql.statements(ROW_GUARD, Map.of("rows", 1)).isEmpty();
    }

    /** Whether the dialect has a {@link #ROW_GUARD}. */
    private final boolean rowGuards;

    /** The client session of the shape the database's features allow (see above). */
    static TpccClientSession open(SessionConnection connection, TpccDialect dialect) throws SQLException {
        return returningRows(dialect) ? new TpccReturningSession(connection, dialect.sql())
                : new TpccMultiStatementSession(connection, dialect.sql());
    }

    /** The named blocks the shape for {@code dialect} prepares: a dialect must have them all. */
    static List<String> statements(TpccDialect dialect) {
        return returningRows(dialect) ? TpccReturningSession.STATEMENTS : TpccMultiStatementSession.STATEMENTS;
    }

    private static boolean returningRows(TpccDialect dialect) {
        return dialect.has(SqlFeature.WRITES_RETURNING_ROWS);
    }

    /** The statements that take {@code ${customer}}, with the customer chosen by name or by number. */
    static Map<String, String> customer(NamedSql sql, boolean byName) {
        return Map.of("customer", sql.sql(byName ? "customer-by-name" : "customer-by-id"));
    }

    /** The value of {@code ${district}}: the suffix of S_DIST_xx for district {@code d}, e.g. 03. */
    static String district(int d) {
        return String.format("%02d", d);
    }

    /**
     * The named blocks, in order, as statements sent together: each must be one statement, for
     * the session reads their results in place.
     */
    /**
     * The block of the statement sent right after a write that must change exactly
     * {@code ${rows}} rows, failing the transaction before its COMMIT when it did not; empty
     * where the dialect needs none. In a {@link #pipeline} its result is read in its place
     * ({@link #guard}).
     */
    static final String ROW_GUARD = "row-guard";

    boolean guarded() {
        return rowGuards;
    }

    /**
     * Reads a row guard's result, where the dialect has one: a guard that failed (the write
     * before it changed other than the rows it must) stopped the rest, COMMIT included.
     *
     * @param what the rows the write must have changed, for the message
     */
    void guard(SessionConnection.Results results, String what) throws SQLException {
        if (!guarded()) {
            return;
        }
        try {
            results.updateCount();
        } catch (SQLException e) {
            throw guardFailed(e) ? new SQLException("tpcc: " + what + " missing: the data is incomplete, reload it "
                    + "with --reload (nothing of the transaction committed)", "02000") : e;
        }
    }

    /** A row guard's failure, as MySQL and MariaDB report it (SQLState 21000), perhaps wrapped as a failed commit. */
    static boolean guardFailed(SQLException e) {
        SQLException original = e instanceof SessionConnection.CommitFailedException f ? f.original() : e;
        return "21000".equals(original.getSQLState());
    }

    Pipeline pipeline(SessionConnection.End end, Map<String, ?> arguments, String... names) throws SQLException {
        List<String> statements = new ArrayList<>();
        for (String name : names) {
            List<String> one = sql.statements(name, arguments);
            if (name.equals(ROW_GUARD) && one.size() <= 1) {
                statements.addAll(one); // none where the dialect needs none
                continue;
            }
            if (one.size() != 1) {
                throw new IllegalStateException(sql.fileOf(name) + ": '" + name + "' must be one statement, not "
                        + one.size() + " (the session reads its result in its place)");
            }
            statements.addAll(one);
        }
        return Pipeline.prepare(connection, statements, end);
    }

    /**
     * What a bad-credit customer's C_DATA gets in front, after its C_ID: C_D_ID, C_W_ID, D_ID,
     * W_ID and H_AMOUNT (§2.5.2.2; the field format is ours, and the stored procedures write the
     * same). The statements put C_ID in front of it and cut the whole to {@link #C_DATA_MAX}.
     */
    static String badCreditPrefixAfterId(int cd, int cw, int d, int w, BigDecimal amount) {
        return " " + cd + " " + cw + " " + d + " " + w + " " + amount.toPlainString() + " | ";
    }

    /** The whole new C_DATA: C_ID and {@link #badCreditPrefixAfterId} in front of the old text, cut to 500. */
    static String badCreditData(int c, int cd, int cw, int d, int w, BigDecimal amount, String old) {
        String data = c + badCreditPrefixAfterId(cd, cw, d, w, amount) + old;
        return data.length() > C_DATA_MAX ? data.substring(0, C_DATA_MAX) : data;
    }

    /** S_QUANTITY after a line of {@code quantity} (see {@link NewOrderLines#stockAfter}). */
    static int stockAfter(int stockQuantity, int quantity) {
        return NewOrderLines.stockAfter(stockQuantity, quantity);
    }

    /** Ends the open transaction: COMMIT, or ROLLBACK for New-Order's unused item. */
    final void end(boolean commit) throws SQLException {
        if (commit) {
            connection.commit();
        } else {
            connection.rollback();
        }
    }

    /**
     * What New-Order read before its lines: the new order's number, the customer (C_LAST and
     * C_CREDIT are displayed only), the rates and the order's entry date.
     */
    record Header(int orderId, BigDecimal discount, String last, String credit, BigDecimal warehouseTax,
            BigDecimal districtTax, java.time.LocalDateTime entryDate) {
    }

    /** What an ended New-Order leaves for the terminal's output screen, and its outcome. */
    final Outcome newOrderEnded(NewOrderRequest r, Header h, boolean committed, Lines lines) {
        if (!committed) {
            // §2.4.2.3: "Item number is not valid"; everything before it has really been done
            lastNewOrder = TpccOutput.NewOrder.rolledBack(r, h.orderId(), h.last(), h.credit());
            return Outcome.BUSINESS_ROLLBACK;
        }
        lastNewOrder = new TpccOutput.NewOrder(r.warehouseId(), r.districtId(), r.customerId(), h.orderId(), false,
                h.last(), h.credit(), h.discount(), h.warehouseTax(), h.districtTax(), h.entryDate(),
                lines.totalAmount(h.discount(), h.warehouseTax(), h.districtTax()), lines.shown());
        return Outcome.COMMITTED;
    }

    /** Binds each STOCK key as (S_W_ID, S_I_ID), from parameter {@code first} on; returns the next. */
    static int setKeys(PreparedStatement ps, int first, long[] keys) throws SQLException {
        int p = first;
        for (long key : keys) {
            ps.setInt(p++, NewOrderLines.warehouseOf(key));
            ps.setInt(p++, NewOrderLines.itemOf(key));
        }
        return p;
    }

    /** Binds a round's rows as (w, i, quantity after, ytd, remote), from {@code first} on; returns the next. */
    static int setStockRound(PreparedStatement ps, int first, StockRound round) throws SQLException {
        int p = first;
        for (int[] row : round.rows) {
            setInts(ps, p, row);
            p += row.length;
        }
        return p;
    }

    /** Binds the order lines as (o_id, d, w, number, item, supply, quantity, amount, dist info); returns the next. */
    static int setLines(PreparedStatement ps, int first, int orderId, int d, int w, Lines lines) throws SQLException {
        int p = first;
        for (int i = 0; i < lines.count; i++) {
            setInts(ps, p, orderId, d, w, lines.number[i], lines.item[i], lines.supply[i], lines.quantity[i]);
            ps.setBigDecimal(p + 7, lines.amount[i]);
            ps.setString(p + 8, lines.distInfo[i]);
            p += 9;
        }
        return p;
    }

    /** Binds the customer by number, or the name search's (warehouse, district, last name); returns the next. */
    static int setCustomer(PreparedStatement ps, int at, int w, int d, CustomerSelector customer) throws SQLException {
        if (customer.byLastName()) {
            setInts(ps, at, w, d);
            ps.setString(at + 2, customer.lastName());
            return at + 3;
        }
        ps.setInt(at, customer.customerId());
        return at + 1;
    }

    /** Runs a bound read-only statement: alone in auto-commit mode, or with the COMMIT sent after it. */
    interface Rows {
        java.sql.ResultSet run() throws SQLException;
    }

    /**
     * Runs the Order-Status statement and keeps what the terminal showed: the customer's
     * C_BALANCE, C_FIRST, C_MIDDLE and C_LAST, the last order's O_ENTRY_D and O_CARRIER_ID, and
     * each of its lines (item, supplier, quantity, amount, delivery date).
     *
     * @param ps   the dialect's {@code order-status}, to bind
     * @param rows runs it once bound
     */
    void readOrderStatus(PreparedStatement ps, Rows rows, OrderStatusRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        setInts(ps, 1, w, d);
        setCustomer(ps, 3, w, d, r.customer());
        try (java.sql.ResultSet rs = rows.run()) {
            lastOrderStatus = orderStatusShown(rs, w, d);
        }
        if (lastOrderStatus == null) {
            throw missing("customer", w, d, r.customer().customerId());
        }
    }

    /** Runs the dialect's {@code stock-level} and keeps low_stock, what the terminal showed. */
    void readStockLevel(PreparedStatement ps, Rows rows, StockLevelRequest r) throws SQLException {
        setInts(ps, 1, r.threshold(), r.warehouseId(), r.districtId());
        try (java.sql.ResultSet rs = rows.run()) {
            required(rs, "district", r.warehouseId(), r.districtId());
            lastStockLevel = new TpccOutput.StockLevel(r.warehouseId(), r.districtId(), r.threshold(), rs.getInt(1));
        }
    }

    /** Moves to the first row, or fails naming the missing row. */
    static java.sql.ResultSet required(java.sql.ResultSet rs, String table, int... key) throws SQLException {
        if (!rs.next()) {
            throw missing(table, key);
        }
        return rs;
    }

    static SQLException missing(String table, int... key) {
        return new SQLException("no " + table + " row " + Arrays.toString(key));
    }

    static void setInts(java.sql.PreparedStatement ps, int first, int... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            ps.setInt(first + i, values[i]);
        }
    }
}
