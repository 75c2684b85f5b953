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
 * The client transactions in PostgreSQL's SQL. Data-modifying CTEs and RETURNING let one
 * statement do what the profile does to several tables, and a VALUES list carries an order's
 * lines (one prepared statement per line count, made when first needed):
 * <ul>
 *   <li>New-Order: two round trips: the district's next order number, with the warehouse,
 *       customer, STOCK (locked, in key order) and ITEM reads; then every write and the commit,
 *       sent together. An order with the unused item reads which items exist once more, writes
 *       the lines before it and rolls back.</li>
 *   <li>Payment, Order-Status, Stock-Level and Delivery: one statement each, in auto-commit mode,
 *       so the statement is the whole transaction and carries its own commit: one round trip.
 *       Payment's CTEs are chained so that WAREHOUSE, DISTRICT and CUSTOMER are locked in that
 *       order; a missing row fails the statement rather than committing part of the profile.</li>
 * </ul>
 * Timestamps (O_ENTRY_D, H_DATE, OL_DELIVERY_D) are the server's LOCALTIMESTAMP, as in the
 * stored procedures.
 */
final class TpccPostgresSession extends TpccClientSession {
    private static final int MAX_LINES = 15;

    /**
     * The district's row is updated (and so locked) first; the STOCK rows are locked after the
     * ORDER BY sorted them (LockRows runs above the Sort), so always in (S_W_ID, S_I_ID) order.
     * S_DIST_xx is chosen by the order's district.
     */
    private static final String READ = "WITH d AS (UPDATE district SET d_next_o_id = d_next_o_id + 1 "
            + "WHERE d_w_id = ? AND d_id = ? RETURNING d_tax, d_next_o_id - 1 AS o_id) "
            + "SELECT d.o_id, d.d_tax, w.w_tax, c.c_discount, c.c_last, c.c_credit, "
            + "s.s_w_id, s.s_i_id, s.s_quantity, s.s_dist_%02d, s.s_data, i.i_price, i.i_name, i.i_data, LOCALTIMESTAMP "
            + "FROM d, warehouse w, customer c, (VALUES %s) AS k(w, i) "
            + "JOIN stock s ON s.s_w_id = k.w AND s.s_i_id = k.i JOIN item i ON i.i_id = k.i "
            + "WHERE w.w_id = ? AND c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ? "
            + "ORDER BY s.s_w_id, s.s_i_id FOR UPDATE OF s";
    private static final String EXISTING_ITEMS = "SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (%s)";
    private static final String STOCK_WRITE = "UPDATE stock SET s_quantity = u.q, s_ytd = s_ytd + u.ytd, "
            + "s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + u.remote "
            + "FROM (VALUES %s) AS u(w, i, q, ytd, remote) WHERE s_w_id = u.w AND s_i_id = u.i";
    private static final String WRITE = "WITH o AS (INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, "
            + "o_carrier_id, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, LOCALTIMESTAMP, NULL, ?, ?)), "
            + "n AS (INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)), "
            + "s AS (" + STOCK_WRITE + ") "
            + "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, "
            + "ol_quantity, ol_amount, ol_dist_info) VALUES %s";
    private static final String LINE_VALUES = "(?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)";

