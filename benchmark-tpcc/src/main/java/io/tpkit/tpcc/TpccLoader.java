package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccScale.CUSTOMERS_PER_DISTRICT;
import static io.tpkit.tpcc.TpccScale.CUSTOMERS_WITH_SEQUENTIAL_NAMES;
import static io.tpkit.tpcc.TpccScale.DISTRICTS_PER_WAREHOUSE;
import static io.tpkit.tpcc.TpccScale.FIRST_UNDELIVERED_ORDER;
import static io.tpkit.tpcc.TpccScale.ITEMS;
import static io.tpkit.tpcc.TpccScale.MAX_ORDER_LINES;
import static io.tpkit.tpcc.TpccScale.MIN_ORDER_LINES;
import static io.tpkit.tpcc.TpccScale.NEW_ORDERS_PER_DISTRICT;
import static io.tpkit.tpcc.TpccScale.ORDERS_PER_DISTRICT;
import static io.tpkit.tpcc.TpccScale.STOCK_PER_WAREHOUSE;

import io.tpkit.load.ParallelTasks;
import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.sql.SqlScript;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Populates an empty TPC-C schema (§4.3.3.1). The work is split by warehouse: every warehouse,
 * and ITEM once, is a task on its own thread and connection, and rows are streamed through the
 * database's bulk path (COPY on PostgreSQL) without ever holding a table in memory. Keys,
 * secondary indexes and (optionally) foreign keys are added afterwards, because building an
 * index once is much faster than maintaining it per row; then planner statistics are gathered.
 *
 * <p>Each task draws from its own generator, seeded from the load seed and the warehouse number,
 * so the data depends on the seed only, never on how threads happened to be scheduled.
 */
final class TpccLoader {
    /** Progress granularity: often enough for a smooth bar, rarely enough to cost nothing. */
    static final int REPORT_EVERY = 5_000;
    /** The generator stream of ITEM and of the NURand constants; warehouses use 1..W. */
    private static final long ITEM_STREAM = 0;
    private static final long CONSTANTS_STREAM = -1;
    /** Order-line counts have a stream of their own so that they can be replayed (see below). */
    private static final long ORDER_LINE_COUNT_STREAMS = 1L << 40;

    private static final String W_YTD = "300000.00";
    private static final String D_YTD = "30000.00";
    private static final String C_CREDIT_LIM = "50000.00";
    private static final String C_BALANCE = "-10.00";
    private static final String C_YTD_PAYMENT = "10.00";
    private static final String H_AMOUNT = "10.00";
    private static final String DELIVERED_OL_AMOUNT = "0.00";
    private static final String C_MIDDLE = "OE";
    private static final int OL_QUANTITY = 5;

    private final int warehouses;
    private final TpccDialect dialect;
    private final LoadContext context;
    private final boolean foreignKeys;
    private final long seed;
    private final AtomicBoolean cancelled = new AtomicBoolean();

    /**
     * @param foreignKeys whether to declare the 10 foreign keys (optional in practice, and they
     *                    cost work on every insert of a run)
     * @param seed        makes the data reproducible
     */
    TpccLoader(int warehouses, TpccDialect dialect, LoadContext context, boolean foreignKeys, long seed) {
        if (warehouses < 1) {
            throw new IllegalArgumentException("at least one warehouse is needed: " + warehouses);
        }
        this.warehouses = warehouses;
        this.dialect = dialect;
        this.context = context;
        this.foreignKeys = foreignKeys;
        this.seed = seed;
    }

    /**
     * Loads the tables created by {@link TpccDialect#schema()} and records C_LOAD in
     * {@code tpcc_config}.
     *
     * @return the NURand constants used; their C_LAST is the C_LOAD a run must respect
     */
    NURandConstants load() throws Exception {
        loadSlice(1, warehouses, true);
        return finish();
    }

    /** The NURand constants of this seed's load: every part of a split load draws the same. */
    NURandConstants constants() {
        return NURandConstants.forLoad(new TpccRandom(streamSeed(seed, CONSTANTS_STREAM)));
    }

