package io.tpkit.tpcc;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What both TPC-C sessions (client-side SQL and stored procedures) share: the connection, what
 * the previous transaction of each kind showed on the terminal ({@link TpccOutput}, checked
 * against its input after every transaction; tests compare the two variants by it, and the
 * Delivery result is made from it), and the readers of the output rows both variants return.
 * Not thread-safe: one session per terminal.
 */
abstract class TpccSession implements Session {
    /** One order delivered by the last Delivery. */
    record DeliveredOrder(int districtId, int orderId) {
    }

    final SessionConnection connection;
    TpccOutput.NewOrder lastNewOrder;
    TpccOutput.Payment lastPayment;
    TpccOutput.OrderStatus lastOrderStatus;
    TpccOutput.Delivery lastDelivery;
    TpccOutput.StockLevel lastStockLevel;

    TpccSession(SessionConnection connection) {
        this.connection = connection;
    }

    /**
     * Runs the transaction, then checks what the terminal shows against the input
     * ({@link TpccOutput#check}): a screen that does not fit its input, or none, fails the
     * transaction (an error of class OTHER, not retried).
     */
    @Override
    public final Outcome execute(Request request) throws SQLException {
        switch (request) {
            case NewOrderRequest r -> {
                lastNewOrder = null;
                Outcome o = newOrder(r);
                TpccOutput.check(r, shown(lastNewOrder));
                if (lastNewOrder.rolledBack() != (o == Outcome.BUSINESS_ROLLBACK)) {
                    throw new SQLException("tpcc: new-order ended " + o + " but showed " + lastNewOrder);
                }
                return o;
            }
            case PaymentRequest r -> {
                lastPayment = null;
                Outcome o = payment(r);
                TpccOutput.check(r, shown(lastPayment));
                return o;
            }
            case OrderStatusRequest r -> {
                lastOrderStatus = null;
                Outcome o = orderStatus(r);
                TpccOutput.check(r, shown(lastOrderStatus));
                return o;
            }
            case DeliveryRequest r -> {
                lastDelivery = null;
                Outcome o = delivery(r);
                TpccOutput.check(r, shown(lastDelivery));
                return o;
            }
            case StockLevelRequest r -> {
                lastStockLevel = null;
                Outcome o = stockLevel(r);
                TpccOutput.check(r, shown(lastStockLevel));
                return o;
            }
            default -> throw new IllegalArgumentException("not a TPC-C request: " + request);
        }
    }

    private static <T> T shown(T output) throws SQLException {
        if (output == null) {
            throw new SQLException("tpcc: the transaction ended without showing its output");
        }
        return output;
    }

    abstract Outcome newOrder(NewOrderRequest r) throws SQLException;

    abstract Outcome payment(PaymentRequest r) throws SQLException;

    abstract Outcome orderStatus(OrderStatusRequest r) throws SQLException;

    abstract Outcome delivery(DeliveryRequest r) throws SQLException;

    abstract Outcome stockLevel(StockLevelRequest r) throws SQLException;

    // ---------------------------------------------------------------- what the terminal showed

    /** The last New-Order's screen (also of a rolled-back one). */
    TpccOutput.NewOrder lastNewOrder() {
        return lastNewOrder;
    }

    TpccOutput.Payment lastPayment() {
        return lastPayment;
    }

    TpccOutput.OrderStatus lastOrderStatus() {
        return lastOrderStatus;
    }

    TpccOutput.Delivery lastDelivery() {
        return lastDelivery;
    }

    TpccOutput.StockLevel lastStockLevel() {
        return lastStockLevel;
    }

    /** O_ID of the last New-Order (also of a rolled-back one). */
    int lastOrderId() {
        return lastNewOrder.orderId();
    }

    /** The displayed total of the last committed New-Order, with tax and discount; zero after a rollback. */
    BigDecimal lastTotalAmount() {
        return lastNewOrder.rolledBack() ? BigDecimal.ZERO : lastNewOrder.totalAmount();
    }

    /** C_ID the last Payment was applied to. */
    int lastPaymentCustomerId() {
        return lastPayment.customerId();
    }

    int lastOrderStatusCustomerId() {
        return lastOrderStatus.customerId();
    }

    /** O_ID of the order the last Order-Status showed, 0 when the customer had none. */
    int lastOrderStatusOrderId() {
        return lastOrderStatus.orderId();
    }

