package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.database.SqlFeature;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.NamedSql;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The five TPC-C transactions as one call each of the stored routines that {@code prepareRun}
 * installs from the dialect's {@code procedures/DIALECT.sql} ({@code --logic procedure}), each
 * called by the dialect's {@code call-*} statement: PL/pgSQL functions called with
 * {@code SELECT * FROM f(...)} on PostgreSQL, stored procedures called with {@code CALL p(...)}
 * (the default) on MySQL/MariaDB. New-Order's lines go as three int arrays where the database
 * takes arrays as parameters ({@link SqlFeature#ARRAY_PARAMETERS}), else as one JSON text.
 * The routines do the reads and writes of
 * {@link TpccClientSession}, in its lock order, and return everything the terminal shows in
 * the rows the client statements return, so this session fills the same {@link TpccOutput}
 * records. The calls are plain prepared statements, prepared once per connection: Connector/J
 * reads no procedure metadata for them, as it would for a {@code CallableStatement}.
 *
 * <p>Auto-commit is on, so each call is its own transaction and commits when it returns
 * (PL/pgSQL: the calling statement's transaction; MySQL: the procedure's own START TRANSACTION
 * ... COMMIT): one round trip per business transaction. A failed call leaves nothing behind, so
 * the scheduler's retry with the same request starts from a clean state as it does for the
 * client variant.
 *
 * <p>New-Order's unused item (§2.4.2.3): the PostgreSQL function raises SQLSTATE
 * {@value #ITEM_NOT_VALID} after the valid lines before it were processed, the error undoes the
 * transaction, and its message carries O_ID, C_CREDIT and C_LAST; the MySQL procedure rolls back
 * itself and returns the rollback screen (no total). Both are {@link Outcome#BUSINESS_ROLLBACK},
 * not an error.
 *
 * <p>Not thread-safe: one session per terminal.
 */
final class TpccProcedureSession extends TpccSession {
    /** The named blocks this session prepares. */
    static final List<String> STATEMENTS = List.of("call-new-order", "call-payment", "call-order-status",
            "call-delivery", "call-stock-level");
    /** The SQLSTATE {@code tpcc_new_order} raises on PostgreSQL for the unused item (§2.4.2.3). */
    static final String ITEM_NOT_VALID = "TPC01";
    private static final Pattern ROLLBACK_SCREEN =
            Pattern.compile("\\(order (\\d+), C_CREDIT (\\S+), C_LAST (\\S+)\\)");

    /** New-Order's lines as three arrays, not as one JSON text. */
    private final boolean arrays;
    private final PreparedStatement newOrder;
    private final PreparedStatement payment;
    private final PreparedStatement orderStatus;
    private final PreparedStatement delivery;
    private final PreparedStatement stockLevel;

    TpccProcedureSession(SessionConnection connection, TpccDialect dialect) throws SQLException {
        super(connection);
        arrays = dialect.has(SqlFeature.ARRAY_PARAMETERS);
        connection.setAutoCommit(true);
        NamedSql sql = dialect.sql();
        newOrder = connection.prepare(sql.sql("call-new-order"));
        payment = connection.prepare(sql.sql("call-payment"));
        orderStatus = connection.prepare(sql.sql("call-order-status"));
        delivery = connection.prepare(sql.sql("call-delivery"));
        stockLevel = connection.prepare(sql.sql("call-stock-level"));
    }

    // ---------------------------------------------------------------- New-Order (§2.4.2.2)

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        List<NewOrderRequest.Line> lines = r.lines();
        newOrder.setInt(1, r.warehouseId());
        newOrder.setInt(2, r.districtId());
        newOrder.setInt(3, r.customerId());
        if (arrays) {
            Integer[] items = new Integer[lines.size()];
            Integer[] supply = new Integer[lines.size()];
            Integer[] quantities = new Integer[lines.size()];
            for (int i = 0; i < items.length; i++) {
                items[i] = lines.get(i).itemId();
                supply[i] = lines.get(i).supplyWarehouseId();
                quantities[i] = lines.get(i).quantity();
            }
            newOrder.setArray(4, connection.jdbc().createArrayOf("integer", items));
            newOrder.setArray(5, connection.jdbc().createArrayOf("integer", supply));
            newOrder.setArray(6, connection.jdbc().createArrayOf("integer", quantities));
        } else {
            // [[OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY], ...] in line order
            StringBuilder json = new StringBuilder(lines.size() * 16).append('[');
            for (NewOrderRequest.Line l : lines) {
                json.append(json.length() == 1 ? "[" : ",[").append(l.itemId()).append(',')
                        .append(l.supplyWarehouseId()).append(',').append(l.quantity()).append(']');
            }
            newOrder.setString(4, json.append(']').toString());
        }
        try (ResultSet rs = connection.query(newOrder)) {
            lastNewOrder = newOrderShown(rs, r);
        } catch (SQLException e) {
            Matcher m = ROLLBACK_SCREEN.matcher(String.valueOf(e.getMessage()));
            if (!ITEM_NOT_VALID.equals(e.getSQLState()) || !m.find()) {
                throw e;
            }
            // the function's error undid the whole transaction: nothing to roll back here
            lastNewOrder = TpccOutput.NewOrder.rolledBack(r, Integer.parseInt(m.group(1)), m.group(3), m.group(2));
        }
        return lastNewOrder.rolledBack() ? Outcome.BUSINESS_ROLLBACK : Outcome.COMMITTED;
    }

    /**
     * The New-Order screen from the routine's rows (O_ID, C_LAST, C_CREDIT, C_DISCOUNT, W_TAX,
     * D_TAX, O_ENTRY_D, total, then OL_SUPPLY_W_ID, OL_I_ID, I_NAME, OL_QUANTITY, S_QUANTITY,
     * brand-generic, I_PRICE, OL_AMOUNT): one per line; one without a total is the rollback screen.
     */
    private static TpccOutput.NewOrder newOrderShown(ResultSet rs, NewOrderRequest r) throws SQLException {
        if (!rs.next()) {
            throw new SQLException("tpcc_new_order returned no row");
        }
        int orderId = rs.getInt(1);
        String last = rs.getString(2);
        String credit = rs.getString(3);
        BigDecimal total = rs.getBigDecimal(8);
        if (total == null) {
            return TpccOutput.NewOrder.rolledBack(r, orderId, last, credit);
        }
        BigDecimal discount = rs.getBigDecimal(4);
        BigDecimal warehouseTax = rs.getBigDecimal(5);
        BigDecimal districtTax = rs.getBigDecimal(6);
        LocalDateTime entry = rs.getObject(7, LocalDateTime.class);
        List<TpccOutput.NewOrderLine> lines = new ArrayList<>(r.lines().size());
        do {
            String brand = rs.getString(14);
            lines.add(new TpccOutput.NewOrderLine(rs.getInt(9), rs.getInt(10), rs.getString(11), rs.getInt(12),
                    rs.getInt(13), brand == null || brand.isEmpty() ? ' ' : brand.charAt(0), rs.getBigDecimal(15),
                    rs.getBigDecimal(16)));
        } while (rs.next());
        return new TpccOutput.NewOrder(r.warehouseId(), r.districtId(), r.customerId(), orderId, false, last, credit,
                discount, warehouseTax, districtTax, entry, total, lines);
    }

    // ---------------------------------------------------------------- Payment (§2.5.2.2)

    @Override
    Outcome payment(PaymentRequest r) throws SQLException {
        payment.setInt(1, r.warehouseId());
        payment.setInt(2, r.districtId());
        payment.setInt(3, r.customerWarehouseId());
        payment.setInt(4, r.customerDistrictId());
        setCustomer(payment, 5, r.customer());
        payment.setBigDecimal(7, r.amount());
        try (ResultSet rs = connection.query(payment)) {
            TpccClientSession.required(rs, "customer", r.customerWarehouseId(), r.customerDistrictId(),
                    r.customer().customerId());
            lastPayment = paymentShown(rs, r);
        }
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Order-Status (§2.6.2.2)

    @Override
    Outcome orderStatus(OrderStatusRequest r) throws SQLException {
        orderStatus.setInt(1, r.warehouseId());
        orderStatus.setInt(2, r.districtId());
        setCustomer(orderStatus, 3, r.customer());
        try (ResultSet rs = connection.query(orderStatus)) {
            lastOrderStatus = orderStatusShown(rs, r.warehouseId(), r.districtId());
        }
        if (lastOrderStatus == null) {
            throw TpccClientSession.missing("customer", r.warehouseId(), r.districtId(), r.customer().customerId());
        }
        return Outcome.COMMITTED;
    }

    /** C_ID (0 when chosen by name) and C_LAST (null when chosen by number). */
    private static void setCustomer(PreparedStatement ps, int at, CustomerSelector customer) throws SQLException {
        ps.setInt(at, customer.customerId());
        if (customer.byLastName()) {
            ps.setString(at + 1, customer.lastName());
        } else {
            ps.setNull(at + 1, Types.VARCHAR);
        }
    }

    // ---------------------------------------------------------------- Delivery (§2.7.4.2)

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        delivery.setInt(1, r.warehouseId());
        delivery.setInt(2, r.carrierId());
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        try (ResultSet rs = connection.query(delivery)) {
            while (rs.next()) {
                delivered.add(new DeliveredOrder(rs.getInt(1), rs.getInt(2)));
            }
        }
        lastDelivery = new TpccOutput.Delivery(r.warehouseId(), r.carrierId(), delivered,
                DISTRICTS_PER_WAREHOUSE - delivered.size());
        return Outcome.COMMITTED;
    }

    // ---------------------------------------------------------------- Stock-Level (§2.8.2.2)

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        stockLevel.setInt(1, r.warehouseId());
        stockLevel.setInt(2, r.districtId());
        stockLevel.setInt(3, r.threshold());
        try (ResultSet rs = connection.query(stockLevel)) {
            TpccClientSession.required(rs, "district", r.warehouseId(), r.districtId());
            lastStockLevel = new TpccOutput.StockLevel(r.warehouseId(), r.districtId(), r.threshold(), rs.getInt(1));
        }
        return Outcome.COMMITTED;
    }
}
