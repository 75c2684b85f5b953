package io.tpkit.tpcc;

/** The fixed cardinalities of the initial population (§1.2, §4.3.3.1). */
public final class TpccScale {
    public static final int ITEMS = 100_000;
    public static final int DISTRICTS_PER_WAREHOUSE = 10;
    public static final int CUSTOMERS_PER_DISTRICT = 3_000;
    public static final int ORDERS_PER_DISTRICT = 3_000;
    /** Orders 1..2100 are delivered; 2101..3000 are the undelivered backlog in NEW_ORDER. */
    public static final int FIRST_UNDELIVERED_ORDER = 2_101;
    public static final int NEW_ORDERS_PER_DISTRICT = ORDERS_PER_DISTRICT - FIRST_UNDELIVERED_ORDER + 1;
    public static final int STOCK_PER_WAREHOUSE = ITEMS;
    /** Customers 1..1000 of each district walk once through all 1000 last names. */
    public static final int CUSTOMERS_WITH_SEQUENTIAL_NAMES = 1_000;
    public static final int MIN_ORDER_LINES = 5;
    public static final int MAX_ORDER_LINES = 15;

    private TpccScale() {
    }
}
