package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.Outcome;
import java.math.BigDecimal;
import java.sql.Array;
import io.tpkit.spi.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The five TPC-C transactions as one call each of the PL/pgSQL functions that
 * {@code prepareRun} installs from {@code procedures.sql} ({@code --logic procedure}). The
 * functions do the reads and writes of {@link TpccClientSession}, in its lock order; the calls
 * are prepared once per connection.
 *
 * <p>Auto-commit is on, so each call is its own transaction and commits when it returns: one
 * round trip per business transaction. With auto-commit off every call would need a second
 * round trip for the commit (and the rollback case one for the rollback), which is what this
 * variant exists to save. A failed call leaves nothing behind, so the scheduler's retry with
 * the same request starts from a clean state as it does for the client variant.
 *
 * <p>New-Order's unused item makes the function raise SQLSTATE {@value #ITEM_NOT_VALID} after
 * the valid lines before it were processed; the error undoes the transaction and this session
 * reports {@link Outcome#BUSINESS_ROLLBACK}, not an error.
 *
 * <p>Not thread-safe: one session per terminal. The {@code last...} accessors mirror those of
 * {@link TpccClientSession}.
 */
final class TpccProcedureSession extends TpccSession {
    /** The SQLSTATE {@code tpcc_new_order} raises for the unused item (§2.4.2.3). */
    static final String ITEM_NOT_VALID = "TPC01";
    private static final Pattern ORDER_ID = Pattern.compile("\\(order (\\d+)\\)");

    private final PreparedStatement newOrder;
    private final PreparedStatement payment;
    private final PreparedStatement orderStatus;
    private final PreparedStatement delivery;
    private final PreparedStatement stockLevel;


    TpccProcedureSession(SessionConnection connection) throws SQLException {
        super(connection);
        connection.setAutoCommit(true);
        newOrder = connection.prepare("SELECT * FROM tpcc_new_order(?, ?, ?, ?, ?, ?)");
        payment = connection.prepare("SELECT tpcc_payment(?, ?, ?, ?, ?, ?, ?)");
        orderStatus = connection.prepare("SELECT * FROM tpcc_order_status(?, ?, ?, ?)");
        delivery = connection.prepare("SELECT tpcc_delivery(?, ?)");
        stockLevel = connection.prepare("SELECT tpcc_stock_level(?, ?, ?)");
    }

    @Override
    Outcome newOrder(NewOrderRequest r) throws SQLException {
        List<NewOrderRequest.Line> lines = r.lines();
        Integer[] items = new Integer[lines.size()];
        Integer[] supply = new Integer[lines.size()];
        Integer[] quantities = new Integer[lines.size()];
        for (int i = 0; i < items.length; i++) {
            items[i] = lines.get(i).itemId();
            supply[i] = lines.get(i).supplyWarehouseId();
            quantities[i] = lines.get(i).quantity();
        }
        newOrder.setInt(1, r.warehouseId());
        newOrder.setInt(2, r.districtId());
        newOrder.setInt(3, r.customerId());
        newOrder.setArray(4, intArray(items));
        newOrder.setArray(5, intArray(supply));
        newOrder.setArray(6, intArray(quantities));
        try (ResultSet rs = connection.query(newOrder)) {
            rs.next();
            lastOrderId = rs.getInt(1);
            lastTotalAmount = rs.getBigDecimal(2);
            lastBrandLines = rs.getInt(3);
            return Outcome.COMMITTED;
        } catch (SQLException e) {
            if (!ITEM_NOT_VALID.equals(e.getSQLState())) {
                throw e;
            }
            // the function's error undid the whole transaction: nothing to roll back here
            Matcher m = ORDER_ID.matcher(String.valueOf(e.getMessage()));
            lastOrderId = m.find() ? Integer.parseInt(m.group(1)) : 0;
            lastTotalAmount = BigDecimal.ZERO;
            return Outcome.BUSINESS_ROLLBACK;
        }
    }

    private Array intArray(Integer[] values) throws SQLException {
        return connection.jdbc().createArrayOf("integer", values);
    }

    @Override
    Outcome payment(PaymentRequest r) throws SQLException {
        payment.setInt(1, r.warehouseId());
        payment.setInt(2, r.districtId());
        payment.setInt(3, r.customerWarehouseId());
        payment.setInt(4, r.customerDistrictId());
        setCustomer(payment, 5, r.customer());
        payment.setBigDecimal(7, r.amount());
        try (ResultSet rs = connection.query(payment)) {
            rs.next();
            lastPaymentCustomerId = rs.getInt(1);
        }
        return Outcome.COMMITTED;
    }

    @Override
    Outcome orderStatus(OrderStatusRequest r) throws SQLException {
        orderStatus.setInt(1, r.warehouseId());
        orderStatus.setInt(2, r.districtId());
        setCustomer(orderStatus, 3, r.customer());
        try (ResultSet rs = connection.query(orderStatus)) {
            rs.next();
            lastOrderStatusCustomerId = rs.getInt(1);
            lastOrderStatusOrderId = rs.getInt(2);
            lastOrderStatusLines = rs.getInt(3);
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

    @Override
    Outcome delivery(DeliveryRequest r) throws SQLException {
        delivery.setInt(1, r.warehouseId());
        delivery.setInt(2, r.carrierId());
        Integer[] orders;
        try (ResultSet rs = connection.query(delivery)) {
            rs.next();
            orders = (Integer[]) rs.getArray(1).getArray();
        }
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        int skipped = 0;
        for (int d = 1; d <= orders.length; d++) {
            if (orders[d - 1] == 0) {
                skipped++;
            } else {
                delivered.add(new DeliveredOrder(d, orders[d - 1]));
            }
        }
        lastDelivered = List.copyOf(delivered);
        lastDeliverySkipped = skipped;
        return Outcome.COMMITTED;
    }

    @Override
    Outcome stockLevel(StockLevelRequest r) throws SQLException {
        stockLevel.setInt(1, r.warehouseId());
        stockLevel.setInt(2, r.districtId());
        stockLevel.setInt(3, r.threshold());
        try (ResultSet rs = connection.query(stockLevel)) {
            rs.next();
            lastLowStock = rs.getInt(1);
        }
        return Outcome.COMMITTED;
    }
}
