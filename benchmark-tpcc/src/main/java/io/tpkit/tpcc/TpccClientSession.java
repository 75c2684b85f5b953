package io.tpkit.tpcc;

import io.tpkit.spi.database.SqlFeature;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.Pipeline;
import java.math.BigDecimal;
import java.math.RoundingMode;
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
 * both shapes share lives here: the New-Order lines as the profile processes them, the lock
 * order, and what the terminal showed. The statements are the dialect's named blocks
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
    /** S_QUANTITY is replenished by 91 when it would fall below 10. */
    static final int STOCK_LOW_WATER = 10;
    static final int STOCK_REFILL = 91;

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

    /** S_QUANTITY after a line of {@code quantity}: minus the quantity, plus 91 below 10. */
    static int stockAfter(int stockQuantity, int quantity) {
        int left = stockQuantity - quantity;
        return left >= STOCK_LOW_WATER ? left : left + STOCK_REFILL;
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

    /** Sorts by warehouse, then item: both are positive ints. */
    static long stockKey(int warehouse, int item) {
        return ((long) warehouse << 32) | item;
    }

    /** An ITEM row as New-Order reads it. */
    record Item(BigDecimal price, String name, String data) {
    }

    /** A STOCK row as New-Order reads it (S_DIST_xx of the order's district). */
    record Stock(int quantity, String distInfo, String data) {
    }

    /**
     * The STOCK keys of an order, each once and sorted by (S_W_ID, S_I_ID): the order in which
     * they are locked. The unused item of a rollback order is among them; it has no row.
     */
    static long[] sortedStockKeys(NewOrderRequest r) {
        List<NewOrderRequest.Line> lines = r.lines();
        long[] keys = new long[lines.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = stockKey(lines.get(i).supplyWarehouseId(), lines.get(i).itemId());
        }
        Arrays.sort(keys);
        int distinct = 0;
        for (int i = 0; i < keys.length; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[distinct++] = keys[i];
            }
        }
        return Arrays.copyOf(keys, distinct);
    }

    static int warehouseOf(long key) {
        return (int) (key >>> 32);
    }

    static int itemOf(long key) {
        return (int) key;
    }

    /**
     * What New-Order read for its sorted STOCK keys: per key the STOCK row and the ITEM row, or
     * null where the database has none (the unused item has neither).
     */
    static final class OrderRows {
        final long[] keys;
        final Stock[] stock;
        final Item[] items;

        OrderRows(long[] keys) {
            this.keys = keys;
            this.stock = new Stock[keys.length];
            this.items = new Item[keys.length];
        }

        int indexOf(int warehouse, int item) {
            return Arrays.binarySearch(keys, stockKey(warehouse, item));
        }

        /** The STOCK row of (warehouse, item) was read. */
        void stock(int warehouse, int item, Stock row) {
            stock[indexOf(warehouse, item)] = row;
        }

        /** The ITEM row was read: it belongs to every key with that item. */
        void item(int item, Item row) {
            for (int k = 0; k < keys.length; k++) {
                if (itemOf(keys[k]) == item) {
                    items[k] = row;
                }
            }
        }

        /** Whether every key got its STOCK row: otherwise an item is unused (or a row missing). */
        boolean complete() {
            for (Stock s : stock) {
                if (s == null) {
                    return false;
                }
            }
            return true;
        }

        /** The distinct item numbers, for reading the ITEM rows. */
        int[] itemIds() {
            return Arrays.stream(keys).mapToInt(OrderRows::itemOfKey).distinct().toArray();
        }

        private static int itemOfKey(long key) {
            return itemOf(key);
        }
    }

    /**
     * One New-Order's lines as the profile processes them (§2.4.2.2 step 6), from the ITEM and
     * STOCK rows read for them: in line order, each line from the stock as the lines before it
     * left it, up to the first line whose item does not exist (the unused item of §2.4.2.3,
     * always the last line). A line is never merged with another for the same item: each gets
     * its own ORDER-LINE row and its own STOCK write. The writes of one STOCK row are spread
     * over {@link #stockRounds}, at most one per round, because one statement can change a row
     * only once.
     */
    static final class Lines {
        final int count;
        final int[] number;
        final int[] item;
        final int[] supply;
        final int[] quantity;
        final BigDecimal[] amount;
        final String[] distInfo;
        /** Displayed only: I_NAME, S_QUANTITY as the line read it, brand-generic, I_PRICE. */
        final String[] itemName;
        final int[] stockQuantity;
        final char[] brandGeneric;
        final BigDecimal[] price;
        final List<StockRound> stockRounds = new ArrayList<>(1);
        /** The first line whose item does not exist (1-based), or 0 when every item exists. */
        final int unusedItemLine;
        final int brandLines;
        final BigDecimal sum;

        /** @throws SQLException when a line's item exists but its STOCK row does not */
        Lines(NewOrderRequest r, OrderRows rows) throws SQLException {
            List<NewOrderRequest.Line> lines = r.lines();
            int n = lines.size();
            number = new int[n];
            item = new int[n];
            supply = new int[n];
            quantity = new int[n];
            amount = new BigDecimal[n];
            distInfo = new String[n];
            itemName = new String[n];
            stockQuantity = new int[n];
            brandGeneric = new char[n];
            price = new BigDecimal[n];
            int[] stockNow = new int[rows.keys.length];
            int[] writes = new int[rows.keys.length];
            BigDecimal total = BigDecimal.ZERO;
            int brand = 0;
            int done = 0;
            int unused = 0;
            for (NewOrderRequest.Line line : lines) {
                int k = rows.indexOf(line.supplyWarehouseId(), line.itemId());
                Item i = rows.items[k];
                if (i == null) {
                    unused = done + 1; // "Item number is not valid": the lines before it were processed
                    break;
                }
                Stock s = rows.stock[k];
                if (s == null) {
                    throw new SQLException("no stock row for item " + line.itemId() + " in warehouse "
                            + line.supplyWarehouseId());
                }
                int read = writes[k] == 0 ? s.quantity() : stockNow[k];
                int after = stockAfter(read, line.quantity());
                stockNow[k] = after;
                int round = writes[k]++;
                if (round == stockRounds.size()) {
                    stockRounds.add(new StockRound());
                }
                stockRounds.get(round).add(line.supplyWarehouseId(), line.itemId(), after, line.quantity(),
                        line.supplyWarehouseId() != r.warehouseId());
                number[done] = done + 1;
                item[done] = line.itemId();
                supply[done] = line.supplyWarehouseId();
                quantity[done] = line.quantity();
                amount[done] = i.price().multiply(BigDecimal.valueOf(line.quantity())).setScale(2, RoundingMode.UNNECESSARY);
                distInfo[done] = s.distInfo();
                total = total.add(amount[done]);
                itemName[done] = i.name();
                stockQuantity[done] = read;
                price[done] = i.price();
                if (i.data().contains(TpccRandom.ORIGINAL) && s.data().contains(TpccRandom.ORIGINAL)) {
                    brand++; // brand-generic "B", else "G": displayed only
                    brandGeneric[done] = 'B';
                } else {
                    brandGeneric[done] = 'G';
                }
                done++;
            }
            count = done;
            unusedItemLine = unused;
            brandLines = brand;
            sum = total;
        }

        /** The displayed total: the lines' sum with the discount and both taxes (§2.4.2.2 step 7). */
        BigDecimal totalAmount(BigDecimal discount, BigDecimal warehouseTax, BigDecimal districtTax) {
            return TpccOutput.totalAmount(sum, discount, warehouseTax, districtTax);
        }

        /** The lines as the terminal shows them. */
        List<TpccOutput.NewOrderLine> shown() {
            List<TpccOutput.NewOrderLine> shown = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                shown.add(new TpccOutput.NewOrderLine(supply[i], item[i], itemName[i], quantity[i], stockQuantity[i],
                        brandGeneric[i], price[i], amount[i]));
            }
            return shown;
        }

        /** Stock rows written in the first round, which holds every row the order writes. */
        int stockRows() {
            return stockRounds.isEmpty() ? 0 : stockRounds.getFirst().size();
        }
    }

    /** STOCK writes of one statement, each row at most once: S_QUANTITY absolute, the counters added. */
    static final class StockRound {
        final List<int[]> rows = new ArrayList<>(); // warehouse, item, quantity, ytd, remote

        void add(int warehouse, int item, int quantityAfter, int ytd, boolean remote) {
            rows.add(new int[] {warehouse, item, quantityAfter, ytd, remote ? 1 : 0});
        }

        int size() {
            return rows.size();
        }

        /** Column {@code c} (0 warehouse, 1 item, 2 quantity after, 3 ytd, 4 remote) of every row. */
        int[] column(int c) {
            int[] values = new int[rows.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = rows.get(i)[c];
            }
            return values;
        }
    }

    /**
     * Statements whose text depends on a row count (an order's lines, a Delivery's orders), each
     * prepared the first time that count is needed and kept for the session.
     */
    static final class ByCount<T> {
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

    /** Binds each STOCK key as (S_W_ID, S_I_ID), from parameter {@code first} on; returns the next. */
    static int setKeys(PreparedStatement ps, int first, long[] keys) throws SQLException {
        int p = first;
        for (long key : keys) {
            ps.setInt(p++, warehouseOf(key));
            ps.setInt(p++, itemOf(key));
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
