package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccClientSession.missing;
import static io.tpkit.tpcc.TpccClientSession.required;
import static io.tpkit.tpcc.TpccClientSession.setInts;
import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.tpcc.TpccSession.DeliveredOrder;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Delivery (§2.7.4.2) as {@link TpccInteractiveSession} runs it, one statement per round trip,
 * district by district: the oldest new order locked and deleted, the order's customer read and
 * its carrier set, the lines' delivery date set and their amount read, the customer paid.
 */
final class InteractiveDelivery {
    /** How often Delivery looks again for a district's oldest order that another Delivery took. */
    private static final int DELIVERY_ATTEMPTS = 100;

    /** Prepares the dialect's named block, which must be one statement. */
    interface Prepare {
        PreparedStatement prepare(String name) throws SQLException;
    }

    private final SessionConnection connection;
    private final PreparedStatement oldestNewOrder;
    private final PreparedStatement newOrdersLeft;
    private final PreparedStatement deleteNewOrder;
    private final PreparedStatement orderCustomer;
    private final PreparedStatement orderCarrier;
    private final PreparedStatement linesDelivered;
    private final PreparedStatement linesAmount;
    private final PreparedStatement customerDelivered;

    InteractiveDelivery(SessionConnection connection, Prepare prepare) throws SQLException {
        this.connection = connection;
        oldestNewOrder = prepare.prepare("interactive.oldest-new-order");
        newOrdersLeft = prepare.prepare("interactive.new-orders-left");
        deleteNewOrder = prepare.prepare("interactive.delete-new-order");
        orderCustomer = prepare.prepare("interactive.order-customer");
        orderCarrier = prepare.prepare("interactive.order-carrier");
        linesDelivered = prepare.prepare("interactive.lines-delivered");
        linesAmount = prepare.prepare("interactive.lines-amount");
        customerDelivered = prepare.prepare("interactive.customer-delivered");
    }

    /** Delivers the warehouse's oldest new order of each district, and commits; returns what the terminal shows. */
    TpccOutput.Delivery run(DeliveryRequest r) throws SQLException {
        int w = r.warehouseId();
        List<DeliveredOrder> delivered = new ArrayList<>(DISTRICTS_PER_WAREHOUSE);
        for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
            int orderId = oldestNewOrder(w, d);
            if (orderId == 0) {
                continue; // none: the district is skipped
            }
            setInts(orderCustomer, 1, w, d, orderId);
            int c;
            try (ResultSet rs = connection.query(orderCustomer)) {
                required(rs, "order", w, d, orderId);
                c = rs.getInt(1);
            }
            setInts(orderCarrier, 1, r.carrierId(), w, d, orderId);
            connection.update(orderCarrier);
            setInts(linesDelivered, 1, w, d, orderId);
            connection.update(linesDelivered);
            BigDecimal amount;
            setInts(linesAmount, 1, w, d, orderId);
            try (ResultSet rs = connection.query(linesAmount)) {
                required(rs, "order-line sum", w, d, orderId);
                amount = rs.getBigDecimal(1);
            }
            customerDelivered.setBigDecimal(1, amount);
            setInts(customerDelivered, 2, w, d, c);
            if (connection.update(customerDelivered) != 1) {
                throw missing("customer", w, d, c);
            }
            delivered.add(new DeliveredOrder(d, orderId));
        }
        connection.commit();
        return new TpccOutput.Delivery(w, r.carrierId(), delivered, DISTRICTS_PER_WAREHOUSE - delivered.size());
    }

    /**
     * The district's oldest new order, locked and deleted: its O_ID, or 0 when the district has
     * none. Where the locking read waited for a row that another Delivery then deleted, it finds
     * none (PostgreSQL) although others are left: the district is then read again.
     */
    private int oldestNewOrder(int w, int d) throws SQLException {
        for (int attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt++) {
            setInts(oldestNewOrder, 1, w, d);
            int orderId = 0;
            try (ResultSet rs = connection.query(oldestNewOrder)) {
                if (rs.next()) {
                    orderId = rs.getInt(1);
                }
            }
            if (orderId == 0) {
                setInts(newOrdersLeft, 1, w, d);
                try (ResultSet rs = connection.query(newOrdersLeft)) {
                    if (!rs.next() || rs.getInt(1) == 0) {
                        return 0; // none left (a NULL minimum reads as 0)
                    }
                }
                continue;
            }
            setInts(deleteNewOrder, 1, w, d, orderId);
            if (connection.update(deleteNewOrder) == 1) {
                return orderId;
            }
        }
        throw new SQLException("delivery could not claim a new order in warehouse " + w + ", district " + d);
    }
}
