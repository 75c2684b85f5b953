package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.Outcome;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The five TPC-C transactions as statements sent by the driver ({@code --logic client}), prepared
 * once per connection, autocommit off, one database transaction per business transaction (also
 * for Delivery, which serves all 10 districts in one transaction), committed at the end. On an
 * {@link SQLException} the scheduler rolls back and retries with the same request.
 *
 * <p><b>Locks.</b> Every row that is read and then written is locked before it is read (with
 * {@code SELECT ... FOR UPDATE}) or changed in place ({@code x = x + delta}) before it is read,
 * so no transaction upgrades a shared lock, and under READ COMMITTED the profiles still behave
 * serialisably on the rows they change (§3.4, the digest's §8). The session does not change the
 * connection's isolation level: that is the caller's choice. Row locks are taken in one global
 * order so that the transactions cannot deadlock one another:
 * <ul>
 *   <li>Payment: WAREHOUSE, then DISTRICT, then CUSTOMER (the profile's own order).</li>
 *   <li>New-Order: DISTRICT ({@code FOR UPDATE}, the D_NEXT_O_ID serialisation point), then all
 *       the order's STOCK rows, locked <i>before the first line is processed</i> and sorted by
 *       (S_W_ID, S_I_ID). Two New-Orders with the same items in different line order would
 *       otherwise deadlock. The lines themselves are still processed in line order, each with
 *       its ITEM read, stock update and ORDER-LINE insert, so that on the rollback line all the
 *       valid lines before it have really been processed (§2.4.2.3). Locking the stock row
 *       earlier does not change what the line reads: nobody else can change it meanwhile.</li>
 *   <li>Delivery: districts 1..10 in order, within each NEW-ORDER, ORDER, ORDER-LINE, CUSTOMER.
 *       It takes no WAREHOUSE or DISTRICT lock, so it cannot close a cycle with Payment.</li>
 *   <li>Order-Status and Stock-Level take no locks.</li>
 * </ul>
 *
 * <p>Not thread-safe: one session per terminal. The {@code last...} accessors expose what the
 * previous transaction of that kind showed on the terminal (for tests and the Delivery result
 * file).
 */
final class TpccClientSession extends TpccSession {
    /** C_DATA is VARCHAR(500): the payment prefix pushes the oldest text out (§2.5.2.2). */
    static final int C_DATA_MAX = 500;
    static final String BAD_CREDIT = "BC";
    /** H_DATA = W_NAME + 4 spaces + D_NAME. */
    static final String H_DATA_SEPARATOR = "    ";
    /** Stock-Level looks at the last 20 orders of the district. */
    static final int STOCK_LEVEL_ORDERS = 20;
    /** S_QUANTITY is replenished by 91 when it would fall below 10. */
    static final int STOCK_LOW_WATER = 10;
    static final int STOCK_REFILL = 91;
    /** Delivery: how often a district is re-read after a concurrent Delivery took its oldest order. */
    private static final int DELIVERY_ATTEMPTS = 100;


    // New-Order
    private final PreparedStatement noWarehouse;
    private final PreparedStatement noDistrict;
    private final PreparedStatement noDistrictNext;
    private final PreparedStatement noCustomer;
    private final PreparedStatement noInsertOrder;
    private final PreparedStatement noInsertNewOrder;
    private final PreparedStatement noItem;
    /** One per district, because S_DIST_xx is chosen by D_ID. */
    private final PreparedStatement[] noStock = new PreparedStatement[DISTRICTS_PER_WAREHOUSE];
    private final PreparedStatement noUpdateStock;
    private final PreparedStatement noInsertLine;

    // Payment
    private final PreparedStatement payUpdateWarehouse;
    private final PreparedStatement payWarehouse;
    private final PreparedStatement payUpdateDistrict;
    private final PreparedStatement payDistrict;
    private final PreparedStatement customerIdsByName;
    private final PreparedStatement payCustomer;
    private final PreparedStatement payCustomerData;
    private final PreparedStatement payUpdateCustomer;
    private final PreparedStatement payUpdateCustomerData;
    private final PreparedStatement payInsertHistory;

    // Order-Status
    private final PreparedStatement osCustomer;
    private final PreparedStatement osLastOrder;
    private final PreparedStatement osLines;

    // Delivery
    private final PreparedStatement dlOldest;
    private final PreparedStatement dlAnyNewOrder;
    private final PreparedStatement dlDeleteNewOrder;
    private final PreparedStatement dlOrderCustomer;
    private final PreparedStatement dlUpdateOrder;
    private final PreparedStatement dlUpdateLines;
    private final PreparedStatement dlSumLines;
    private final PreparedStatement dlUpdateCustomer;

    // Stock-Level
    private final PreparedStatement slNextOrder;
    private final PreparedStatement slLowStock;


    TpccClientSession(Connection connection) throws SQLException {
        super(connection);
        connection.setAutoCommit(false);

        noWarehouse = connection.prepareStatement("SELECT w_tax FROM warehouse WHERE w_id = ?");
        noDistrict = connection.prepareStatement(
                "SELECT d_tax, d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE");
        noDistrictNext = connection.prepareStatement(
                "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?");
        noCustomer = connection.prepareStatement(
                "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        noInsertOrder = connection.prepareStatement("INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, "
                + "o_carrier_id, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)");
        noInsertNewOrder = connection.prepareStatement(
                "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)");
        noItem = connection.prepareStatement("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?");
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            noStock[d - 1] = connection.prepareStatement(String.format(
                    "SELECT s_quantity, s_dist_%02d, s_data FROM stock WHERE s_w_id = ? AND s_i_id = ? FOR UPDATE", d));
        }
        noUpdateStock = connection.prepareStatement("UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, "
                + "s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?");
        noInsertLine = connection.prepareStatement("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, "
                + "ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) "
                + "VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)");

        payUpdateWarehouse = connection.prepareStatement("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?");
        payWarehouse = connection.prepareStatement(
                "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = ?");
        payUpdateDistrict = connection.prepareStatement(
                "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?");
        payDistrict = connection.prepareStatement("SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip "
                + "FROM district WHERE d_w_id = ? AND d_id = ?");
        // c_id only breaks ties between equal first names, so that the choice is deterministic
        customerIdsByName = connection.prepareStatement("SELECT c_id FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first, c_id");
        payCustomer = connection.prepareStatement("SELECT c_first, c_middle, c_last, c_street_1, c_street_2, "
                + "c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance "
                + "FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE");
        payCustomerData = connection.prepareStatement(
                "SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payUpdateCustomer = connection.prepareStatement("UPDATE customer SET c_balance = c_balance - ?, "
                + "c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1 "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payUpdateCustomerData = connection.prepareStatement("UPDATE customer SET c_balance = c_balance - ?, "
                + "c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1, c_data = ? "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payInsertHistory = connection.prepareStatement("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, "
                + "h_w_id, h_date, h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");

        osCustomer = connection.prepareStatement("SELECT c_balance, c_first, c_middle, c_last FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        osLastOrder = connection.prepareStatement("SELECT o_id, o_entry_d, o_carrier_id FROM oorder "
                + "WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1");
        osLines = connection.prepareStatement("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, "
                + "ol_delivery_d FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");

        dlOldest = connection.prepareStatement("SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? "
                + "ORDER BY no_o_id LIMIT 1 FOR UPDATE");
        dlAnyNewOrder = connection.prepareStatement(
                "SELECT MIN(no_o_id) FROM new_order WHERE no_w_id = ? AND no_d_id = ?");
        dlDeleteNewOrder = connection.prepareStatement(
                "DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?");
        dlOrderCustomer = connection.prepareStatement(
                "SELECT o_c_id FROM oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = ? FOR UPDATE");
        dlUpdateOrder = connection.prepareStatement(
                "UPDATE oorder SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?");
        dlUpdateLines = connection.prepareStatement(
                "UPDATE order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        dlSumLines = connection.prepareStatement(
                "SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");
        dlUpdateCustomer = connection.prepareStatement("UPDATE customer SET c_balance = c_balance + ?, "
                + "c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");

        slNextOrder = connection.prepareStatement("SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?");
        slLowStock = connection.prepareStatement("SELECT COUNT(DISTINCT s.s_i_id) FROM order_line ol "
                + "JOIN stock s ON s.s_w_id = ? AND s.s_i_id = ol.ol_i_id "
                + "WHERE ol.ol_w_id = ? AND ol.ol_d_id = ? AND ol.ol_o_id >= ? AND ol.ol_o_id < ? "
                + "AND s.s_quantity < ?");
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        Timestamp entry = new Timestamp(System.currentTimeMillis());

        BigDecimal wTax;
        noWarehouse.setInt(1, w);
        try (ResultSet rs = noWarehouse.executeQuery()) {
            wTax = required(rs, "warehouse", w).getBigDecimal(1);
        }
        BigDecimal dTax;
        int orderId;
        setInts(noDistrict, w, d);
        try (ResultSet rs = noDistrict.executeQuery()) {
            required(rs, "district", w, d);
            dTax = rs.getBigDecimal(1);
            orderId = rs.getInt(2);
        }
        setInts(noDistrictNext, w, d);
        noDistrictNext.executeUpdate();
        BigDecimal discount;
        setInts(noCustomer, w, d, r.customerId());
        try (ResultSet rs = noCustomer.executeQuery()) {
            discount = required(rs, "customer", w, d, r.customerId()).getBigDecimal(1);
            // C_LAST and C_CREDIT are displayed only
        }
        List<NewOrderRequest.Line> lines = r.lines();
        setInts(noInsertOrder, orderId, d, w, r.customerId());
        noInsertOrder.setTimestamp(5, entry);
        noInsertOrder.setInt(6, lines.size());
        noInsertOrder.setInt(7, r.allLocal() ? 1 : 0);
        noInsertOrder.executeUpdate();
        setInts(noInsertNewOrder, orderId, d, w);
        noInsertNewOrder.executeUpdate();

        Map<Long, StockRow> stock = lockStock(lines, d);
        BigDecimal sum = BigDecimal.ZERO;
        int number = 0;
        int brandLines = 0;
        for (NewOrderRequest.Line line : lines) {
            number++;
            BigDecimal price;
            String itemData;
            noItem.setInt(1, line.itemId());
            try (ResultSet rs = noItem.executeQuery()) {
                if (!rs.next()) {
                    // §2.4.2.3: "Item number is not valid"; everything before has really been done
                    connection.rollback();
                    lastOrderId = orderId;
                    lastTotalAmount = BigDecimal.ZERO;
                    return Outcome.BUSINESS_ROLLBACK;
                }
                price = rs.getBigDecimal(1);
                itemData = rs.getString(3); // I_NAME (2) is displayed only
            }
            StockRow s = stock.get(stockKey(line.supplyWarehouseId(), line.itemId()));
            if (s == null) {
                throw new SQLException("no stock row for item " + line.itemId() + " in warehouse "
                        + line.supplyWarehouseId());
            }
            int q = line.quantity();
            s.quantity = s.quantity - q >= STOCK_LOW_WATER ? s.quantity - q : s.quantity - q + STOCK_REFILL;
            boolean remote = line.supplyWarehouseId() != w;
            noUpdateStock.setInt(1, s.quantity);
            noUpdateStock.setInt(2, q);
            noUpdateStock.setInt(3, remote ? 1 : 0);
            noUpdateStock.setInt(4, line.supplyWarehouseId());
            noUpdateStock.setInt(5, line.itemId());
            noUpdateStock.executeUpdate();

            BigDecimal amount = price.multiply(BigDecimal.valueOf(q)).setScale(2, RoundingMode.UNNECESSARY);
            sum = sum.add(amount);
            if (itemData.contains(TpccRandom.ORIGINAL) && s.data.contains(TpccRandom.ORIGINAL)) {
                brandLines++; // brand-generic "B", else "G": displayed only
            }
            setInts(noInsertLine, orderId, d, w, number, line.itemId(), line.supplyWarehouseId(), q);
            noInsertLine.setBigDecimal(8, amount);
            noInsertLine.setString(9, s.distInfo);
            noInsertLine.executeUpdate();
        }
        connection.commit();
        lastOrderId = orderId;
        lastBrandLines = brandLines;
        lastTotalAmount = sum.multiply(BigDecimal.ONE.subtract(discount))
                .multiply(BigDecimal.ONE.add(wTax).add(dTax)).setScale(2, RoundingMode.HALF_UP);
        return Outcome.COMMITTED;
    }

    /** S_QUANTITY as the lines change it, S_DIST_xx and S_DATA of one STOCK row. */
    private static final class StockRow {
        int quantity;
        final String distInfo;
        final String data;

        StockRow(int quantity, String distInfo, String data) {
            this.quantity = quantity;
            this.distInfo = distInfo;
            this.data = data;
        }
    }

    /**
     * Locks and reads the STOCK rows of all lines in (S_W_ID, S_I_ID) order, each once even when
     * an item repeats. The unused item of a rollback order has no row and is simply absent.
     */
    private Map<Long, StockRow> lockStock(List<NewOrderRequest.Line> lines, int d) throws SQLException {
        TreeMap<Long, StockRow> rows = new TreeMap<>();
        for (NewOrderRequest.Line l : lines) {
            rows.put(stockKey(l.supplyWarehouseId(), l.itemId()), null);
        }
        PreparedStatement ps = noStock[d - 1];
        for (Map.Entry<Long, StockRow> e : rows.entrySet()) {
            int sw = (int) (e.getKey() >>> 32);
            int item = (int) (long) e.getKey();
            setInts(ps, sw, item);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    e.setValue(new StockRow(rs.getInt(1), rs.getString(2), rs.getString(3)));
                }
            }
        }
        return rows;
    }

    /** Sorts by warehouse, then item: both are positive ints. */
    private static long stockKey(int warehouse, int item) {
        return ((long) warehouse << 32) | item;
    }

    // ---------------------------------------------------------------- Payment (§2.5.2.2)

    @Override
    Outcome payment(PaymentRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        int cw = r.customerWarehouseId();
        int cd = r.customerDistrictId();
        BigDecimal amount = r.amount();
        Timestamp now = new Timestamp(System.currentTimeMillis());

        payUpdateWarehouse.setBigDecimal(1, amount);
        payUpdateWarehouse.setInt(2, w);
        if (payUpdateWarehouse.executeUpdate() != 1) {
            throw missing("warehouse", w);
        }
        String wName;
        payWarehouse.setInt(1, w);
        try (ResultSet rs = payWarehouse.executeQuery()) {
            wName = required(rs, "warehouse", w).getString(1);
        }
        payUpdateDistrict.setBigDecimal(1, amount);
        payUpdateDistrict.setInt(2, w);
        payUpdateDistrict.setInt(3, d);
        if (payUpdateDistrict.executeUpdate() != 1) {
            throw missing("district", w, d);
        }
        String dName;
        setInts(payDistrict, w, d);
        try (ResultSet rs = payDistrict.executeQuery()) {
            dName = required(rs, "district", w, d).getString(1);
        }

        int c = customerId(cw, cd, r.customer());
        String credit;
        setInts(payCustomer, cw, cd, c);
        try (ResultSet rs = payCustomer.executeQuery()) {
            credit = required(rs, "customer", cw, cd, c).getString(11);
        }
        if (BAD_CREDIT.equals(credit)) {
            String data;
            setInts(payCustomerData, cw, cd, c);
            try (ResultSet rs = payCustomerData.executeQuery()) {
                data = required(rs, "customer", cw, cd, c).getString(1);
            }
            payUpdateCustomerData.setBigDecimal(1, amount);
            payUpdateCustomerData.setBigDecimal(2, amount);
            payUpdateCustomerData.setString(3, badCreditData(c, cd, cw, d, w, amount, data));
            payUpdateCustomerData.setInt(4, cw);
            payUpdateCustomerData.setInt(5, cd);
            payUpdateCustomerData.setInt(6, c);
            payUpdateCustomerData.executeUpdate();
        } else {
            payUpdateCustomer.setBigDecimal(1, amount);
            payUpdateCustomer.setBigDecimal(2, amount);
            setIntsAt(payUpdateCustomer, 3, cw, cd, c);
            payUpdateCustomer.executeUpdate();
        }

        setInts(payInsertHistory, c, cd, cw, d, w);
        payInsertHistory.setTimestamp(6, now);
        payInsertHistory.setBigDecimal(7, amount);
        payInsertHistory.setString(8, wName + H_DATA_SEPARATOR + dName);
        payInsertHistory.executeUpdate();
        connection.commit();
        lastPaymentCustomerId = c;
        return Outcome.COMMITTED;
    }

    /**
     * The new C_DATA of a bad-credit customer: C_ID, C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT in
     * front of the old text, cut to 500 characters (the field format is ours).
     */
    static String badCreditData(int c, int cd, int cw, int d, int w, BigDecimal amount, String old) {
        String data = c + " " + cd + " " + cw + " " + d + " " + w + " " + amount.toPlainString() + " | " + old;
        return data.length() > C_DATA_MAX ? data.substring(0, C_DATA_MAX) : data;
    }

    /** By number, or the row at ⌈n/2⌉ (1-based) of the name's matches sorted by C_FIRST. */
    private int customerId(int w, int d, CustomerSelector selector) throws SQLException {
        if (!selector.byLastName()) {
            return selector.customerId();
        }
        customerIdsByName.setInt(1, w);
        customerIdsByName.setInt(2, d);
        customerIdsByName.setString(3, selector.lastName());
        List<Integer> ids = new ArrayList<>();
        try (ResultSet rs = customerIdsByName.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        if (ids.isEmpty()) {
            throw new SQLException("no customer named " + selector.lastName() + " in warehouse " + w
                    + ", district " + d);
        }
        return ids.get((ids.size() - 1) / 2);
    }

    // ---------------------------------------------------------------- Order-Status (§2.6.2.2)

    @Override
    Outcome orderStatus(OrderStatusRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        int c = customerId(w, d, r.customer());
        setInts(osCustomer, w, d, c);
        try (ResultSet rs = osCustomer.executeQuery()) {
            required(rs, "customer", w, d, c); // C_BALANCE, C_FIRST, C_MIDDLE, C_LAST are displayed
        }
        int orderId = 0;
        int lines = 0;
        setInts(osLastOrder, w, d, c);
        try (ResultSet rs = osLastOrder.executeQuery()) {
            if (rs.next()) {
                orderId = rs.getInt(1);
            }
        }
        if (orderId > 0) {
            setInts(osLines, w, d, orderId);
            try (ResultSet rs = osLines.executeQuery()) {
                while (rs.next()) {
                    lines++;
                }
            }
        }
        connection.commit();
        lastOrderStatusCustomerId = c;
        lastOrderStatusOrderId = orderId;
        lastOrderStatusLines = lines;
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Delivery (§2.7.4.2)

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        int w = r.warehouseId();
        Timestamp now = new Timestamp(System.currentTimeMillis());
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        int skipped = 0;
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            int orderId = claimOldestNewOrder(w, d);
            if (orderId == 0) {
                skipped++;
                continue;
            }
            int c;
            setInts(dlOrderCustomer, w, d, orderId);
            try (ResultSet rs = dlOrderCustomer.executeQuery()) {
                c = required(rs, "order", w, d, orderId).getInt(1);
            }
            setInts(dlUpdateOrder, r.carrierId(), w, d, orderId);
            dlUpdateOrder.executeUpdate();
            dlUpdateLines.setTimestamp(1, now);
            setIntsAt(dlUpdateLines, 2, w, d, orderId);
            dlUpdateLines.executeUpdate();
            BigDecimal sum;
            setInts(dlSumLines, w, d, orderId);
            try (ResultSet rs = dlSumLines.executeQuery()) {
                rs.next();
                sum = rs.getBigDecimal(1);
            }
            if (sum == null) {
                sum = BigDecimal.ZERO;
            }
            dlUpdateCustomer.setBigDecimal(1, sum);
            setIntsAt(dlUpdateCustomer, 2, w, d, c);
            if (dlUpdateCustomer.executeUpdate() != 1) {
                throw missing("customer", w, d, c);
            }
            delivered.add(new DeliveredOrder(d, orderId));
        }
        connection.commit();
        lastDelivered = List.copyOf(delivered);
        lastDeliverySkipped = skipped;
        return Outcome.COMMITTED;
    }

    /**
     * Locks and deletes the district's oldest NEW-ORDER row and returns its O_ID, or 0 when the
     * district has none. Under READ COMMITTED a concurrent Delivery may take the row this one
     * waited for: the locking read then comes back empty (or the delete finds nothing) although
     * younger orders remain, so the district is read again rather than wrongly skipped.
     */
    private int claimOldestNewOrder(int w, int d) throws SQLException {
        for (int attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt++) {
            int orderId = 0;
            setInts(dlOldest, w, d);
            try (ResultSet rs = dlOldest.executeQuery()) {
                if (rs.next()) {
                    orderId = rs.getInt(1);
                }
            }
            if (orderId == 0) {
                setInts(dlAnyNewOrder, w, d);
                try (ResultSet rs = dlAnyNewOrder.executeQuery()) {
                    rs.next();
                    rs.getInt(1);
                    if (rs.wasNull()) {
                        return 0;
                    }
                }
                continue;
            }
            setInts(dlDeleteNewOrder, w, d, orderId);
            if (dlDeleteNewOrder.executeUpdate() == 1) {
                return orderId;
            }
        }
        throw new SQLException("delivery could not claim a new order in warehouse " + w + ", district " + d);
    }

    // ---------------------------------------------------------------- Stock-Level (§2.8.2.2)

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        int w = r.warehouseId();
        int d = r.districtId();
        int next;
        setInts(slNextOrder, w, d);
        try (ResultSet rs = slNextOrder.executeQuery()) {
            next = required(rs, "district", w, d).getInt(1);
        }
        setInts(slLowStock, w, w, d, next - STOCK_LEVEL_ORDERS, next, r.threshold());
        try (ResultSet rs = slLowStock.executeQuery()) {
            rs.next();
            lastLowStock = rs.getInt(1);
        }
        connection.commit();
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- helpers

    private static void setInts(PreparedStatement ps, int... values) throws SQLException {
        setIntsAt(ps, 1, values);
    }

    private static void setIntsAt(PreparedStatement ps, int first, int... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            ps.setInt(first + i, values[i]);
        }
    }

    /** Moves to the first row, or fails naming the missing row. */
    private static ResultSet required(ResultSet rs, String table, int... key) throws SQLException {
        if (!rs.next()) {
            throw missing(table, key);
        }
        return rs;
    }

    private static SQLException missing(String table, int... key) {
        return new SQLException("no " + table + " row " + Arrays.toString(key));
    }
}
