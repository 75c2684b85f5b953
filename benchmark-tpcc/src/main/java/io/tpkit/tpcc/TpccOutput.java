package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;

/**
 * What the terminal shows after each transaction (the output screens of §2.4.3.3, §2.5.3.3,
 * §2.6.3.3, §2.7.3 and §2.8.3.3), as the database returned it. Both variants, client SQL and
 * stored procedures, fill the same records from the same reads, so tests can compare them
 * whole; the driver checks each one against the input that produced it ({@link #check}), since
 * the spec's response time runs until the full output is back.
 *
 * <p>Money and rates keep the database's scale; timestamps are the server's
 * ({@code LOCALTIMESTAMP}) and equal what was stored (O_ENTRY_D, H_DATE).
 */
final class TpccOutput {
    private TpccOutput() {
    }

    /** W_STREET_1 .. W_ZIP, and the same for a district or a customer. */
    record Address(String street1, String street2, String city, String state, String zip) {
    }

    /**
     * New-Order (§2.4.3.3). A business rollback ("Item number is not valid") shows only W_ID,
     * D_ID, C_ID, C_LAST, C_CREDIT and O_ID: the other fields are null and there are no lines.
     */
    record NewOrder(int warehouseId, int districtId, int customerId, int orderId, boolean rolledBack,
            String customerLast, String customerCredit, BigDecimal customerDiscount, BigDecimal warehouseTax,
            BigDecimal districtTax, LocalDateTime entryDate, BigDecimal totalAmount, List<NewOrderLine> lines) {
        NewOrder {
            lines = List.copyOf(lines);
        }

        /** The rollback screen: the customer as read, the order number the district gave out. */
        static NewOrder rolledBack(NewOrderRequest r, int orderId, String last, String credit) {
            return new NewOrder(r.warehouseId(), r.districtId(), r.customerId(), orderId, true, last, credit, null, null,
                    null, null, null, List.of());
        }
    }

    /** One line of the New-Order screen; S_QUANTITY as the line read it, before its own update. */
    record NewOrderLine(int supplyWarehouseId, int itemId, String itemName, int quantity, int stockQuantity,
            char brandGeneric, BigDecimal price, BigDecimal amount) {
    }

    /** Payment (§2.5.3.3): C_DATA (its first 200 characters) only for a bad-credit customer, else null. */
    record Payment(int warehouseId, int districtId, Address warehouse, Address district, int customerId,
            int customerDistrictId, int customerWarehouseId, String first, String middle, String last,
            Address customer, String phone, LocalDateTime since, String credit, BigDecimal creditLimit,
            BigDecimal discount, BigDecimal balance, String data, BigDecimal amount, LocalDateTime date) {
    }

    /** Order-Status (§2.6.3.3): O_ID 0, no entry date, carrier or lines when the customer has no order. */
    record OrderStatus(int warehouseId, int districtId, int customerId, String first, String middle, String last,
            BigDecimal balance, int orderId, LocalDateTime entryDate, Integer carrierId, List<OrderStatusLine> lines) {
        OrderStatus {
            lines = List.copyOf(lines);
        }
    }

    /** One line of the Order-Status screen; no delivery date while undelivered. */
    record OrderStatusLine(int supplyWarehouseId, int itemId, int quantity, BigDecimal amount,
            LocalDateTime deliveryDate) {
    }

    /** Delivery's result (§2.7.2.3): each district's delivered order, and how many were skipped. */
    record Delivery(int warehouseId, int carrierId, List<TpccSession.DeliveredOrder> delivered, int skipped) {
        Delivery {
            delivered = List.copyOf(delivered);
        }
    }

    /** Stock-Level (§2.8.3.3). */
    record StockLevel(int warehouseId, int districtId, int threshold, int lowStock) {
    }

    /** The displayed total (§2.4.2.2 step 7): the lines' sum with the discount and both taxes, to the cent. */
    static BigDecimal totalAmount(BigDecimal sum, BigDecimal discount, BigDecimal warehouseTax, BigDecimal districtTax) {
        return sum.multiply(BigDecimal.ONE.subtract(discount)).multiply(BigDecimal.ONE.add(warehouseTax).add(districtTax))
                .setScale(2, RoundingMode.HALF_UP);
    }

    // ---------------------------------------------------------------- the driver's checks

