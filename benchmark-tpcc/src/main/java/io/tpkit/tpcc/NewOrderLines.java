package io.tpkit.tpcc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * New-Order's rows as the client sessions process them: the order's STOCK keys in lock order,
 * the STOCK and ITEM rows read for them, and the lines as the profile processes them
 * (§2.4.2.2), with the STOCK writes spread over rounds. Shared by every client shape.
 */
final class NewOrderLines {
    private NewOrderLines() {
    }

    /** S_QUANTITY is replenished by 91 when it would fall below 10. */
    static final int STOCK_LOW_WATER = 10;
    static final int STOCK_REFILL = 91;

    /** Sorts by warehouse, then item: both are positive ints. */
    static long stockKey(int warehouse, int item) {
        return ((long) warehouse << 32) | item;
    }

    /** An ITEM row as New-Order reads it. */
    record Item(BigDecimal price, String name, String data) {
    }

    /** A STOCK row as New-Order reads it (S_DIST_xx of the order's district). */
    record Stock(int quantity, String distInfo, String data) {
    }

    /**
     * The STOCK keys of an order, each once and sorted by (S_W_ID, S_I_ID): the order in which
     * they are locked. The unused item of a rollback order is among them; it has no row.
     */
    static long[] sortedStockKeys(NewOrderRequest r) {
        List<NewOrderRequest.Line> lines = r.lines();
        long[] keys = new long[lines.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = stockKey(lines.get(i).supplyWarehouseId(), lines.get(i).itemId());
        }
        Arrays.sort(keys);
        int distinct = 0;
        for (int i = 0; i < keys.length; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[distinct++] = keys[i];
            }
        }
        return Arrays.copyOf(keys, distinct);
    }

    static int warehouseOf(long key) {
        return (int) (key >>> 32);
    }

    static int itemOf(long key) {
        return (int) key;
    }

    /**
     * What New-Order read for its sorted STOCK keys: per key the STOCK row and the ITEM row, or
     * null where the database has none (the unused item has neither).
     */
    static final class OrderRows {
        final long[] keys;
        final Stock[] stock;
        final Item[] items;

        OrderRows(long[] keys) {
            this.keys = keys;
            this.stock = new Stock[keys.length];
            this.items = new Item[keys.length];
        }

        int indexOf(int warehouse, int item) {
            return Arrays.binarySearch(keys, stockKey(warehouse, item));
        }

        /** The STOCK row of (warehouse, item) was read. */
        void stock(int warehouse, int item, Stock row) {
            stock[indexOf(warehouse, item)] = row;
        }

        /** The ITEM row was read: it belongs to every key with that item. */
        void item(int item, Item row) {
            for (int k = 0; k < keys.length; k++) {
                if (itemOf(keys[k]) == item) {
                    items[k] = row;
                }
            }
        }

        /** Whether every key got its STOCK row: otherwise an item is unused (or a row missing). */
        boolean complete() {
            for (Stock s : stock) {
                if (s == null) {
                    return false;
                }
            }
            return true;
        }

        /** The distinct item numbers, for reading the ITEM rows. */
        int[] itemIds() {
            return Arrays.stream(keys).mapToInt(OrderRows::itemOfKey).distinct().toArray();
        }

        private static int itemOfKey(long key) {
            return itemOf(key);
        }
    }

    /**
     * One New-Order's lines as the profile processes them (§2.4.2.2 step 6), from the ITEM and
     * STOCK rows read for them: in line order, each line from the stock as the lines before it
     * left it, up to the first line whose item does not exist (the unused item of §2.4.2.3,
     * always the last line). A line is never merged with another for the same item: each gets
     * its own ORDER-LINE row and its own STOCK write. The writes of one STOCK row are spread
     * over {@link #stockRounds}, at most one per round, because one statement can change a row
     * only once.
     */
    static final class Lines {
        final int count;
        final int[] number;
        final int[] item;
        final int[] supply;
        final int[] quantity;
        final BigDecimal[] amount;
        final String[] distInfo;
        /** Displayed only: I_NAME, S_QUANTITY as the line read it, brand-generic, I_PRICE. */
        final String[] itemName;
        final int[] stockQuantity;
        final char[] brandGeneric;
        final BigDecimal[] price;
        final List<StockRound> stockRounds = new ArrayList<>(1);
        /** The first line whose item does not exist (1-based), or 0 when every item exists. */
        final int unusedItemLine;
        final int brandLines;
        final BigDecimal sum;

        /** @throws SQLException when a line's item exists but its STOCK row does not */
        Lines(NewOrderRequest r, OrderRows rows) throws SQLException {
            List<NewOrderRequest.Line> lines = r.lines();
            int n = lines.size();
            number = new int[n];
            item = new int[n];
            supply = new int[n];
            quantity = new int[n];
            amount = new BigDecimal[n];
            distInfo = new String[n];
            itemName = new String[n];
            stockQuantity = new int[n];
            brandGeneric = new char[n];
            price = new BigDecimal[n];
            int[] stockNow = new int[rows.keys.length];
            int[] writes = new int[rows.keys.length];
            BigDecimal total = BigDecimal.ZERO;
            int brand = 0;
            int done = 0;
            int unused = 0;
            for (NewOrderRequest.Line line : lines) {
                int k = rows.indexOf(line.supplyWarehouseId(), line.itemId());
                Item i = rows.items[k];
                if (i == null) {
                    unused = done + 1; // "Item number is not valid": the lines before it were processed
                    break;
                }
                Stock s = rows.stock[k];
                if (s == null) {
                    throw new SQLException("no stock row for item " + line.itemId() + " in warehouse "
                            + line.supplyWarehouseId());
                }
                int read = writes[k] == 0 ? s.quantity() : stockNow[k];
                int after = stockAfter(read, line.quantity());
                stockNow[k] = after;
                int round = writes[k]++;
                if (round == stockRounds.size()) {
                    stockRounds.add(new StockRound());
                }
                stockRounds.get(round).add(line.supplyWarehouseId(), line.itemId(), after, line.quantity(),
                        line.supplyWarehouseId() != r.warehouseId());
                number[done] = done + 1;
                item[done] = line.itemId();
                supply[done] = line.supplyWarehouseId();
                quantity[done] = line.quantity();
                amount[done] = i.price().multiply(BigDecimal.valueOf(line.quantity())).setScale(2, RoundingMode.UNNECESSARY);
                distInfo[done] = s.distInfo();
                total = total.add(amount[done]);
                itemName[done] = i.name();
                stockQuantity[done] = read;
                price[done] = i.price();
                if (i.data().contains(TpccRandom.ORIGINAL) && s.data().contains(TpccRandom.ORIGINAL)) {
                    brand++; // brand-generic "B", else "G": displayed only
                    brandGeneric[done] = 'B';
                } else {
                    brandGeneric[done] = 'G';
                }
                done++;
            }
            count = done;
            unusedItemLine = unused;
            brandLines = brand;
            sum = total;
        }

        /** The displayed total: the lines' sum with the discount and both taxes (§2.4.2.2 step 7). */
        BigDecimal totalAmount(BigDecimal discount, BigDecimal warehouseTax, BigDecimal districtTax) {
            return TpccOutput.totalAmount(sum, discount, warehouseTax, districtTax);
        }

        /** The lines as the terminal shows them. */
        List<TpccOutput.NewOrderLine> shown() {
            List<TpccOutput.NewOrderLine> shown = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                shown.add(new TpccOutput.NewOrderLine(supply[i], item[i], itemName[i], quantity[i], stockQuantity[i],
                        brandGeneric[i], price[i], amount[i]));
            }
            return shown;
        }

        /** Stock rows written in the first round, which holds every row the order writes. */
        int stockRows() {
            return stockRounds.isEmpty() ? 0 : stockRounds.getFirst().size();
        }
    }

    /** STOCK writes of one statement, each row at most once: S_QUANTITY absolute, the counters added. */
    static final class StockRound {
        final List<int[]> rows = new ArrayList<>(); // warehouse, item, quantity, ytd, remote

        void add(int warehouse, int item, int quantityAfter, int ytd, boolean remote) {
            rows.add(new int[] {warehouse, item, quantityAfter, ytd, remote ? 1 : 0});
        }

        int size() {
            return rows.size();
        }

        /** Column {@code c} (0 warehouse, 1 item, 2 quantity after, 3 ytd, 4 remote) of every row. */
        int[] column(int c) {
            int[] values = new int[rows.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = rows.get(i)[c];
            }
            return values;
        }
    }

    /** S_QUANTITY after a line of {@code quantity}: minus the quantity, plus 91 below 10. */
    static int stockAfter(int stockQuantity, int quantity) {
        int left = stockQuantity - quantity;
        return left >= STOCK_LOW_WATER ? left : left + STOCK_REFILL;
    }
}
