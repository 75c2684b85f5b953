package io.tpkit.tpcc;

import io.tpkit.spi.Outcome;
import io.tpkit.spi.Request;
import io.tpkit.spi.Session;
import java.math.BigDecimal;
import io.tpkit.spi.SessionConnection;
import java.sql.SQLException;
import java.util.List;

/**
 * What both TPC-C sessions (client-side SQL and stored procedures) share: the connection, and
 * what the previous transaction of each kind showed on the terminal (for tests, which compare
 * the two variants, and for the Delivery result). Not thread-safe: one session per terminal.
 */
abstract class TpccSession implements Session {
    /** One order delivered by the last Delivery. */
    record DeliveredOrder(int districtId, int orderId) {
    }

    final SessionConnection connection;
    int lastOrderId;
    BigDecimal lastTotalAmount = BigDecimal.ZERO;
    int lastBrandLines;
    int lastPaymentCustomerId;
    int lastOrderStatusCustomerId;
    int lastOrderStatusOrderId;
    int lastOrderStatusLines;
    List<DeliveredOrder> lastDelivered = List.of();
    int lastDeliverySkipped;
    int lastLowStock;

    TpccSession(SessionConnection connection) {
        this.connection = connection;
    }

    @Override
    public final Outcome execute(Request request) throws SQLException {
        return switch (request) {
            case NewOrderRequest r -> newOrder(r);
            case PaymentRequest r -> payment(r);
            case OrderStatusRequest r -> orderStatus(r);
            case DeliveryRequest r -> delivery(r);
            case StockLevelRequest r -> stockLevel(r);
            default -> throw new IllegalArgumentException("not a TPC-C request: " + request);
        };
    }

    abstract Outcome newOrder(NewOrderRequest r) throws SQLException;

    abstract Outcome payment(PaymentRequest r) throws SQLException;

    abstract Outcome orderStatus(OrderStatusRequest r) throws SQLException;

    abstract Outcome delivery(DeliveryRequest r) throws SQLException;

    abstract Outcome stockLevel(StockLevelRequest r) throws SQLException;

    // ---------------------------------------------------------------- what the terminal showed

    /** O_ID of the last New-Order (also of a rolled-back one). */
    int lastOrderId() {
        return lastOrderId;
    }

    /** The displayed total of the last committed New-Order, with tax and discount. */
    BigDecimal lastTotalAmount() {
        return lastTotalAmount;
    }

    /** How many lines of the last committed New-Order were brand-generic "B". */
    int lastBrandLines() {
        return lastBrandLines;
    }

    /** C_ID the last Payment was applied to. */
    int lastPaymentCustomerId() {
        return lastPaymentCustomerId;
    }

    int lastOrderStatusCustomerId() {
        return lastOrderStatusCustomerId;
    }

    /** O_ID of the order the last Order-Status showed, 0 when the customer had none. */
    int lastOrderStatusOrderId() {
        return lastOrderStatusOrderId;
    }

    int lastOrderStatusLines() {
        return lastOrderStatusLines;
    }

    /** The orders the last Delivery delivered, by district. */
    List<DeliveredOrder> lastDelivered() {
        return lastDelivered;
    }

    /** How many of the 10 districts the last Delivery skipped because they had no new order. */
    int lastDeliverySkipped() {
        return lastDeliverySkipped;
    }

    /**
     * The Delivery result the spec asks for (§2.7.2.3), without the times the scheduler adds: the
     * warehouse, the carrier, each district's delivered order, and the districts skipped.
     */
    @Override
    public io.tpkit.spi.DeferredResult deferredResult(Request executed) {
        if (!(executed instanceof DeliveryRequest r)) {
            return null;
        }
        StringBuilder detail = new StringBuilder("W_ID=").append(r.warehouseId()).append(" O_CARRIER_ID=")
                .append(r.carrierId()).append(" delivered D_ID:O_ID");
        for (DeliveredOrder o : lastDelivered) {
            detail.append(' ').append(o.districtId()).append(':').append(o.orderId());
        }
        return new io.tpkit.spi.DeferredResult(detail.toString(), lastDeliverySkipped);
    }

    /** low_stock of the last Stock-Level. */
    int lastLowStock() {
        return lastLowStock;
    }

    @Override
    public final SessionConnection connection() {
        return connection;
    }
}