    /**
     * Each CTE waits for the one before it (EXISTS), so the rows are locked in the profile's
     * order. The history row takes C_ID, W_NAME and D_NAME from the updates: NOT NULL columns,
     * so a missing warehouse, district or customer fails the whole statement.
     */
    private static final String PAYMENT = "WITH w AS (UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ? "
            + "RETURNING w_name, w_street_1, w_street_2, w_city, w_state, w_zip), "
            + "d AS (UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ? AND EXISTS (SELECT FROM w) "
            + "RETURNING d_name, d_street_1, d_street_2, d_city, d_state, d_zip), "
            + "c AS (UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, "
            + "c_payment_cnt = c_payment_cnt + 1, "
            + "c_data = CASE WHEN c_credit = '" + BAD_CREDIT + "' THEN left(c_id || ? || c_data, " + C_DATA_MAX
            + ") ELSE c_data END "
            + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = %s AND EXISTS (SELECT FROM d) "
            + "RETURNING c_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, "
            + "c_since, c_credit, c_credit_lim, c_discount, c_balance, "
            + "CASE WHEN c_credit = '" + BAD_CREDIT + "' THEN left(c_data, 200) END AS c_data_shown), "
            + "h AS (INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
            + "SELECT c.c_id, ?, ?, ?, ?, LOCALTIMESTAMP, ?, w.w_name || '" + H_DATA_SEPARATOR + "' || d.d_name "
            + "FROM (SELECT) one LEFT JOIN w ON true LEFT JOIN d ON true LEFT JOIN c ON true) "
            + "SELECT c.c_id, c.c_first, c.c_middle, c.c_last, c.c_street_1, c.c_street_2, c.c_city, c.c_state, c.c_zip, "
            + "c.c_phone, c.c_since, c.c_credit, c.c_credit_lim, c.c_discount, c.c_balance, c.c_data_shown, "
            + "w.w_street_1, w.w_street_2, w.w_city, w.w_state, w.w_zip, "
            + "d.d_street_1, d.d_street_2, d.d_city, d.d_state, d.d_zip, LOCALTIMESTAMP FROM w, d, c";
    /**
     * Each district's oldest new order, claimed (deleted) and delivered in one statement. A
     * district missing from the result had no new order, or another Delivery took its oldest
     * one first (it can with several deferred workers): the session then looks again. A claimed
     * order without its ORDER or CUSTOMER row fails the statement, so nothing commits.
     */
    private static final String DELIVERY = "WITH oldest AS (SELECT d.d, (SELECT min(no_o_id) FROM new_order "
            + "WHERE no_w_id = ? AND no_d_id = d.d) AS o FROM (VALUES %s) AS d(d)), "
            + "n AS (DELETE FROM new_order x USING oldest WHERE x.no_w_id = ? AND x.no_d_id = oldest.d "
            + "AND x.no_o_id = oldest.o RETURNING x.no_d_id, x.no_o_id), "
            + "o AS (UPDATE oorder SET o_carrier_id = ? FROM n WHERE o_w_id = ? AND o_d_id = n.no_d_id "
            + "AND o_id = n.no_o_id RETURNING o_d_id, o_c_id), "
            + "l AS (UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP FROM n WHERE ol_w_id = ? AND ol_d_id = n.no_d_id "
            + "AND ol_o_id = n.no_o_id RETURNING ol_d_id, ol_amount), "
            + "c AS (UPDATE customer SET c_balance = c_balance + t.amount, c_delivery_cnt = c_delivery_cnt + 1 "
            + "FROM (SELECT o.o_d_id, o.o_c_id, coalesce((SELECT sum(l.ol_amount) FROM l WHERE l.ol_d_id = o.o_d_id), 0) "
            + "AS amount FROM o) t WHERE c_w_id = ? AND c_d_id = t.o_d_id AND c_id = t.o_c_id RETURNING c_d_id) "
            + "SELECT n.no_d_id, n.no_o_id, CASE WHEN (SELECT count(*) FROM o) <> (SELECT count(*) FROM n) "
            + "OR (SELECT count(*) FROM c) <> (SELECT count(*) FROM n) "
            + "THEN ('tpcc delivery: an order or customer row is missing in district ' || n.no_d_id)::int END "
            + "FROM n ORDER BY n.no_d_id";
    private static final String DISTRICTS_WITH_NEW_ORDERS = "SELECT DISTINCT no_d_id FROM new_order "
            + "WHERE no_w_id = ? AND no_d_id IN (%s)";
    /** How often Delivery looks again for districts whose oldest order another Delivery took. */
    private static final int DELIVERY_ATTEMPTS = 100;

    private final ByCount[] read = new ByCount[DISTRICTS_PER_WAREHOUSE];
    private final ByCount existingItems = new ByCount(MAX_LINES, n -> String.format(EXISTING_ITEMS, repeat("?", n)));
    private final ByCount stockWrite = new ByCount(MAX_LINES,
            n -> String.format(STOCK_WRITE, repeat("(?, ?, ?, ?, ?)", n)));
    /**
     * By stock rows x 16 + lines (the write depends on both): the writes alone, the writes and
     * COMMIT, the writes and ROLLBACK (the unused item), each sent in one round trip.
     */
    private final ByCount write = new ByCount((MAX_LINES + 1) * 16, n -> writes(n, ""));
    private final ByCount writeAndCommit = new ByCount((MAX_LINES + 1) * 16, n -> writes(n, "; COMMIT"));
    private final ByCount writeAndRollback = new ByCount((MAX_LINES + 1) * 16, n -> writes(n, "; ROLLBACK"));
    private final ByCount delivery = new ByCount(DISTRICTS_PER_WAREHOUSE,
            n -> String.format(DELIVERY, repeat("(?)", n)));
    private final ByCount districtsWithNewOrders = new ByCount(DISTRICTS_PER_WAREHOUSE,
            n -> String.format(DISTRICTS_WITH_NEW_ORDERS, repeat("?", n)));
    private final PreparedStatement paymentById;
    private final PreparedStatement paymentByName;
    private final PreparedStatement orderStatusById;
    private final PreparedStatement orderStatusByName;
    private final PreparedStatement stockLevel;

