package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.NamedSql;
import io.tpkit.tpcc.NewOrderLines.Item;
import io.tpkit.tpcc.NewOrderLines.Lines;
import io.tpkit.tpcc.NewOrderLines.OrderRows;
import io.tpkit.tpcc.NewOrderLines.Stock;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The five transactions as an application sends them ({@code --logic interactive}): every
 * statement alone, its answer read before the next one goes, in the order the application
 * reads, decides and writes; COMMIT (or ROLLBACK) on its own. Auto-commit is off, so the first
 * statement starts the transaction (pgjdbc sends BEGIN in the same message; Connector/J's
 * session is in autocommit=0 mode): no round trip of its own. The statements are the same on
 * every database ({@link #STATEMENTS}, plain SQL), so are the round trips:
 * <ul>
 *   <li>New-Order with n lines: 9 + 2n (29 for the mean 10): the warehouse's tax; the district
 *       locked; its next order number written; the customer; the ORDER and NEW-ORDER rows; every
 *       STOCK row locked in one statement in key order; the ITEM rows; per line its STOCK write
 *       and its ORDER-LINE; COMMIT. With the unused item in line n (1%), the n − 1 lines before
 *       it are processed and the transaction rolls back: 7 + 2n (27 for 10 lines).</li>
 *   <li>Payment: 8 by number (the warehouse read locked, then updated; the district likewise;
 *       the customer likewise; the history row; COMMIT), 9 by last name (the matching
 *       customers are read first).</li>
 *   <li>Order-Status: 4 by number (the customer, the last order, its lines, COMMIT), 5 by last
 *       name; one more at READ COMMITTED, where the transaction first asks for one snapshot
 *       ({@code SET TRANSACTION ISOLATION LEVEL REPEATABLE READ}), so that its reads see one
 *       moment as the other logics' single statement does (an order without its carrier beside
 *       lines a Delivery has just delivered would otherwise be possible).</li>
 *   <li>Delivery: 7 per district delivered (the oldest new order locked, deleted; the order's
 *       customer read, its carrier set; the lines' delivery date set, their amount read; the
 *       customer paid) and COMMIT: 71 when all ten are; a district without a new order costs 2
 *       (the locking read and the check that none is left).</li>
 *   <li>Stock-Level: 3 (the district's next order number, the count, COMMIT).</li>
 * </ul>
 * The rows read and written, the values written, the output ({@link TpccOutput}) and the
 * consistency afterwards are the client logic's. So is the lock order: Payment locks WAREHOUSE,
 * DISTRICT, then CUSTOMER; New-Order the DISTRICT, then all its STOCK rows in one statement
 * sorted by (S_W_ID, S_I_ID) before any line is written; Delivery, district by district, the
 * NEW-ORDER, ORDER, ORDER-LINE and CUSTOMER rows of its own orders (the order of the profile
 * and of the stored procedures), and no WAREHOUSE or DISTRICT row. A row read and then written
 * is read {@code FOR UPDATE} (or changed in place), so no lock is ever upgraded. A row the load
 * created being absent stops the transaction before its COMMIT.
 *
 * <p>Not thread-safe: one session per terminal's connection.
 */
final class TpccInteractiveSession extends TpccClientSession {
    /** The named blocks this session prepares. */
    static final List<String> STATEMENTS = List.of("interactive.warehouse-tax", "interactive.district-lock",
            "interactive.district-next", "interactive.customer-discount", "insert-order", "insert-new-order",
            "interactive.stock-lock", "items", "interactive.stock-update", "insert-lines",
            "interactive.warehouse-lock", "pay-warehouse", "interactive.district-address", "pay-district",
            "customers-by-name", "interactive.customer-lock", "interactive.customer-pay",
            "interactive.customer-pay-bad-credit", "interactive.history-insert", "interactive.one-snapshot",
            "interactive.customer-balance", "interactive.last-order", "interactive.order-lines",
            "interactive.oldest-new-order", "interactive.new-orders-left", "interactive.delete-new-order",
            "interactive.order-customer", "interactive.order-carrier", "interactive.lines-delivered",
            "interactive.lines-amount", "interactive.customer-delivered", "interactive.district-next-order",
            "interactive.low-stock");
    private static final int MAX_LINES = 15;

    private final PreparedStatement warehouseTax;
    private final PreparedStatement districtLock;
    private final PreparedStatement districtNext;
    private final PreparedStatement customerDiscount;
    private final PreparedStatement insertOrder;
    private final PreparedStatement insertNewOrder;
    /** By stock keys, per district (S_DIST_xx). */
    private final List<ByCount<PreparedStatement>> stockLock = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
    private final ByCount<PreparedStatement> items;
    private final PreparedStatement stockUpdate;
    private final PreparedStatement insertLine;
    private final PreparedStatement warehouseLock;
    private final PreparedStatement payWarehouse;
    private final PreparedStatement districtAddress;
    private final PreparedStatement payDistrict;
    private final PreparedStatement customersByName;
    private final PreparedStatement customerLock;
    private final PreparedStatement customerPay;
    private final PreparedStatement customerPayBadCredit;
    private final PreparedStatement historyInsert;
    /** Null where the connection's isolation already reads one snapshot per transaction. */
    private final PreparedStatement oneSnapshot;
    private final PreparedStatement customerBalance;
    private final PreparedStatement lastOrder;
    private final PreparedStatement orderLines;
    private final InteractiveDelivery delivery;
    private final PreparedStatement districtNextOrder;
    private final PreparedStatement lowStock;

    TpccInteractiveSession(SessionConnection connection, NamedSql sql) throws SQLException {
        super(connection, sql);
        // asked before auto-commit goes off, on no transaction of the run's
        int isolation = connection.jdbc().getTransactionIsolation();
        connection.setAutoCommit(false);
        warehouseTax = prepare("interactive.warehouse-tax");
        districtLock = prepare("interactive.district-lock");
        districtNext = prepare("interactive.district-next");
        customerDiscount = prepare("interactive.customer-discount");
        insertOrder = prepare("insert-order");
        insertNewOrder = prepare("insert-new-order");
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            String district = district(d);
            stockLock.add(new ByCount<>(MAX_LINES, n -> connection.prepare(
                    sql.sql("interactive.stock-lock", Map.of("district", district, "stock-key", n)))));
        }
        items = new ByCount<>(MAX_LINES, n -> connection.prepare(sql.sql("items", Map.of("item", n))));
        stockUpdate = prepare("interactive.stock-update");
        insertLine = connection.prepare(sql.sql("insert-lines", Map.of("order-line", 1)));
        warehouseLock = prepare("interactive.warehouse-lock");
        payWarehouse = prepare("pay-warehouse");
        districtAddress = prepare("interactive.district-address");
        payDistrict = prepare("pay-district");
        customersByName = prepare("customers-by-name");
        customerLock = prepare("interactive.customer-lock");
        customerPay = prepare("interactive.customer-pay");
        customerPayBadCredit = prepare("interactive.customer-pay-bad-credit");
        historyInsert = prepare("interactive.history-insert");
        oneSnapshot = isolation < Connection.TRANSACTION_REPEATABLE_READ ? prepare("interactive.one-snapshot") : null;
        customerBalance = prepare("interactive.customer-balance");
        lastOrder = prepare("interactive.last-order");
        orderLines = prepare("interactive.order-lines");
        delivery = new InteractiveDelivery(connection, this::prepare);
        districtNextOrder = prepare("interactive.district-next-order");
        lowStock = prepare("interactive.low-stock");
    }

    private PreparedStatement prepare(String name) throws SQLException {
        List<String> one = sql.statements(name);
        if (one.size() != 1) {
            throw new IllegalStateException(sql.fileOf(name) + ": '" + name + "' must be one statement, not "
                    + one.size() + " (--logic interactive sends each statement alone)");
        }
        return connection.prepare(one.getFirst());
    }

    /** Whether Order-Status first asks for one snapshot (a round trip more). */
    boolean asksForOneSnapshot() {
        return oneSnapshot != null;
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        BigDecimal warehouseTaxRate;
        LocalDateTime entryDate;
        warehouseTax.setInt(1, w);
        try (ResultSet rs = connection.query(warehouseTax)) {
            required(rs, "warehouse", w);
            warehouseTaxRate = rs.getBigDecimal(1);
            entryDate = rs.getObject(2, LocalDateTime.class);
        }
        BigDecimal districtTax;
        int orderId;
        setInts(districtLock, 1, w, d);
        try (ResultSet rs = connection.query(districtLock)) {
            required(rs, "district", w, d);
            districtTax = rs.getBigDecimal(1);
            orderId = rs.getInt(2);
        }
        setInts(districtNext, 1, orderId + 1, w, d);
        connection.update(districtNext);
        BigDecimal discount;
        String last;
        String credit;
        setInts(customerDiscount, 1, w, d, r.customerId());
        try (ResultSet rs = connection.query(customerDiscount)) {
            required(rs, "customer", w, d, r.customerId());
            discount = rs.getBigDecimal(1);
            last = rs.getString(2);
            credit = rs.getString(3);
        }
        Header header = new Header(orderId, discount, last, credit, warehouseTaxRate, districtTax, entryDate);
        setInts(insertOrder, 1, orderId, d, w, r.customerId());
        insertOrder.setObject(5, entryDate);
        setInts(insertOrder, 6, r.lines().size(), r.allLocal() ? 1 : 0);
        connection.update(insertOrder);
        setInts(insertNewOrder, 1, orderId, d, w);
        connection.update(insertNewOrder);

        OrderRows rows = new OrderRows(NewOrderLines.sortedStockKeys(r));
        PreparedStatement lock = stockLock.get(d - 1).get(rows.keys.length);
        setKeys(lock, 1, rows.keys);
        try (ResultSet rs = connection.query(lock)) {
            while (rs.next()) {
                rows.stock(rs.getInt(1), rs.getInt(2), new Stock(rs.getInt(3), rs.getString(4), rs.getString(5)));
            }
        }
        int[] itemIds = rows.itemIds();
        PreparedStatement read = items.get(itemIds.length);
        setInts(read, 1, itemIds);
        try (ResultSet rs = connection.query(read)) {
            while (rs.next()) {
                rows.item(rs.getInt(1), new Item(rs.getBigDecimal(2), rs.getString(3), rs.getString(4)));
            }
        }
        // the lines in order, up to the unused item: each one's STOCK as the lines before it left it
        Lines lines = new Lines(r, rows);
        for (int i = 0; i < lines.count; i++) {
            setInts(stockUpdate, 1, stockAfter(lines.stockQuantity[i], lines.quantity[i]), lines.quantity[i],
                    lines.supply[i] != w ? 1 : 0, lines.supply[i], lines.item[i]);
            if (connection.update(stockUpdate) != 1) {
                throw missing("stock", lines.supply[i], lines.item[i]);
            }
            setInts(insertLine, 1, orderId, d, w, lines.number[i], lines.item[i], lines.supply[i], lines.quantity[i]);
            insertLine.setBigDecimal(8, lines.amount[i]);
            insertLine.setString(9, lines.distInfo[i]);
            connection.update(insertLine);
        }
        boolean commit = lines.unusedItemLine == 0;
        end(commit); // "Item number is not valid": the lines before it were processed, all is undone
        return newOrderEnded(r, header, commit, lines);
    }

    // ---------------------------------------------------------------- Payment (§2.5.2.2)

    @Override
    Outcome payment(PaymentRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        int cw = r.customerWarehouseId();
        int cd = r.customerDistrictId();
        BigDecimal amount = r.amount();
        TpccOutput.Address warehouse;
        String warehouseName;
        LocalDateTime date;
        warehouseLock.setInt(1, w);
        try (ResultSet rs = connection.query(warehouseLock)) {
            required(rs, "warehouse", w);
            warehouseName = rs.getString(1);
            warehouse = address(rs, 2);
            date = rs.getObject(7, LocalDateTime.class);
        }
        payWarehouse.setBigDecimal(1, amount);
        payWarehouse.setInt(2, w);
        connection.update(payWarehouse);
        TpccOutput.Address district;
        String districtName;
        setInts(districtAddress, 1, w, d);
        try (ResultSet rs = connection.query(districtAddress)) {
            required(rs, "district", w, d);
            districtName = rs.getString(1);
            district = address(rs, 2);
        }
        payDistrict.setBigDecimal(1, amount);
        setInts(payDistrict, 2, w, d);
        connection.update(payDistrict);

        int c = customerId(cw, cd, r.customer());
        setInts(customerLock, 1, cw, cd, c);
        String first;
        String middle;
        String last;
        TpccOutput.Address customer;
        String phone;
        LocalDateTime since;
        String credit;
        BigDecimal creditLimit;
        BigDecimal discount;
        BigDecimal balance;
        BigDecimal ytdPayment;
        int payments;
        String oldData;
        try (ResultSet rs = connection.query(customerLock)) {
            required(rs, "customer", cw, cd, c);
            first = rs.getString(1);
            middle = rs.getString(2);
            last = rs.getString(3);
            customer = address(rs, 4);
            phone = rs.getString(9);
            since = rs.getObject(10, LocalDateTime.class);
            credit = rs.getString(11);
            creditLimit = rs.getBigDecimal(12);
            discount = rs.getBigDecimal(13);
            balance = rs.getBigDecimal(14).subtract(amount);
            ytdPayment = rs.getBigDecimal(15).add(amount);
            payments = rs.getInt(16) + 1;
            oldData = rs.getString(17);
        }
        String data = null;
        PreparedStatement pay;
        if (BAD_CREDIT.equals(credit)) {
            data = badCreditData(c, cd, cw, d, w, amount, oldData);
            pay = customerPayBadCredit;
            pay.setString(4, data);
            setInts(pay, 5, cw, cd, c);
        } else {
            pay = customerPay;
            setInts(pay, 4, cw, cd, c);
        }
        pay.setBigDecimal(1, balance);
        pay.setBigDecimal(2, ytdPayment);
        pay.setInt(3, payments);
        connection.update(pay);
        setInts(historyInsert, 1, c, cd, cw, d, w);
        historyInsert.setObject(6, date);
        historyInsert.setBigDecimal(7, amount);
        historyInsert.setString(8, warehouseName + "    " + districtName);
        connection.update(historyInsert);
        connection.commit();
        lastPayment = new TpccOutput.Payment(w, d, warehouse, district, c, cd, cw, first, middle, last, customer, phone,
                since, credit, creditLimit, discount, balance, data == null ? null
                : data.substring(0, Math.min(200, data.length())), amount, date);
        return Outcome.COMMITTED;
    }

    /** By number, or the row at ⌈n/2⌉ (1-based) of the name's matches sorted by C_FIRST: a round trip. */
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

    /** Five columns of an address from {@code first} on. */
    private static TpccOutput.Address address(ResultSet rs, int first) throws SQLException {
        return new TpccOutput.Address(rs.getString(first), rs.getString(first + 1), rs.getString(first + 2),
                rs.getString(first + 3), rs.getString(first + 4));
    }

    // ---------------------------------------------------------------- Order-Status (§2.6.2.2)

    @Override
    Outcome orderStatus(OrderStatusRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        if (oneSnapshot != null) {
            connection.update(oneSnapshot);
        }
        int c = customerId(w, d, r.customer());
        BigDecimal balance;
        String first;
        String middle;
        String last;
        setInts(customerBalance, 1, w, d, c);
        try (ResultSet rs = connection.query(customerBalance)) {
            required(rs, "customer", w, d, c);
            balance = rs.getBigDecimal(1);
            first = rs.getString(2);
            middle = rs.getString(3);
            last = rs.getString(4);
        }
        int orderId = 0;
        LocalDateTime entry = null;
        Integer carrier = null;
        setInts(lastOrder, 1, w, d, c);
        try (ResultSet rs = connection.query(lastOrder)) {
            if (rs.next()) {
                orderId = rs.getInt(1);
                entry = rs.getObject(2, LocalDateTime.class);
                int carrierId = rs.getInt(3);
                carrier = rs.wasNull() ? null : carrierId;
            }
        }
        List<TpccOutput.OrderStatusLine> lines = new ArrayList<>();
        if (orderId != 0) {
            setInts(orderLines, 1, w, d, orderId);
            try (ResultSet rs = connection.query(orderLines)) {
                while (rs.next()) {
                    lines.add(new TpccOutput.OrderStatusLine(rs.getInt(2), rs.getInt(1), rs.getInt(3),
                            rs.getBigDecimal(4), rs.getObject(5, LocalDateTime.class)));
                }
            }
        }
        connection.commit();
        lastOrderStatus = new TpccOutput.OrderStatus(w, d, c, first, middle, last, balance, orderId, entry, carrier,
                lines);
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Delivery (§2.7.4.2)

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        lastDelivery = delivery.run(r);
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Stock-Level (§2.8.2.2)

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        int next;
        setInts(districtNextOrder, 1, w, d);
        try (ResultSet rs = connection.query(districtNextOrder)) {
            required(rs, "district", w, d);
            next = rs.getInt(1);
        }
        setInts(lowStock, 1, w, d, next - 20, next);
        lowStock.setInt(5, r.threshold());
        int low;
        try (ResultSet rs = connection.query(lowStock)) {
            required(rs, "district", w, d);
            low = rs.getInt(1);
        }
        connection.commit();
        lastStockLevel = new TpccOutput.StockLevel(w, d, r.threshold(), low);
        return Outcome.COMMITTED;
    }
}
