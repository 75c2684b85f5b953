package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The client transactions in MySQL's and MariaDB's SQL, which have neither data-modifying CTEs
 * nor UPDATE ... RETURNING: an order's lines, a Delivery's ten orders and their customers go in
 * multi-row statements (one prepared statement per row count, made when first needed), what an
 * update changed is read back by a plain read (the transaction sees its own changes), and the
 * statements that do not need an answer first are sent together, with the COMMIT, as one
 * multi-statement query. Auto-commit stays off: switching it costs Connector/J a round trip.
 * <ul>
 *   <li>New-Order: three round trips: the district's next order number with the taxes and the
 *       customer; the STOCK rows locked and read with the items; the order, the new order, the
 *       STOCK writes, the lines and COMMIT.</li>
 *   <li>Payment: one (two by last name: the customers with that name are read first),
 *       Order-Status and Stock-Level one, Delivery two (the oldest new orders are locked
 *       first).</li>
 * </ul>
 * The statements of a round trip run one after another; the first that fails stops the rest,
 * COMMIT included, and the scheduler rolls back. A row the load created being absent (an
 * update of no row) shows only after the COMMIT: it is reported as an error then, and the
 * consistency checks fail too.
 * STOCK rows are locked through the primary key, so their lock order is its (S_W_ID, S_I_ID)
 * order whatever index the optimizer would prefer.
 * On a MariaDB Galera node the COMMIT of a transaction that writes is sent on its own, after
 * the statements' results are read (one round trip more): see {@link io.tpkit.sql.Galera}.
 */
final class TpccMysqlSession extends TpccClientSession {
    private static final int MAX_LINES = 15;
    /** Whether this is a Galera node: COMMIT is then never sent with the statements that write. */
    private final boolean commitApart;

    private static final String NEXT_ORDER =
            "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?";
    /** Read after the update: the transaction sees its own new D_NEXT_O_ID, and holds its lock. */
    private static final String HEADER = "SELECT d.d_next_o_id - 1, d.d_tax, w.w_tax, c.c_discount, c.c_last, c.c_credit, "
            + "LOCALTIMESTAMP FROM district d, warehouse w, customer c WHERE d.d_w_id = ? AND d.d_id = ? AND w.w_id = ? "
            + "AND c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ?";
    private static final String ITEMS = "SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (%s)";
    private static final String STOCK = "SELECT s_w_id, s_i_id, s_quantity, s_dist_%02d, s_data FROM stock "
            + "FORCE INDEX (PRIMARY) WHERE (s_w_id, s_i_id) IN (%s) ORDER BY s_w_id, s_i_id FOR UPDATE";
    /** O_ENTRY_D is the LOCALTIMESTAMP the header read: what the terminal shows. */
    private static final String INSERT_ORDER = "INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, "
            + "o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)";
    private static final String INSERT_NEW_ORDER = "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)";
    private static final String STOCK_WRITE = "UPDATE stock s JOIN (%s) u ON s.s_w_id = u.w AND s.s_i_id = u.i "
            + "SET s.s_quantity = u.q, s.s_ytd = s.s_ytd + u.ytd, s.s_order_cnt = s.s_order_cnt + 1, "
            + "s.s_remote_cnt = s.s_remote_cnt + u.remote";
    private static final String INSERT_LINES = "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, "
            + "ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES %s";
    private static final String LINE_VALUES = "(?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)";