    /**
     * The rows of warehouses {@code first} to {@code last} (1-based, inclusive), with ITEM when
     * {@code items}: each from the generator a whole load gives it, so that the slices of a split
     * load hold exactly the rows of a whole one.
     */
    void loadSlice(int first, int last, boolean items) throws Exception {
        context.expectRows(expectedRows(first, last, items));
        context.step(items ? "items, warehouses, stock, customers, orders" : "warehouses, stock, customers, orders");
        loadInParallel(constants(), first, last, items);
    }

    /** After every warehouse: C_LOAD in tpcc_config, keys, indexes, statistics. */
    NURandConstants finish() throws Exception {
        NURandConstants constants = constants();
        try (Connection c = context.connect()) {
            saveConfig(c, constants);
            context.step("primary keys");
            SqlScript.execute(c, dialect.primaryKeys());
            context.step("indexes");
            SqlScript.execute(c, dialect.indexes());
            if (foreignKeys) {
                context.step("foreign keys");
                SqlScript.execute(c, dialect.foreignKeys());
            }
            context.step("analyze");
            context.database().analyze(c, TpccTables.ALL);
        }
        return constants;
    }

    /** Every row the load writes; exact, because the order-line counts can be replayed. */
    long expectedRows() {
        return expectedRows(1, warehouses, true);
    }

