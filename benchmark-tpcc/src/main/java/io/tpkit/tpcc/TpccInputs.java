package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;
import static io.tpkit.tpcc.TpccScale.ITEMS;
import static io.tpkit.tpcc.TpccScale.MAX_ORDER_LINES;
import static io.tpkit.tpcc.TpccScale.MIN_ORDER_LINES;

import io.tpkit.spi.workload.Request;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The input rules of the five transactions (§2.4.1, §2.5.1, §2.6.1, §2.7.1, §2.8.1) for one
 * terminal, which is pinned to a home warehouse and, for Stock-Level, to a fixed district. Not
 * thread-safe: each terminal owns one, with its own {@link TpccRandom}.
 */
final class TpccInputs {
    /** The item number of the rollback line: outside 1..100,000, so ITEM has no such row. */
    static final int UNUSED_ITEM_ID = ITEMS + 1;
    /** Shares in percent. */
    static final int ROLLBACK_PERCENT = 1;
    static final int REMOTE_LINE_PERCENT = 1;
    static final int LOCAL_PAYMENT_PERCENT = 85;
    static final int BY_LAST_NAME_PERCENT = 60;
    static final int MIN_QUANTITY = 1;
    static final int MAX_QUANTITY = 10;
    /** H_AMOUNT in cents: [1.00 .. 5,000.00]. */
    static final int MIN_AMOUNT_CENTS = 100;
    static final int MAX_AMOUNT_CENTS = 500_000;
    static final int MIN_CARRIER = 1;
    static final int MAX_CARRIER = 10;
    static final int MIN_THRESHOLD = 10;
    static final int MAX_THRESHOLD = 20;

    private final TpccRandom random;
    private final NURandConstants constants;
    private final int warehouses;
    private final int homeWarehouse;
    private final int stockLevelDistrict;

    /**
     * @param constants          the run's NURand constants ({@link NURandConstants#forRun})
     * @param warehouses         W, the number of warehouses loaded
     * @param homeWarehouse      the terminal's W_ID, in [1..W]
     * @param stockLevelDistrict the terminal's fixed D_ID for Stock-Level, in [1..10]
     */
    TpccInputs(TpccRandom random, NURandConstants constants, int warehouses, int homeWarehouse,
            int stockLevelDistrict) {
        if (warehouses < 1 || homeWarehouse < 1 || homeWarehouse > warehouses) {
            throw new IllegalArgumentException("home warehouse " + homeWarehouse + " is not in [1.." + warehouses + "]");
        }
        if (stockLevelDistrict < 1 || stockLevelDistrict > DISTRICTS_PER_WAREHOUSE) {
            throw new IllegalArgumentException("district " + stockLevelDistrict + " is not in [1..10]");
        }
        this.random = random;
        this.constants = constants;
        this.warehouses = warehouses;
        this.homeWarehouse = homeWarehouse;
        this.stockLevelDistrict = stockLevelDistrict;
    }

    int homeWarehouse() {
        return homeWarehouse;
    }

    int stockLevelDistrict() {
        return stockLevelDistrict;
    }

    /** The input of one transaction of the given type. */
    Request next(TpccTransactionType type) {
        return switch (type) {
            case NEW_ORDER -> newOrder();
            case PAYMENT -> payment();
            case ORDER_STATUS -> orderStatus();
            case DELIVERY -> delivery();
            case STOCK_LEVEL -> stockLevel();
        };
    }

    NewOrderRequest newOrder() {
        int districtId = district();
        int customerId = random.customerId(constants);
        int count = random.uniform(MIN_ORDER_LINES, MAX_ORDER_LINES);
        boolean rollback = random.percent(ROLLBACK_PERCENT);
        List<NewOrderRequest.Line> lines = new ArrayList<>(count);
        for (int n = 1; n <= count; n++) {
            int itemId = rollback && n == count ? UNUSED_ITEM_ID : random.itemId(constants);
            int supply = random.percent(REMOTE_LINE_PERCENT) ? otherWarehouse() : homeWarehouse;
            lines.add(new NewOrderRequest.Line(itemId, supply, random.uniform(MIN_QUANTITY, MAX_QUANTITY)));
        }
        return new NewOrderRequest(homeWarehouse, districtId, customerId, lines, rollback);
    }

    /**
     * With W = 1 every customer is local, and then also in the home district: the 15 % draw
     * still happens (to keep the random stream independent of W) but has no effect.
     */
    PaymentRequest payment() {
        int districtId = district();
        int customerWarehouse = homeWarehouse;
        int customerDistrict = districtId;
        boolean remote = !random.percent(LOCAL_PAYMENT_PERCENT);
        if (remote && warehouses > 1) {
            customerDistrict = district();
            customerWarehouse = otherWarehouse();
        }
        CustomerSelector customer = customer();
        BigDecimal amount = BigDecimal.valueOf(random.uniform(MIN_AMOUNT_CENTS, MAX_AMOUNT_CENTS), 2);
        return new PaymentRequest(homeWarehouse, districtId, customerWarehouse, customerDistrict, customer, amount);
    }

    OrderStatusRequest orderStatus() {
        int districtId = district();
        return new OrderStatusRequest(homeWarehouse, districtId, customer());
    }

    DeliveryRequest delivery() {
        return new DeliveryRequest(homeWarehouse, random.uniform(MIN_CARRIER, MAX_CARRIER));
    }

    StockLevelRequest stockLevel() {
        return new StockLevelRequest(homeWarehouse, stockLevelDistrict, random.uniform(MIN_THRESHOLD, MAX_THRESHOLD));
    }

    private int district() {
        return random.uniform(1, DISTRICTS_PER_WAREHOUSE);
    }

    /** 60 % by last name with NURand(255, 0, 999), else by number with NURand(1023, 1, 3000). */
    private CustomerSelector customer() {
        if (random.percent(BY_LAST_NAME_PERCENT)) {
            return CustomerSelector.byLastName(LastNames.of(random.lastNameNumber(constants)));
        }
        return CustomerSelector.byId(random.customerId(constants));
    }

    /** A warehouse other than the home one, uniformly; the home one when W = 1. */
    private int otherWarehouse() {
        if (warehouses == 1) {
            return homeWarehouse;
        }
        int w = random.uniform(1, warehouses - 1);
        return w >= homeWarehouse ? w + 1 : w;
    }
}