    /**
     * Checks a New-Order screen against its input: the header's keys, a line per input line with
     * its item, supplier and quantity in input order, OL_AMOUNT = OL_QUANTITY x I_PRICE, and the
     * total recomputed from the lines; a rollback only for the input with the unused item.
     */
    static NewOrder check(NewOrderRequest r, NewOrder o) throws SQLException {
        expect(o.warehouseId() == r.warehouseId() && o.districtId() == r.districtId()
                && o.customerId() == r.customerId() && o.orderId() > 0, "new-order header", r, o);
        expect(o.customerLast() != null && o.customerCredit() != null, "new-order customer", r, o);
        if (o.rolledBack()) {
            expect(r.rollback() && o.lines().isEmpty(), "new-order rolled back", r, o);
            return o;
        }
        expect(o.lines().size() == r.lines().size() && o.entryDate() != null && o.customerDiscount() != null
                && o.warehouseTax() != null && o.districtTax() != null, "new-order lines", r, o);
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 0; i < o.lines().size(); i++) {
            NewOrderLine shown = o.lines().get(i);
            NewOrderRequest.Line in = r.lines().get(i);
            expect(shown.itemId() == in.itemId() && shown.supplyWarehouseId() == in.supplyWarehouseId()
                    && shown.quantity() == in.quantity() && shown.itemName() != null
                    && (shown.brandGeneric() == 'B' || shown.brandGeneric() == 'G')
                    && shown.amount().compareTo(shown.price().multiply(BigDecimal.valueOf(in.quantity()))) == 0,
                    "new-order line " + (i + 1), r, o);
            sum = sum.add(shown.amount());
        }
        expect(o.totalAmount().compareTo(totalAmount(sum, o.customerDiscount(), o.warehouseTax(), o.districtTax())) == 0,
                "new-order total", r, o);
        return o;
    }

    /** Checks a Payment screen: the keys paid, the customer asked for, C_DATA exactly for bad credit. */
    static Payment check(PaymentRequest r, Payment o) throws SQLException {
        CustomerSelector c = r.customer();
        expect(o.warehouseId() == r.warehouseId() && o.districtId() == r.districtId()
                && o.customerWarehouseId() == r.customerWarehouseId() && o.customerDistrictId() == r.customerDistrictId()
                && (c.byLastName() ? c.lastName().equals(o.last()) : c.customerId() == o.customerId())
                && o.customerId() > 0 && o.amount().compareTo(r.amount()) == 0 && o.date() != null
                && o.warehouse() != null && o.district() != null && o.customer() != null && o.balance() != null
                && (o.data() != null) == TpccClientSession.BAD_CREDIT.equals(o.credit())
                && (o.data() == null || o.data().length() <= 200), "payment", r, o);
        return o;
    }

    /** Checks an Order-Status screen: the customer asked for; an order's lines, delivered exactly when it has a carrier. */
    static OrderStatus check(OrderStatusRequest r, OrderStatus o) throws SQLException {
        CustomerSelector c = r.customer();
        expect(o.warehouseId() == r.warehouseId() && o.districtId() == r.districtId() && o.customerId() > 0
                && (c.byLastName() ? c.lastName().equals(o.last()) : c.customerId() == o.customerId())
                && o.balance() != null, "order-status customer", r, o);
        if (o.orderId() == 0) {
            expect(o.lines().isEmpty() && o.entryDate() == null && o.carrierId() == null, "order-status without order",
                    r, o);
        } else {
            expect(!o.lines().isEmpty() && o.entryDate() != null, "order-status order", r, o);
            for (OrderStatusLine l : o.lines()) {
                expect((l.deliveryDate() == null) == (o.carrierId() == null), "order-status line delivered", r, o);
            }
        }
        return o;
    }

    /** Checks a Delivery result: every district once, in order, delivered or skipped. */
    static Delivery check(DeliveryRequest r, Delivery o) throws SQLException {
        boolean ok = o.warehouseId() == r.warehouseId() && o.carrierId() == r.carrierId()
                && o.delivered().size() + o.skipped() == DISTRICTS_PER_WAREHOUSE;
        int previous = 0;
        for (TpccSession.DeliveredOrder d : o.delivered()) {
            ok &= d.districtId() > previous && d.districtId() <= DISTRICTS_PER_WAREHOUSE && d.orderId() > 0;
            previous = d.districtId();
        }
        expect(ok, "delivery", r, o);
        return o;
    }

    static StockLevel check(StockLevelRequest r, StockLevel o) throws SQLException {
        expect(o.warehouseId() == r.warehouseId() && o.districtId() == r.districtId() && o.threshold() == r.threshold()
                && o.lowStock() >= 0, "stock-level", r, o);
        return o;
    }

    private static void expect(boolean ok, String what, Object request, Object output) throws SQLException {
        if (!ok) {
            throw new SQLException("tpcc: the " + what + " output does not match its input " + request + ": "
                    + Objects.toString(output));
        }
    }
}
