package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.Pipeline;
import io.tpkit.tpcc.NewOrderLines.Item;
import io.tpkit.tpcc.NewOrderLines.Lines;
import io.tpkit.tpcc.NewOrderLines.OrderRows;
import io.tpkit.tpcc.NewOrderLines.Stock;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client transactions where writes return rows ({@link io.tpkit.spi.database.SqlFeature#WRITES_RETURNING_ROWS},
 * PostgreSQL): data-modifying WITH queries and RETURNING let one statement do what the profile
 * does to several tables, and a VALUES list carries an order's lines (one prepared statement
 * per line count, made when first needed). The statements are the dialect's
 * {@link #STATEMENTS}.
 * <ul>
 *   <li>New-Order: two round trips: the district's next order number, with the warehouse,
 *       customer, STOCK (locked, in key order) and ITEM reads ({@code new-order-read}); then
 *       every write and the commit, sent together ({@code new-order-write}). An order with the
 *       unused item reads which items exist once more ({@code items}), writes the lines before
 *       it and rolls back.</li>
 *   <li>Payment, Order-Status and Stock-Level: one statement each, in auto-commit mode, so the
 *       statement is the whole transaction and carries its own commit: one round trip.
 *       Payment's CTEs are chained so that WAREHOUSE, DISTRICT and CUSTOMER are locked in that
 *       order; a missing row fails the statement rather than committing part of the profile.</li>
 *   <li>Delivery: one database transaction, as the PL/pgSQL {@code tpcc_delivery} is: the
 *       statement that claims and delivers each district's oldest new order, then, for districts
 *       it did not deliver, whether they have new orders at all (none: skipped) and the claim
 *       again for those another Delivery took first, all before one COMMIT: two round trips in
 *       the common case. The decision to skip a district is taken in the transaction that tried
 *       it, and a Delivery that fails commits nothing.</li>
 * </ul>
 */
final class TpccReturningSession extends TpccClientSession {
    /** The named blocks this session prepares. */
    static final List<String> STATEMENTS = List.of("new-order-read", "items", "stock-write", "new-order-write",
            "payment", "customer-by-id", "customer-by-name", "order-status", "delivery", "districts-with-new-orders",
            "stock-level");
    private static final int MAX_LINES = 15;
    /**
     * How often Delivery looks again, inside its one transaction, for districts whose oldest
     * order another Delivery took (each look is a statement with its own snapshot under READ
     * COMMITTED; under REPEATABLE READ and SERIALIZABLE the claim of a row another took fails
     * the transaction instead, which the scheduler retries).
     */
    private static final int DELIVERY_ATTEMPTS = 100;

    private final List<ByCount<PreparedStatement>> read = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
    private final ByCount<PreparedStatement> existingItems;
    private final ByCount<PreparedStatement> stockWrite;
    /**
     * By stock rows x 16 + lines (the write depends on both): the writes alone, the writes and
     * COMMIT, the writes and ROLLBACK (the unused item), each sent in one round trip.
     */
    private final ByCount<PreparedStatement> write;
    private final ByCount<Pipeline> writeAndCommit;
    private final ByCount<Pipeline> writeAndRollback;
    private final ByCount<PreparedStatement> delivery;
    private final ByCount<PreparedStatement> districtsWithNewOrders;
    private final PreparedStatement paymentById;
    private final PreparedStatement paymentByName;
    private final PreparedStatement orderStatusById;
    private final PreparedStatement orderStatusByName;
    private final PreparedStatement stockLevel;

    /** The counts of {@code new-order-write}'s lists, from stock rows x 16 + lines. */
    private static Map<String, Integer> writes(int rowsAndLines) {
        return Map.of("stock-row", rowsAndLines / 16, "order-line", rowsAndLines % 16);
    }

    TpccReturningSession(SessionConnection connection, NamedSql sql) throws SQLException {
        super(connection, sql);
        connection.setAutoCommit(false);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            String district = district(d);
            read.add(new ByCount<>(MAX_LINES,
                    n -> connection.prepare(sql.sql("new-order-read", Map.of("district", district, "stock-key", n)))));
        }
        existingItems = new ByCount<>(MAX_LINES, n -> connection.prepare(sql.sql("items", Map.of("item", n))));
        stockWrite = new ByCount<>(MAX_LINES, n -> connection.prepare(sql.sql("stock-write", Map.of("stock-row", n))));
        write = new ByCount<>((MAX_LINES + 1) * 16, n -> connection.prepare(sql.sql("new-order-write", writes(n))));
        writeAndCommit = new ByCount<>((MAX_LINES + 1) * 16,
                n -> Pipeline.prepare(connection, sql.statements("new-order-write", writes(n)), SessionConnection.End.COMMIT));
        writeAndRollback = new ByCount<>((MAX_LINES + 1) * 16,
                n -> Pipeline.prepare(connection, sql.statements("new-order-write", writes(n)),
                        SessionConnection.End.ROLLBACK));
        delivery = new ByCount<>(DISTRICTS_PER_WAREHOUSE,
                n -> connection.prepare(sql.sql("delivery", Map.of("delivery-district", n))));
        districtsWithNewOrders = new ByCount<>(DISTRICTS_PER_WAREHOUSE,
                n -> connection.prepare(sql.sql("districts-with-new-orders", Map.of("district-id", n))));
        paymentById = connection.prepare(sql.sql("payment", customer(sql, false)));
        paymentByName = connection.prepare(sql.sql("payment", customer(sql, true)));
        orderStatusById = connection.prepare(sql.sql("order-status", customer(sql, false)));
        orderStatusByName = connection.prepare(sql.sql("order-status", customer(sql, true)));
        stockLevel = connection.prepare(sql.sql("stock-level"));
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        connection.setAutoCommit(false);
        int w = r.warehouseId();
        int d = r.districtId();
        OrderRows rows = new OrderRows(NewOrderLines.sortedStockKeys(r));
        int orderId = 0;
        BigDecimal districtTax = null;
        BigDecimal warehouseTax = null;
        BigDecimal discount = null;
        String last = null;
        String credit = null;
        java.time.LocalDateTime entryDate = null;
        PreparedStatement ps = read.get(d - 1).get(rows.keys.length);
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
            Pipeline writes = (commit ? writeAndCommit : writeAndRollback).get(shape);
            bindWrites(writes.statement(), r, orderId, lines);
            writes.run(connection);
            writes.finish(connection); // the COMMIT, where it goes apart
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
        readOrderStatus(ps, () -> connection.query(ps), r);
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Delivery (§2.7.4.2)

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        connection.setAutoCommit(false);
        int w = r.warehouseId();
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        List<Integer> open = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            open.add(d);
        }
        // one database transaction (§2.7.4.2 allows up to ten): every claim and every check in it
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
                // the scheduler rolls back: nothing of this Delivery commits
                throw new SQLException("delivery could not claim a new order in warehouse " + w + ", districts " + open);
            }
        }
        connection.commit();
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
        readStockLevel(stockLevel, () -> connection.query(stockLevel), r);
        return Outcome.COMMITTED;
    }
}