    private long expectedRows(int first, int last, boolean items) {
        long districts = DISTRICTS_PER_WAREHOUSE;
        long perWarehouse = 1 + districts + STOCK_PER_WAREHOUSE
                + districts * (2L * CUSTOMERS_PER_DISTRICT + ORDERS_PER_DISTRICT + NEW_ORDERS_PER_DISTRICT);
        long orderLines = 0;
        for (int w = first; w <= last; w++) {
            for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                for (byte n : orderLineCounts(w, d)) {
                    orderLines += n;
                }
            }
        }
        return (items ? ITEMS : 0) + (long) (last - first + 1) * perWarehouse + orderLines;
    }

    private void loadInParallel(NURandConstants constants, int first, int last, boolean items) throws Exception {
        List<Callable<Void>> tasks = new ArrayList<>();
        if (items) {
            tasks.add(() -> {
                loadItems(new TpccRandom(streamSeed(seed, ITEM_STREAM)));
                return null;
            });
        }
        for (int w = first; w <= last; w++) {
            int warehouse = w;
            tasks.add(() -> {
                loadWarehouse(warehouse, new TpccRandom(streamSeed(seed, warehouse)), constants);
                return null;
            });
        }
        int threads = Math.max(1, Math.min(context.parallelism(), tasks.size()));
        ParallelTasks.run("tpcc-loader", threads, tasks, cancelled);
    }

    private void loadItems(TpccRandom r) throws SQLException {
        try (Connection c = context.connect()) {
            stream(c, TpccTables.ITEM, TpccTables.ITEM_COLUMNS, (w, p) -> {
                for (int i = 1; i <= ITEMS; i++) {
                    w.add(i).add(r.uniform(1, 10_000)).add(r.aString(14, 24))
                            .add(decimal(r.uniform(100, 10_000), 2)).add(r.data());
                    p.endRow();
                }
            });
        }
    }

    private void loadWarehouse(int wid, TpccRandom r, NURandConstants constants) throws SQLException {
        // "now" is the time of the load; one value per warehouse, so that OL_DELIVERY_D equals
        // O_ENTRY_D for the delivered orders, as §4.3.3.1 asks
        long now = System.currentTimeMillis();
        try (Connection c = context.connect()) {
            stream(c, TpccTables.WAREHOUSE, TpccTables.WAREHOUSE_COLUMNS, (w, p) -> {
                w.add(wid).add(r.aString(6, 10));
                address(w, r);
                w.add(tax(r)).add(W_YTD);
                p.endRow();
            });
            stream(c, TpccTables.DISTRICT, TpccTables.DISTRICT_COLUMNS, (w, p) -> {
                for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                    w.add(d).add(wid).add(r.aString(6, 10));
                    address(w, r);
                    w.add(tax(r)).add(D_YTD).add(ORDERS_PER_DISTRICT + 1);
                    p.endRow();
                }
            });
            stream(c, TpccTables.STOCK, TpccTables.STOCK_COLUMNS, (w, p) -> {
                for (int i = 1; i <= STOCK_PER_WAREHOUSE; i++) {
                    w.add(i).add(wid).add(r.uniform(10, 100));
                    for (int dist = 1; dist <= DISTRICTS_PER_WAREHOUSE; dist++) {
                        w.add(r.aString(24, 24));
                    }
                    w.add(0).add(0).add(0).add(r.data());
                    p.endRow();
                }
            });
            stream(c, TpccTables.CUSTOMER, TpccTables.CUSTOMER_COLUMNS, (w, p) -> {
                for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                    for (int cid = 1; cid <= CUSTOMERS_PER_DISTRICT; cid++) {
                        customer(w, r, constants, wid, d, cid, now);
                        p.endRow();
                    }
                }
            });
            stream(c, TpccTables.HISTORY, TpccTables.HISTORY_COLUMNS, (w, p) -> {
                for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                    for (int cid = 1; cid <= CUSTOMERS_PER_DISTRICT; cid++) {
                        w.add(cid).add(d).add(wid).add(d).add(wid).addTimestamp(now).add(H_AMOUNT)
                                .add(r.aString(12, 24));
                        p.endRow();
                    }
                }
            });
            stream(c, TpccTables.ORDER, TpccTables.ORDER_COLUMNS, (w, p) -> {
                for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                    int[] customers = r.permutation(CUSTOMERS_PER_DISTRICT);
                    byte[] lines = orderLineCounts(wid, d);
                    for (int o = 1; o <= ORDERS_PER_DISTRICT; o++) {
                        w.add(o).add(d).add(wid).add(customers[o - 1]).addTimestamp(now);
                        if (o < FIRST_UNDELIVERED_ORDER) {
                            w.add(r.uniform(1, 10));
                        } else {
                            w.add((String) null);
                        }
                        w.add(lines[o - 1]).add(1);
                        p.endRow();
                    }
                }
            });
            stream(c, TpccTables.NEW_ORDER, TpccTables.NEW_ORDER_COLUMNS, (w, p) -> {
                for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                    for (int o = FIRST_UNDELIVERED_ORDER; o <= ORDERS_PER_DISTRICT; o++) {
                        w.add(o).add(d).add(wid);
                        p.endRow();
                    }
                }
            });
            stream(c, TpccTables.ORDER_LINE, TpccTables.ORDER_LINE_COLUMNS, (w, p) -> {
                for (int d = 1; d <= DISTRICTS_PER_WAREHOUSE; d++) {
                    byte[] lines = orderLineCounts(wid, d);
                    for (int o = 1; o <= ORDERS_PER_DISTRICT; o++) {
                        boolean delivered = o < FIRST_UNDELIVERED_ORDER;
                        for (int n = 1; n <= lines[o - 1]; n++) {
                            // OL_I_ID is uniform at load: NURand is for the run only
                            w.add(o).add(d).add(wid).add(n).add(r.uniform(1, ITEMS)).add(wid);
                            if (delivered) {
                                w.addTimestamp(now);
                            } else {
                                w.add((String) null);
                            }
                            w.add(OL_QUANTITY)
                                    .add(delivered ? DELIVERED_OL_AMOUNT : decimal(r.uniform(1, 999_999), 2))
                                    .add(r.aString(24, 24));
                            p.endRow();
                        }
                    }
                }
            });
        }
    }

    private static void customer(BulkWriter w, TpccRandom r, NURandConstants constants, int wid, int d, int cid,
                                 long now) {
        // customers 1..1000 walk once through all names, so a by-name lookup always finds someone
        int name = cid <= CUSTOMERS_WITH_SEQUENTIAL_NAMES ? cid - 1 : r.lastNameNumber(constants);
        w.add(cid).add(d).add(wid).add(r.aString(8, 16)).add(C_MIDDLE).add(LastNames.of(name));
        address(w, r);
        w.add(r.nString(16, 16)).addTimestamp(now).add(r.percent(TpccRandom.TEN_PERCENT) ? "BC" : "GC")
                .add(C_CREDIT_LIM).add(decimal(r.uniform(0, 5_000), 4)).add(C_BALANCE).add(C_YTD_PAYMENT)
                .add(1).add(0).add(r.aString(300, 500));
    }

    /** STREET_1, STREET_2, CITY, STATE, ZIP: the same rule for warehouses, districts, customers. */
    private static void address(BulkWriter w, TpccRandom r) {
        w.add(r.aString(10, 20)).add(r.aString(10, 20)).add(r.aString(10, 20)).add(r.state()).add(r.zip());
    }

    private static String tax(TpccRandom r) {
        return decimal(r.uniform(0, 2_000), 4);
    }

    /**
     * O_OL_CNT of a district's 3000 orders. Drawn from a generator of their own, so that the
     * ORDER and ORDER-LINE streams (one COPY at a time per connection) and the progress total
     * agree without holding more than one district's counts.
     */
    private byte[] orderLineCounts(int wid, int d) {
        TpccRandom r = new TpccRandom(streamSeed(seed,
                ORDER_LINE_COUNT_STREAMS + (long) wid * DISTRICTS_PER_WAREHOUSE + d));
        byte[] counts = new byte[ORDERS_PER_DISTRICT];
        for (int o = 0; o < counts.length; o++) {
            counts[o] = (byte) r.uniform(MIN_ORDER_LINES, MAX_ORDER_LINES);
        }
        return counts;
    }

    private void saveConfig(Connection c, NURandConstants constants) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(dialect.sql().sql("config-insert"))) {
            ps.setString(1, "c_last_load");
            ps.setString(2, Integer.toString(constants.cLast()));
            ps.addBatch();
            ps.setString(1, "warehouses");
            ps.setString(2, Integer.toString(warehouses));
            ps.addBatch();
            ps.executeBatch();
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** An exact decimal from its unscaled value: money and rates never pass through a double. */
    static String decimal(long unscaled, int scale) {
        return BigDecimal.valueOf(unscaled, scale).toPlainString();
    }

    /**
     * A well-mixed seed per generator stream. SplittableRandom's constructor uses its seed as
     * the starting state with a fixed increment, so nearby seeds would give overlapping
     * (shifted) streams; the mix (Stafford's variant 13) scatters them.
     */
    static long streamSeed(long seed, long stream) {
        long z = seed + stream * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @FunctionalInterface
    private interface Rows {
        void write(BulkWriter w, Progress p) throws SQLException;
    }

    /** Ends rows, reports them in batches and stops the stream when another task failed. */
    private final class Progress {
        private final BulkWriter writer;
        private int pending;

        Progress(BulkWriter writer) {
            this.writer = writer;
        }

        void endRow() throws SQLException {
            writer.endRow();
            if (++pending == REPORT_EVERY) {
                flush();
                if (cancelled.get() || Thread.currentThread().isInterrupted()) {
                    throw new CancellationException("another loader thread failed");
                }
            }
        }

        void flush() {
            if (pending > 0) {
                context.rowsDone(pending);
                pending = 0;
            }
        }
    }

    /** Streams rows into one table; the stream is finished even when writing fails. */
    private void stream(Connection c, String table, List<String> columns, Rows rows) throws SQLException {
        try (BulkWriter writer = context.database().bulkWriter(c, table, columns)) {
            Progress progress = new Progress(writer);
            rows.write(writer, progress);
            progress.flush();
        }
    }
}
