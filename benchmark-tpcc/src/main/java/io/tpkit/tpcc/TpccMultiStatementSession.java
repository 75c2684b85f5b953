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
import io.tpkit.tpcc.NewOrderLines.StockRound;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client transactions where writes return no rows (MySQL and MariaDB have neither
 * data-modifying CTEs nor UPDATE ... RETURNING): an order's lines, a Delivery's ten orders and
 * their customers go in multi-row statements (one prepared statement per row count, made when
 * first needed), what an update changed is read back by a plain read (the transaction sees its
 * own changes), and the statements that do not need an answer first are sent together, with
 * the COMMIT, as one multi-statement query. Auto-commit stays off: switching it costs
 * Connector/J a round trip. The statements are the dialect's {@link #STATEMENTS}, each one
 * statement; which go together, in what order, is this class's.
 * <ul>
 *   <li>New-Order: three round trips: the district's next order number with the taxes and the
 *       customer; the STOCK rows locked and read with the items; the order, the new order, the
 *       STOCK writes, the lines and COMMIT.</li>
 *   <li>Payment: one (two by last name: the customers with that name are read first),
 *       Order-Status and Stock-Level one, Delivery two (the oldest new orders are locked
 *       first).</li>
 * </ul>
 * The statements of a round trip run one after another; the first that fails stops the rest,
 * COMMIT included, and the scheduler rolls back. An update of no row is no error, so each write
 * of Payment and Delivery whose row count the profile fixes is followed by the dialect's
 * {@link #ROW_GUARD row guard}, which fails when the count is not what it must be: a row the
 * load created being absent fails the transaction before its COMMIT, and nothing of it commits.
 * On a connection that sends COMMIT apart ({@link SessionConnection#commitApart()}, a MariaDB
 * Galera node) the COMMIT after several writes goes on its own once their results are read
 * ({@link Pipeline#finish}): New-Order, Payment and Delivery take a round trip more, and a
 * Delivery or Payment whose updates miss a row rolls back instead.
 */
final class TpccMultiStatementSession extends TpccClientSession {
    /** The named blocks this session prepares. */
    static final List<String> STATEMENTS = List.of("next-order", "new-order-header", "new-order-stock", "items",
            "insert-order", "insert-new-order", "stock-write", "insert-lines", "customers-by-name", "pay-date",
            "pay-warehouse", "pay-district", "pay-customer", "pay-history", "pay-shown", "customer-by-id",
            "customer-by-name", "order-status", "oldest-new-orders", "delete-new-orders", "set-carrier",
            "set-delivery-date", "pay-deliveries", "stock-level");
    private static final int MAX_LINES = 15;
    private static final Map<String, Object> NONE = Map.of();

    private final Pipeline start;
    /** By stock keys x 16 + distinct items, per district (S_DIST_xx). */
    private final List<ByCount<Pipeline>> stockAndItems = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
    /** By stock rows x 16 + lines: the writes of an order with COMMIT, or with ROLLBACK (the unused item). */
    private final ByCount<Pipeline> writeAndCommit;
    private final ByCount<Pipeline> writeAndRollback;
    private final Pipeline insertOrders;
    private final ByCount<PreparedStatement> stockWrite;
    private final ByCount<PreparedStatement> insertLines;
    private final PreparedStatement customersByName;
    private final Pipeline payment;
    private final Pipeline orderStatusById;
    private final Pipeline orderStatusByName;
    private final PreparedStatement oldestNewOrders;
    private final ByCount<Pipeline> deliver;
    private final Pipeline stockLevel;

    TpccMultiStatementSession(SessionConnection connection, NamedSql sql) throws SQLException {
        super(connection, sql);
        connection.setAutoCommit(false);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            String district = district(d);
            stockAndItems.add(new ByCount<>((MAX_LINES + 1) * 16, n -> pipeline(SessionConnection.End.OPEN,
                    Map.of("district", district, "stock-key", n / 16, "item", n % 16), "new-order-stock", "items")));
        }
        start = pipeline(SessionConnection.End.OPEN, NONE, "next-order", "new-order-header");
        writeAndCommit = new ByCount<>((MAX_LINES + 1) * 16, n -> writes(n, SessionConnection.End.COMMIT));
        writeAndRollback = new ByCount<>((MAX_LINES + 1) * 16, n -> writes(n, SessionConnection.End.ROLLBACK));
        insertOrders = pipeline(SessionConnection.End.OPEN, NONE, "insert-order", "insert-new-order");
        stockWrite = new ByCount<>(MAX_LINES, n -> connection.prepare(sql.sql("stock-write", Map.of("stock-row", n))));
        insertLines = new ByCount<>(MAX_LINES,
                n -> connection.prepare(sql.sql("insert-lines", Map.of("order-line", n))));
        customersByName = connection.prepare(sql.sql("customers-by-name"));
        payment = pipeline(SessionConnection.End.COMMIT, Map.of("rows", 1), "pay-date", "pay-warehouse", ROW_GUARD,
                "pay-district", ROW_GUARD, "pay-customer", ROW_GUARD, "pay-history", ROW_GUARD, "pay-shown");
        orderStatusById = pipeline(SessionConnection.End.COMMIT, customer(sql, false), "order-status");
        orderStatusByName = pipeline(SessionConnection.End.COMMIT, customer(sql, true), "order-status");
        oldestNewOrders = connection.prepare(sql.sql("oldest-new-orders"));
        deliver = new ByCount<>(DISTRICTS_PER_WAREHOUSE, n -> pipeline(SessionConnection.End.COMMIT,
                Map.of("delivered", n, "rows", n), "delete-new-orders", ROW_GUARD, "set-carrier", ROW_GUARD,
                "set-delivery-date", "pay-deliveries", ROW_GUARD));
        stockLevel = pipeline(SessionConnection.End.COMMIT, NONE, "stock-level");
    }

    /** The order, the new order, one round of STOCK writes, the lines and the transaction's end. */
    private Pipeline writes(int rowsAndLines, SessionConnection.End end) throws SQLException {
        return pipeline(end, Map.of("stock-row", rowsAndLines / 16, "order-line", rowsAndLines % 16),
                "insert-order", "insert-new-order", "stock-write", "insert-lines");
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        Header header;
        setInts(start.statement(), 1, w, d, w, d, w, w, d, r.customerId());
        SessionConnection.Results started = start.run(connection);
        started.updateCount();
        try (ResultSet rs = started.resultSet()) {
            required(rs, "warehouse, district or customer", w, d, r.customerId());
            header = new Header(rs.getInt(1), rs.getBigDecimal(4), rs.getString(5), rs.getString(6), rs.getBigDecimal(3),
                    rs.getBigDecimal(2), rs.getObject(7, java.time.LocalDateTime.class));
        }
        int orderId = header.orderId();

        OrderRows rows = new OrderRows(NewOrderLines.sortedStockKeys(r));
        int[] itemIds = rows.itemIds();
        Pipeline read = stockAndItems.get(d - 1).get(rows.keys.length * 16 + itemIds.length);
        setInts(read.statement(), setKeys(read.statement(), 1, rows.keys), itemIds);
        SessionConnection.Results results = read.run(connection);
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
            Pipeline writes = (commit ? writeAndCommit : writeAndRollback).get(lines.stockRows() * 16 + lines.count);
            PreparedStatement ps = writes.statement();
            int p = bindOrder(ps, 1, r, header);
            p = setStockRound(ps, p, lines.stockRounds.getFirst());
            setLines(ps, p, orderId, d, w, lines);
            writes.run(connection);
            writes.finish(connection);
        } else {
            // nothing processed, or an item ordered twice (its STOCK row written in two statements)
            bindOrder(insertOrders.statement(), 1, r, header);
            insertOrders.run(connection);
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
        PreparedStatement ps = payment.statement();
        ps.setBigDecimal(1, amount);
        ps.setInt(2, w);
        ps.setBigDecimal(3, amount);
        setInts(ps, 4, w, d);
        ps.setBigDecimal(6, amount);
        ps.setBigDecimal(7, amount);
        ps.setString(8, badCreditPrefixAfterId(cd, cw, d, w, amount));
        setInts(ps, 9, cw, cd, c, c, cd, cw, d, w);
        ps.setBigDecimal(17, amount);
        setInts(ps, 18, w, w, d, cw, cd, c, w, w, d);
        SessionConnection.Results results = run(payment, "a row of the Payment (warehouse " + w + ", district " + w
                + "/" + d + " or customer " + cw + "/" + cd + "/" + c + ")");
        results.updateCount(); // H_DATE taken
        int warehouse = results.updateCount();
        guard(results, "the warehouse row " + w);
        int district = results.updateCount();
        guard(results, "the district row " + w + "/" + d);
        int customer = results.updateCount();
        guard(results, "the customer row " + cw + "/" + cd + "/" + c);
        results.updateCount(); // the history row
        guard(results, "the warehouse or district row of the history row");
        try (ResultSet rs = results.resultSet()) {
            // name, address, credit and the new balance are displayed
            if (warehouse != 1 || district != 1 || customer != 1 || !rs.next()) {
                throw missing("warehouse, district or customer", w, d, cw, cd, c);
            }
            lastPayment = paymentShown(rs, r);
        }
        payment.finish(connection);
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
        Pipeline p = r.customer().byLastName() ? orderStatusByName : orderStatusById;
        readOrderStatus(p.statement(), () -> p.run(connection).resultSet(), r);
        p.finish(connection);
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
            Pipeline writes = deliver.get(n);
            PreparedStatement ps = writes.statement();
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
            SessionConnection.Results results = run(writes, "a row of the Delivery (the new order, order or customer "
                    + "row of an order of warehouse " + w + " among " + delivered + ")");
            int deleted = results.updateCount();
            guard(results, "a claimed new order");
            int carried = results.updateCount();
            guard(results, "a delivered order's order row");
            results.updateCount(); // the lines' delivery dates
            int paid = results.updateCount();
            guard(results, "a delivered order's customer row");
            if (deleted != n || carried != n || paid != n) {
                throw new SQLException("delivery: " + n + " new orders claimed, but " + deleted + " deleted, " + carried
                        + " orders and " + paid + " customers updated");
            }
            writes.finish(connection);
        }
        lastDelivery = new TpccOutput.Delivery(w, r.carrierId(), delivered, DISTRICTS_PER_WAREHOUSE - n);
        return Outcome.COMMITTED;
    }

    /** Runs a pipeline whose row guards a driver may report at once, when it reads every result before returning. */
    private SessionConnection.Results run(Pipeline p, String what) throws SQLException {
        try {
            return p.run(connection);
        } catch (SQLException e) {
            throw guardFailed(e) ? new SQLException("tpcc: " + what + " missing: the data is incomplete, reload it "
                    + "with --reload (nothing of the transaction committed)", "02000") : e;
        }
    }

    // ---------------------------------------------------------------- Stock-Level (§2.8.2.2)

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        readStockLevel(stockLevel.statement(), () -> stockLevel.run(connection).resultSet(), r);
        stockLevel.finish(connection);
        return Outcome.COMMITTED;
    }
}