    int lastOrderStatusLines() {
        return lastOrderStatus.lines().size();
    }

    /** The orders the last Delivery delivered, by district. */
    List<DeliveredOrder> lastDelivered() {
        return lastDelivery.delivered();
    }

    /** How many of the 10 districts the last Delivery skipped because they had no new order. */
    int lastDeliverySkipped() {
        return lastDelivery.skipped();
    }

    /**
     * The Delivery result the spec asks for (§2.7.2.3), without the times the scheduler adds: the
     * warehouse, the carrier, each district's delivered order, and the districts skipped.
     */
    @Override
    public io.tpkit.spi.workload.DeferredResult deferredResult(Request executed) {
        if (!(executed instanceof DeliveryRequest r) || lastDelivery == null) {
            return null;
        }
        StringBuilder detail = new StringBuilder("W_ID=").append(r.warehouseId()).append(" O_CARRIER_ID=")
                .append(r.carrierId()).append(" delivered D_ID:O_ID");
        for (DeliveredOrder o : lastDelivery.delivered()) {
            detail.append(' ').append(o.districtId()).append(':').append(o.orderId());
        }
        return new io.tpkit.spi.workload.DeferredResult(detail.toString(), lastDelivery.skipped());
    }

    /** low_stock of the last Stock-Level. */
    int lastLowStock() {
        return lastStockLevel.lowStock();
    }

    /**
     * The Order-Status screen from rows (C_ID, C_BALANCE, C_FIRST, C_MIDDLE, C_LAST, O_ID,
     * O_ENTRY_D, O_CARRIER_ID, OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D): one
     * per line, or one with NULL order and line columns; null without rows. The stored
     * procedures return the same rows.
     */
    static TpccOutput.OrderStatus orderStatusShown(java.sql.ResultSet rs, int w, int d) throws SQLException {
        if (!rs.next()) {
            return null;
        }
        int customer = rs.getInt(1);
        BigDecimal balance = rs.getBigDecimal(2);
        String first = rs.getString(3);
        String middle = rs.getString(4);
        String last = rs.getString(5);
        int orderId = rs.getInt(6);
        java.time.LocalDateTime entry = rs.getObject(7, java.time.LocalDateTime.class);
        int carrierId = rs.getInt(8);
        Integer carrier = rs.wasNull() ? null : carrierId;
        List<TpccOutput.OrderStatusLine> lines = new ArrayList<>();
        do {
            int item = rs.getInt(9);
            if (!rs.wasNull()) {
                lines.add(new TpccOutput.OrderStatusLine(rs.getInt(10), item, rs.getInt(11), rs.getBigDecimal(12),
                        rs.getObject(13, java.time.LocalDateTime.class)));
            }
        } while (rs.next());
        return new TpccOutput.OrderStatus(w, d, customer, first, middle, last, balance, orderId, entry, carrier, lines);
    }

    /**
     * The Payment screen from a row (C_ID, C_FIRST, C_MIDDLE, C_LAST, C_STREET_1, C_STREET_2,
     * C_CITY, C_STATE, C_ZIP, C_PHONE, C_SINCE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE,
     * the first 200 characters of C_DATA or NULL, W_STREET_1 .. W_ZIP, D_STREET_1 .. D_ZIP,
     * H_DATE), the row the client statements and the stored procedures return alike.
     */
    static TpccOutput.Payment paymentShown(java.sql.ResultSet rs, PaymentRequest r) throws SQLException {
        return new TpccOutput.Payment(r.warehouseId(), r.districtId(), address(rs, 17), address(rs, 22), rs.getInt(1),
                r.customerDistrictId(), r.customerWarehouseId(), rs.getString(2), rs.getString(3), rs.getString(4),
                address(rs, 5), rs.getString(10), rs.getObject(11, java.time.LocalDateTime.class), rs.getString(12),
                rs.getBigDecimal(13), rs.getBigDecimal(14), rs.getBigDecimal(15), rs.getString(16), r.amount(),
                rs.getObject(27, java.time.LocalDateTime.class));
    }

    /** The five columns of an address, from {@code first} on. */
    private static TpccOutput.Address address(java.sql.ResultSet rs, int first) throws SQLException {
        return new TpccOutput.Address(rs.getString(first), rs.getString(first + 1), rs.getString(first + 2),
                rs.getString(first + 3), rs.getString(first + 4));
    }

    @Override
    public final SessionConnection connection() {
        return connection;
    }
}