    private static final String PAY_WAREHOUSE = "UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?";
    private static final String PAY_DISTRICT = "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?";
    private static final String CUSTOMERS_BY_NAME = "SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? "
            + "AND c_last = ? ORDER BY c_first, c_id";
    private static final String PAY_CUSTOMER = "UPDATE customer SET c_balance = c_balance - ?, "
            + "c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1, "
            + "c_data = CASE WHEN c_credit = '" + BAD_CREDIT + "' THEN LEFT(CONCAT(c_id, ?, c_data), " + C_DATA_MAX
            + ") ELSE c_data END WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?";
    /** H_DATE, taken once: the history row and the terminal get the same. */
    private static final String PAY_DATE = "SET @tpcc_h_date = LOCALTIMESTAMP";
    private static final String PAY_HISTORY = "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, "
            + "h_amount, h_data) SELECT ?, ?, ?, ?, ?, @tpcc_h_date, ?, CONCAT(w.w_name, '" + H_DATA_SEPARATOR + "', d.d_name) "
            + "FROM warehouse w, district d WHERE w.w_id = ? AND d.d_w_id = ? AND d.d_id = ?";
    /** What the terminal shows after the updates: the rows as this transaction left them. */
    private static final String PAY_SHOWN = "SELECT c.c_id, c.c_first, c.c_middle, c.c_last, c.c_street_1, c.c_street_2, "
            + "c.c_city, c.c_state, c.c_zip, c.c_phone, c.c_since, c.c_credit, c.c_credit_lim, c.c_discount, "
            + "c.c_balance, CASE WHEN c.c_credit = '" + BAD_CREDIT + "' THEN LEFT(c.c_data, 200) END, "
            + "w.w_street_1, w.w_street_2, w.w_city, w.w_state, w.w_zip, "
            + "d.d_street_1, d.d_street_2, d.d_city, d.d_state, d.d_zip, CAST(@tpcc_h_date AS DATETIME(6)) "
            + "FROM customer c, warehouse w, district d WHERE c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ? "
            + "AND w.w_id = ? AND d.d_w_id = ? AND d.d_id = ?";

    /** Each district's oldest new order, locked; a locking read skips one another Delivery deleted. */
    private static final String OLDEST_NEW_ORDERS;
    private static final String DELETE_NEW_ORDERS = "DELETE FROM new_order WHERE no_w_id = ? AND (no_d_id, no_o_id) IN (%s)";
    private static final String SET_CARRIER = "UPDATE oorder SET o_carrier_id = ? WHERE o_w_id = ? AND (o_d_id, o_id) IN (%s)";
    private static final String SET_DELIVERY_DATE = "UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP WHERE ol_w_id = ? "
            + "AND (ol_d_id, ol_o_id) IN (%s)";
    private static final String PAY_DELIVERIES = "UPDATE customer c JOIN (SELECT o.o_d_id AS d, o.o_c_id AS cid, "
            + "COALESCE(SUM(l.ol_amount), 0) AS amount FROM oorder o LEFT JOIN order_line l ON l.ol_w_id = o.o_w_id "
            + "AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id WHERE o.o_w_id = ? AND (o.o_d_id, o.o_id) IN (%s) "
            + "GROUP BY o.o_d_id, o.o_c_id) t ON c.c_w_id = ? AND c.c_d_id = t.d AND c.c_id = t.cid "
            + "SET c.c_balance = c.c_balance + t.amount, c.c_delivery_cnt = c.c_delivery_cnt + 1";