    private static String writes(int rowsAndLines, String end) {
        return String.format(WRITE, repeat("(?, ?, ?, ?, ?)", rowsAndLines / 16), repeat(LINE_VALUES, rowsAndLines % 16))
                + end;
    }

    TpccPostgresSession(SessionConnection connection) throws SQLException {
        super(connection);
        connection.setAutoCommit(false);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            int district = d;
            read[d - 1] = new ByCount(MAX_LINES, n -> String.format(READ, district, repeat("(?, ?)", n)));
        }
        paymentById = connection.prepare(String.format(PAYMENT, CUSTOMER_BY_ID));
        paymentByName = connection.prepare(String.format(PAYMENT, CUSTOMER_BY_NAME));
        orderStatusById = connection.prepare(String.format(ORDER_STATUS, CUSTOMER_BY_ID));
        orderStatusByName = connection.prepare(String.format(ORDER_STATUS, CUSTOMER_BY_NAME));
        stockLevel = connection.prepare(STOCK_LEVEL);
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        connection.setAutoCommit(false);
        int w = r.warehouseId();
        int d = r.districtId();
        OrderRows rows = new OrderRows(sortedStockKeys(r));
        int orderId = 0;
        BigDecimal districtTax = null;
        BigDecimal warehouseTax = null;
        BigDecimal discount = null;
        String last = null;
        String credit = null;
        java.time.LocalDateTime entryDate = null;
        PreparedStatement ps = read[d - 1].get(rows.keys.length);
        setInts(ps, 1, w, d);
        int p = setKeys(ps, 3, rows.keys);
        setInts(ps, p, w, w, d, r.customerId());
        try (ResultSet rs = connection.query(ps)) {
            while (rs.next()) {
                orderId = rs.getInt(1);
                districtTax = rs.getBigDecimal(2);
                warehouseTax = rs.getBigDecimal(3);
                discount = rs.getBigDecimal(4);
                last = rs.getString(5);
                credit = rs.getString(6);
                entryDate = rs.getObject(15, java.time.LocalDateTime.class); // the transaction's, as O_ENTRY_D
                int sw = rs.getInt(7);
                int item = rs.getInt(8);
                rows.stock(sw, item, new Stock(rs.getInt(9), rs.getString(10), rs.getString(11)));
                rows.item(item, new Item(rs.getBigDecimal(12), rs.getString(13), rs.getString(14)));
            }
        }
        if (districtTax == null) {
            throw missing("warehouse, district, customer or stock", w, d, r.customerId());
        }
        if (!rows.complete()) {
            // the unused item (or a missing row): which items exist decides
            int[] items = rows.itemIds();
            PreparedStatement existing = existingItems.get(items.length);
            setInts(existing, 1, items);
            java.util.Arrays.fill(rows.items, null);
            try (ResultSet rs = connection.query(existing)) {
                while (rs.next()) {
                    rows.item(rs.getInt(1), new Item(rs.getBigDecimal(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        Lines lines = new Lines(r, rows);
        Header header = new Header(orderId, discount, last, credit, warehouseTax, districtTax, entryDate);

        if (lines.count == 0) {
            // only the unused item: nothing was processed, so nothing to write before the rollback
            connection.rollback();
            return newOrderEnded(r, header, false, lines);
        }
        boolean commit = lines.unusedItemLine == 0;
        int shape = lines.stockRows() * 16 + lines.count;
        if (lines.stockRounds.size() == 1) {
            // the writes and the end of the transaction in one round trip
            PreparedStatement writes = (commit ? writeAndCommit : writeAndRollback).get(shape);
            bindWrites(writes, r, orderId, lines);
            connection.pipeline(writes, 2, commit ? SessionConnection.End.COMMIT : SessionConnection.End.ROLLBACK);
        } else {
            // an item ordered twice: its second line's STOCK write needs a statement of its own
            PreparedStatement writes = write.get(shape);
            bindWrites(writes, r, orderId, lines);
            connection.update(writes);
            for (int round = 1; round < lines.stockRounds.size(); round++) {
                PreparedStatement again = stockWrite.get(lines.stockRounds.get(round).size());
                setStockRound(again, 1, lines.stockRounds.get(round));
                connection.update(again);
            }
            end(commit);
        }
        return newOrderEnded(r, header, commit, lines);
    }

    /** The order, the new order, the first round of STOCK writes and the lines: one statement. */
    private void bindWrites(PreparedStatement ps, NewOrderRequest r, int orderId, Lines lines) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        setInts(ps, 1, orderId, d, w, r.customerId(), r.lines().size(), r.allLocal() ? 1 : 0, orderId, d, w);
        int p = setStockRound(ps, 10, lines.stockRounds.getFirst());
        setLines(ps, p, orderId, d, w, lines);
    }

    // ---------------------------------------------------------------- Payment (§2.5.2.2)

    @Override
    Outcome payment(PaymentRequest r) throws SQLException {
        connection.setAutoCommit(true);
        int w = r.warehouseId();
        int d = r.districtId();
        int cw = r.customerWarehouseId();
        int cd = r.customerDistrictId();
        BigDecimal amount = r.amount();
        PreparedStatement ps = r.customer().byLastName() ? paymentByName : paymentById;
        ps.setBigDecimal(1, amount);
        ps.setInt(2, w);
        ps.setBigDecimal(3, amount);
        setInts(ps, 4, w, d);
        ps.setBigDecimal(6, amount);
        ps.setBigDecimal(7, amount);
        ps.setString(8, badCreditPrefixAfterId(cd, cw, d, w, amount));
        setInts(ps, 9, cw, cd);
        int p = setCustomer(ps, 11, cw, cd, r.customer());
        setInts(ps, p, cd, cw, d, w);
        ps.setBigDecimal(p + 4, amount);
        try (ResultSet rs = connection.query(ps)) {
            required(rs, "customer", cw, cd, r.customer().customerId());
            lastPayment = paymentShown(rs, r);
        }
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Order-Status (§2.6.2.2)

    @Override
    Outcome orderStatus(OrderStatusRequest r) throws SQLException {
        connection.setAutoCommit(true);
        PreparedStatement ps = r.customer().byLastName() ? orderStatusByName : orderStatusById;
        readOrderStatus(ps, r, false);
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Delivery (§2.7.4.2)

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        connection.setAutoCommit(true);
        int w = r.warehouseId();
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        List<Integer> open = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            open.add(d);
        }
        // one statement, one database transaction; the business transaction may use more (§2.7.4.2)
        for (int attempt = 0; ; attempt++) {
            deliver(w, r.carrierId(), open, delivered);
            if (open.isEmpty()) {
                break;
            }
            // left: districts without new orders (skipped), or whose oldest one another Delivery took
            PreparedStatement ps = districtsWithNewOrders.get(open.size());
            ps.setInt(1, w);
            for (int i = 0; i < open.size(); i++) {
                ps.setInt(i + 2, open.get(i));
            }
            List<Integer> withNewOrders = new ArrayList<>();
            try (ResultSet rs = connection.query(ps)) {
                while (rs.next()) {
                    withNewOrders.add(rs.getInt(1));
                }
            }
            open.retainAll(withNewOrders);
            if (open.isEmpty()) {
                break;
            }
            if (attempt == DELIVERY_ATTEMPTS) {
                throw new SQLException("delivery could not claim a new order in warehouse " + w + ", districts " + open);
            }
        }
        delivered.sort(java.util.Comparator.comparingInt(DeliveredOrder::districtId));
        lastDelivery = new TpccOutput.Delivery(w, r.carrierId(), delivered, DISTRICTS_PER_WAREHOUSE - delivered.size());
        return Outcome.COMMITTED;
    }

    /** Delivers the oldest new order of each district in {@code open}, removing those it delivered. */
    private void deliver(int w, int carrier, List<Integer> open, List<DeliveredOrder> delivered) throws SQLException {
        PreparedStatement ps = delivery.get(open.size());
        ps.setInt(1, w);
        int p = 2;
        for (int d : open) {
            ps.setInt(p++, d);
        }
        setInts(ps, p, w, carrier, w, w, w);
        try (ResultSet rs = connection.query(ps)) {
            while (rs.next()) {
                int d = rs.getInt(1);
                delivered.add(new DeliveredOrder(d, rs.getInt(2)));
                open.remove((Integer) d);
            }
        }
    }

    // ---------------------------------------------------------------- Stock-Level (§2.8.2.2)

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        connection.setAutoCommit(true);
        readStockLevel(stockLevel, r, false);
        return Outcome.COMMITTED;
    }
}