    static {
        List<String> parts = new ArrayList<>();
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            parts.add("(SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = " + d
                    + " ORDER BY no_o_id LIMIT 1 FOR UPDATE)");
        }
        OLDEST_NEW_ORDERS = String.join(" UNION ALL ", parts);
    }

    private final PreparedStatement start;
    /** By stock keys x 16 + distinct items, per district (S_DIST_xx). */
    private final ByCount[] stockAndItems = new ByCount[DISTRICTS_PER_WAREHOUSE];
    /** By stock rows x 16 + lines: the writes of an order with COMMIT, or with ROLLBACK (the unused item). */
    private final ByCount writeAndCommit = new ByCount((MAX_LINES + 1) * 16, n -> writes(n, commitInBatch()));
    private final ByCount writeAndRollback = new ByCount((MAX_LINES + 1) * 16, n -> writes(n, "ROLLBACK"));
    private final PreparedStatement insertOrders;
    private final ByCount stockWrite = new ByCount(MAX_LINES, n -> String.format(STOCK_WRITE, unionOf(n)));
    private final ByCount insertLines = new ByCount(MAX_LINES, n -> String.format(INSERT_LINES, repeat(LINE_VALUES, n)));
    private final PreparedStatement customersByName;
    private final PreparedStatement payment;
    private final PreparedStatement orderStatusById;
    private final PreparedStatement orderStatusByName;
    private final PreparedStatement oldestNewOrders;
    private final ByCount deliver = new ByCount(DISTRICTS_PER_WAREHOUSE, n -> withCommit(String.join("; ",
            String.format(DELETE_NEW_ORDERS, repeat("(?, ?)", n)), String.format(SET_CARRIER, repeat("(?, ?)", n)),
            String.format(SET_DELIVERY_DATE, repeat("(?, ?)", n)), String.format(PAY_DELIVERIES, repeat("(?, ?)", n)))));
    private final PreparedStatement stockLevel;

    TpccMysqlSession(SessionConnection connection) throws SQLException {
        super(connection);
        connection.setAutoCommit(false);
        commitApart = io.tpkit.sql.Galera.isNode(connection.jdbc());
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            int district = d;
            stockAndItems[d - 1] = new ByCount((MAX_LINES + 1) * 16, n -> String.format(STOCK, district,
                    repeat("(?, ?)", n / 16)) + "; " + String.format(ITEMS, repeat("?", n % 16)));
        }
        start = connection.prepare(NEXT_ORDER + "; " + HEADER);
        insertOrders = connection.prepare(INSERT_ORDER + "; " + INSERT_NEW_ORDER);
        customersByName = connection.prepare(CUSTOMERS_BY_NAME);
        payment = connection.prepare(withCommit(String.join("; ", PAY_DATE, PAY_WAREHOUSE, PAY_DISTRICT, PAY_CUSTOMER,
                PAY_HISTORY, PAY_SHOWN)));
        orderStatusById = connection.prepare(String.format(ORDER_STATUS, CUSTOMER_BY_ID) + "; COMMIT");
        orderStatusByName = connection.prepare(String.format(ORDER_STATUS, CUSTOMER_BY_NAME) + "; COMMIT");
        oldestNewOrders = connection.prepare(OLDEST_NEW_ORDERS);
        stockLevel = connection.prepare(STOCK_LEVEL + "; COMMIT");
    }

    /** The order, the new order, one round of STOCK writes, the lines and the transaction's end (if any). */
    private static String writes(int rowsAndLines, String end) {
        String writes = String.join("; ", INSERT_ORDER, INSERT_NEW_ORDER,
                String.format(STOCK_WRITE, unionOf(rowsAndLines / 16)),
                String.format(INSERT_LINES, repeat(LINE_VALUES, rowsAndLines % 16)));
        return end == null ? writes : writes + "; " + end;
    }

    /** COMMIT, to be sent with the statements that write; null on a Galera node. */
    private String commitInBatch() {
        return commitApart ? null : "COMMIT";
    }

    private String withCommit(String statements) {
        return commitApart ? statements : statements + "; COMMIT";
    }

    /**
     * Sends statements that write and end with COMMIT ({@code statements} counts it), the COMMIT
     * left out on a Galera node: {@link #committed} sends it there once the results are read.
     */
    private SessionConnection.Results committing(PreparedStatement ps, int statements) throws SQLException {
        return commitApart ? connection.pipeline(ps, statements - 1, SessionConnection.End.OPEN)
                : connection.pipeline(ps, statements, SessionConnection.End.COMMIT);
    }

    /** The COMMIT that {@link #committing} left out on a Galera node; nothing elsewhere. */
    private void committed() throws SQLException {
        if (commitApart) {
            connection.commit();
        }
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        Header header;
        setInts(start, 1, w, d, w, d, w, w, d, r.customerId());
        SessionConnection.Results started = connection.pipeline(start, 2, SessionConnection.End.OPEN);
        started.updateCount();
        try (ResultSet rs = started.resultSet()) {
            required(rs, "warehouse, district or customer", w, d, r.customerId());
            header = new Header(rs.getInt(1), rs.getBigDecimal(4), rs.getString(5), rs.getString(6), rs.getBigDecimal(3),
                    rs.getBigDecimal(2), rs.getObject(7, java.time.LocalDateTime.class));
        }
        int orderId = header.orderId();

        OrderRows rows = new OrderRows(sortedStockKeys(r));
        int[] itemIds = rows.itemIds();
        PreparedStatement read = stockAndItems[d - 1].get(rows.keys.length * 16 + itemIds.length);
        setInts(read, setKeys(read, 1, rows.keys), itemIds);
        SessionConnection.Results results = connection.pipeline(read, 2, SessionConnection.End.OPEN);
        try (ResultSet rs = results.resultSet()) {
            while (rs.next()) {
                rows.stock(rs.getInt(1), rs.getInt(2), new Stock(rs.getInt(3), rs.getString(4), rs.getString(5)));
            }
        }
        try (ResultSet rs = results.resultSet()) {
            while (rs.next()) {
                rows.item(rs.getInt(1), new Item(rs.getBigDecimal(2), rs.getString(3), rs.getString(4)));
            }
        }
        Lines lines = new Lines(r, rows);

        boolean commit = lines.unusedItemLine == 0;
        if (lines.stockRounds.size() == 1) {
            PreparedStatement ps = (commit ? writeAndCommit : writeAndRollback).get(lines.stockRows() * 16 + lines.count);
            int p = bindOrder(ps, 1, r, header);
            p = setStockRound(ps, p, lines.stockRounds.getFirst());
            setLines(ps, p, orderId, d, w, lines);
            if (commit) {
                committing(ps, 5);
                committed();
            } else {
                // a ROLLBACK sent with them undoes a remainder too (see io.tpkit.sql.Galera)
                connection.pipeline(ps, 5, SessionConnection.End.ROLLBACK);
            }
        } else {
            // nothing processed, or an item ordered twice (its STOCK row written in two statements)
            bindOrder(insertOrders, 1, r, header);
            connection.pipeline(insertOrders, 2, SessionConnection.End.OPEN);
            for (StockRound round : lines.stockRounds) {
                PreparedStatement ps = stockWrite.get(round.size());
                setStockRound(ps, 1, round);
                connection.update(ps);
            }
            if (lines.count > 0) {
                PreparedStatement ps = insertLines.get(lines.count);
                setLines(ps, 1, orderId, d, w, lines);
                connection.update(ps);
            }
            end(commit);
        }
        return newOrderEnded(r, header, commit, lines);
    }

    /** The ORDER and NEW-ORDER rows' values; returns the next parameter. */
    private static int bindOrder(PreparedStatement ps, int first, NewOrderRequest r, Header h) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        setInts(ps, first, h.orderId(), d, w, r.customerId());
        ps.setObject(first + 4, h.entryDate());
        setInts(ps, first + 5, r.lines().size(), r.allLocal() ? 1 : 0, h.orderId(), d, w);
        return first + 10;
    }

    /** A derived table of {@code count} rows (w, i, q, ytd, remote) from placeholders. */
    private static String unionOf(int count) {
        List<String> rows = new ArrayList<>(count);
        rows.add("SELECT ? AS w, ? AS i, ? AS q, ? AS ytd, ? AS remote");
        for (int i = 1; i < count; i++) {
            rows.add("SELECT ?, ?, ?, ?, ?");
        }
        return String.join(" UNION ALL ", rows);
    }

    // ---------------------------------------------------------------- Payment (§2.5.2.2)

    @Override
    Outcome payment(PaymentRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        int cw = r.customerWarehouseId();
        int cd = r.customerDistrictId();
        BigDecimal amount = r.amount();
        // by last name the customer is read first: the C_ID is in the later statements
        int c = customerId(cw, cd, r.customer());
        payment.setBigDecimal(1, amount);
        payment.setInt(2, w);
        payment.setBigDecimal(3, amount);
        setInts(payment, 4, w, d);
        payment.setBigDecimal(6, amount);
        payment.setBigDecimal(7, amount);
        payment.setString(8, badCreditPrefixAfterId(cd, cw, d, w, amount));
        setInts(payment, 9, cw, cd, c, c, cd, cw, d, w);
        payment.setBigDecimal(17, amount);
        setInts(payment, 18, w, w, d, cw, cd, c, w, w, d);
        SessionConnection.Results results = committing(payment, 7);
        results.updateCount(); // H_DATE taken
        int warehouse = results.updateCount();
        int district = results.updateCount();
        int customer = results.updateCount();
        results.updateCount(); // the history row
        try (ResultSet rs = results.resultSet()) {
            // name, address, credit and the new balance are displayed
            if (warehouse != 1 || district != 1 || customer != 1 || !rs.next()) {
                throw missing("warehouse, district or customer", w, d, cw, cd, c);
            }
            lastPayment = paymentShown(rs, r);
        }
        committed();
        return Outcome.COMMITTED;
    }

    /** By number, or the row at ⌈n/2⌉ (1-based) of the name's matches sorted by C_FIRST. */
    private int customerId(int w, int d, CustomerSelector selector) throws SQLException {
        if (!selector.byLastName()) {
            return selector.customerId();
        }
        setInts(customersByName, 1, w, d);
        customersByName.setString(3, selector.lastName());
        List<Integer> ids = new ArrayList<>();
        try (ResultSet rs = connection.query(customersByName)) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        if (ids.isEmpty()) {
            throw new SQLException("no customer named " + selector.lastName() + " in warehouse " + w + ", district " + d);
        }
        return ids.get((ids.size() - 1) / 2);
    }

    // ---------------------------------------------------------------- Order-Status (§2.6.2.2)

    @Override
    Outcome orderStatus(OrderStatusRequest r) throws SQLException {
        readOrderStatus(r.customer().byLastName() ? orderStatusByName : orderStatusById, r, true);
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Delivery (§2.7.4.2)

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        int w = r.warehouseId();
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            oldestNewOrders.setInt(d, w);
        }
        try (ResultSet rs = connection.query(oldestNewOrders)) {
            while (rs.next()) {
                delivered.add(new DeliveredOrder(rs.getInt(1), rs.getInt(2)));
            }
        }
        int n = delivered.size();
        if (n == 0) {
            connection.commit();
        } else {
            PreparedStatement ps = deliver.get(n);
            int p = 1;
            for (int[] leading : new int[][] {{w}, {r.carrierId(), w}, {w}, {w}}) {
                setInts(ps, p, leading);
                p += leading.length;
                for (DeliveredOrder o : delivered) {
                    setInts(ps, p, o.districtId(), o.orderId());
                    p += 2;
                }
            }
            ps.setInt(p, w); // the customers' warehouse
            SessionConnection.Results results = committing(ps, 5);
            int deleted = results.updateCount();
            int carried = results.updateCount();
            results.updateCount(); // the lines' delivery dates
            int paid = results.updateCount();
            if (deleted != n || carried != n || paid != n) {
                throw new SQLException("delivery: " + n + " new orders claimed, but " + deleted + " deleted, " + carried
                        + " orders and " + paid + " customers updated");
            }
            committed();
        }
        lastDelivery = new TpccOutput.Delivery(w, r.carrierId(), delivered, DISTRICTS_PER_WAREHOUSE - n);
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Stock-Level (§2.8.2.2)

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        readStockLevel(stockLevel, r, true);
        return Outcome.COMMITTED;
    }
}
