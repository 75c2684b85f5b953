package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.CheckResult;
import io.tpkit.spi.Outcome;
import io.tpkit.spi.Request;
import io.tpkit.sql.SqlScript;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@link TpccProcedureSession} against {@link TpccClientSession}: two W=1 databases loaded from
 * the same seed, the client variant on one, the stored functions on the other, the same
 * requests on both. After every transaction both databases must hold the same data (every
 * table compared row by row, except the timestamps, which are the clock's) and both sessions
 * must have shown the same results.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpccProcedureSessionIT {
    private static final int W = 1;
    private static final long SEED = 2027;
    private static TpccTestDatabase clientDb;
    private static TpccTestDatabase procedureDb;
    private static Connection clientCheck;
    private static Connection procedureCheck;
    private static TpccClientSession client;
    private static TpccProcedureSession procedure;

    @BeforeAll
    static void load() throws Exception {
        // two servers, loaded at the same time
        java.util.concurrent.CompletableFuture<TpccTestDatabase> second =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return TpccTestDatabase.load(W, SEED);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
        try {
            clientDb = TpccTestDatabase.load(W, SEED);
        } finally {
            procedureDb = second.join();
        }
        clientCheck = clientDb.connect();
        procedureCheck = procedureDb.connect();
        // installed twice: the script replaces its own functions
        SqlScript.execute(procedureCheck, TpccDialect.of("postgresql").procedures());
        SqlScript.execute(procedureCheck, TpccDialect.of("postgresql").procedures());
        client = clientDb.clientSession();
        procedure = new TpccProcedureSession(new io.tpkit.spi.SessionConnection(procedureDb.connect()));
        assertSameDataEverywhere();
    }

    @AfterAll
    static void stop() throws SQLException {
        for (AutoCloseable c : new AutoCloseable[] {client, procedure, clientCheck, procedureCheck, clientDb,
                procedureDb}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // best effort
            }
        }
    }

    @Test
    @Order(1)
    void newOrderWritesTheSameOrderLinesAndStock() throws Exception {
        int next = (int) value(procedureCheck, "SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 3");
        // item 10 twice, and a stock row that will be refilled (quantity 10 four times over)
        int[] items = {10, 20, 30, 10, 40, 50, 60};
        int[] quantities = {3, 9, 1, 4, 10, 2, 5};
        List<NewOrderRequest.Line> lines = new ArrayList<>();
        for (int i = 0; i < items.length; i++) {
            lines.add(new NewOrderRequest.Line(items[i], W, quantities[i]));
        }
        NewOrderRequest r = new NewOrderRequest(W, 3, 42, lines, false);
        assertThat(both(r)).isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.lastOrderId()).isEqualTo(client.lastOrderId()).isEqualTo(next);
        assertThat(procedure.lastTotalAmount()).isEqualByComparingTo(client.lastTotalAmount()).isPositive();
        assertThat(procedure.lastBrandLines()).isEqualTo(client.lastBrandLines());
        assertThat(value(procedureCheck, "SELECT count(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 3 "
                + "AND ol_o_id = " + next)).isEqualTo(7);
        for (int i = 0; i < 4; i++) {
            assertThat(both(new NewOrderRequest(W, 4, 7, List.of(new NewOrderRequest.Line(99, W, 10)), false)))
                    .isEqualTo(Outcome.COMMITTED);
        }
        assertSameData();
    }

    @Test
    @Order(2)
    void aNewOrderWithTheUnusedItemIsABusinessRollbackThatLeavesNoRows() throws Exception {
        int next = (int) value(procedureCheck, "SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 5");
        String before = checksum(procedureCheck);
        NewOrderRequest r = new NewOrderRequest(W, 5, 7, List.of(new NewOrderRequest.Line(1, W, 5),
                new NewOrderRequest.Line(2, W, 5), new NewOrderRequest.Line(TpccInputs.UNUSED_ITEM_ID, W, 5)), true);
        assertThat(both(r)).isEqualTo(Outcome.BUSINESS_ROLLBACK);
        assertThat(procedure.lastOrderId()).isEqualTo(client.lastOrderId()).isEqualTo(next);
        assertThat(checksum(procedureCheck)).isEqualTo(before);
        assertThat(value(procedureCheck, "SELECT count(*) FROM oorder WHERE o_w_id = 1 AND o_d_id = 5 AND o_id >= "
                + next)).isZero();
        assertThat(value(procedureCheck, "SELECT count(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 5 "
                + "AND ol_o_id >= " + next)).isZero();
        // the connection is usable afterwards and in auto-commit mode, with nothing left open
        assertThat(both(new StockLevelRequest(W, 5, 15))).isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.connection().autoCommit()).isTrue();
        assertSameData();
    }

    @Test
    @Order(3)
    void paymentByLastNamePaysTheSameCustomer() throws Exception {
        String name;
        try (PreparedStatement ps = procedureCheck.prepareStatement("SELECT c_last FROM customer WHERE c_w_id = 1 "
                + "AND c_d_id = 2 GROUP BY c_last HAVING count(*) = 4 ORDER BY c_last FETCH FIRST 1 ROWS ONLY");
                ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            name = rs.getString(1);
        }
        assertThat(both(new PaymentRequest(W, 2, W, 2, CustomerSelector.byLastName(name), new BigDecimal("123.45"))))
                .isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.lastPaymentCustomerId()).isEqualTo(client.lastPaymentCustomerId()).isPositive();
        // an odd number of matches too: position ceil(3/2) = 2
        String odd;
        try (PreparedStatement ps = procedureCheck.prepareStatement("SELECT c_last FROM customer WHERE c_w_id = 1 "
                + "AND c_d_id = 6 GROUP BY c_last HAVING count(*) = 3 ORDER BY c_last FETCH FIRST 1 ROWS ONLY");
                ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            odd = rs.getString(1);
        }
        assertThat(both(new PaymentRequest(W, 1, W, 6, CustomerSelector.byLastName(odd), new BigDecimal("7.00"))))
                .isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.lastPaymentCustomerId()).isEqualTo(client.lastPaymentCustomerId());
        assertSameData();
    }

    @Test
    @Order(4)
    void paymentOfABadCreditCustomerPrependsTheSameCData() throws Exception {
        int d;
        int c;
        try (PreparedStatement ps = procedureCheck.prepareStatement("SELECT c_d_id, c_id FROM customer "
                + "WHERE c_w_id = 1 AND c_credit = 'BC' ORDER BY c_d_id DESC, c_id FETCH FIRST 1 ROWS ONLY");
                ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            d = rs.getInt(1);
            c = rs.getInt(2);
        }
        String old = string(procedureCheck, "SELECT c_data FROM customer WHERE c_w_id = 1 AND c_d_id = " + d
                + " AND c_id = " + c);
        BigDecimal amount = new BigDecimal("4999.99");
        assertThat(both(new PaymentRequest(W, 1, W, d, CustomerSelector.byId(c), amount))).isEqualTo(Outcome.COMMITTED);
        assertThat(string(procedureCheck, "SELECT c_data FROM customer WHERE c_w_id = 1 AND c_d_id = " + d
                + " AND c_id = " + c)).isEqualTo(TpccClientSession.badCreditData(c, d, W, 1, W, amount, old));
        assertSameData();
    }

    /**
     * Order-Status and Stock-Level make several reads; at READ COMMITTED a VOLATILE plpgsql
     * function takes a new snapshot for each, so a Delivery committing between them could show
     * an order without its carrier beside delivered lines. A STABLE function reads on the
     * calling statement's one snapshot. (The interleaving itself cannot be forced from
     * outside a function call; the server's catalog says how it will run them.)
     */
    @Test
    @Order(5)
    void theReadOnlyProceduresReadOnOneSnapshot() throws Exception {
        List<String> stable = new ArrayList<>();
        try (PreparedStatement ps = procedureCheck.prepareStatement("SELECT proname FROM pg_proc "
                + "WHERE proname LIKE 'tpcc\\_%' AND provolatile = 's' ORDER BY proname");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                stable.add(rs.getString(1));
            }
        }
        assertThat(stable).containsExactly("tpcc_customer_id", "tpcc_order_status", "tpcc_stock_level");
    }

    @Test
    @Order(5)
    void orderStatusAndStockLevelShowTheSameAndChangeNothing() throws Exception {
        String before = checksum(procedureCheck);
        assertThat(both(new OrderStatusRequest(W, 4, CustomerSelector.byId(99)))).isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.lastOrderStatusOrderId()).isEqualTo(client.lastOrderStatusOrderId()).isPositive();
        assertThat(procedure.lastOrderStatusLines()).isEqualTo(client.lastOrderStatusLines());
        assertThat(both(new OrderStatusRequest(W, 6, CustomerSelector.byLastName(LastNames.of(123)))))
                .isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.lastOrderStatusCustomerId()).isEqualTo(client.lastOrderStatusCustomerId());
        assertThat(procedure.lastOrderStatusOrderId()).isEqualTo(client.lastOrderStatusOrderId());
        assertThat(procedure.lastOrderStatusLines()).isEqualTo(client.lastOrderStatusLines()).isBetween(5, 15);
        for (int threshold : new int[] {10, 15, 20}) {
            assertThat(both(new StockLevelRequest(W, 8, threshold))).isEqualTo(Outcome.COMMITTED);
            assertThat(procedure.lastLowStock()).isEqualTo(client.lastLowStock());
        }
        assertThat(procedure.lastLowStock()).isPositive();
        assertThat(checksum(procedureCheck)).isEqualTo(before);
        assertSameData();
    }

    @Test
    @Order(6)
    void deliveryDeliversTheOldestNewOrderOfEachDistrictAndSkipsAnEmptyOne() throws Exception {
        int[] oldest = new int[11];
        for (int d = 1; d <= 10; d++) {
            oldest[d] = (int) value(procedureCheck, "SELECT min(no_o_id) FROM new_order WHERE no_w_id = 1 "
                    + "AND no_d_id = " + d);
        }
        assertThat(both(new DeliveryRequest(W, 7))).isEqualTo(Outcome.COMMITTED);
        assertThat(procedure.lastDelivered()).isEqualTo(client.lastDelivered()).hasSize(10);
        for (TpccClientSession.DeliveredOrder o : procedure.lastDelivered()) {
            assertThat(o.orderId()).isEqualTo(oldest[o.districtId()]);
        }
        assertSameData();

        // district 10 without new orders, in both databases; the queue is put back afterwards
        List<Long> queued = new ArrayList<>();
        try (PreparedStatement ps = procedureCheck.prepareStatement(
                "SELECT no_o_id FROM new_order WHERE no_w_id = 1 AND no_d_id = 10"); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                queued.add(rs.getLong(1));
            }
        }
        for (Connection c : new Connection[] {clientCheck, procedureCheck}) {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 10")) {
                ps.executeUpdate();
            }
        }
        try {
            assertThat(both(new DeliveryRequest(W, 2))).isEqualTo(Outcome.COMMITTED);
            assertThat(procedure.lastDeliverySkipped()).isEqualTo(client.lastDeliverySkipped()).isEqualTo(1);
            assertThat(procedure.lastDelivered()).isEqualTo(client.lastDelivered()).hasSize(9)
                    .noneMatch(o -> o.districtId() == 10);
            assertSameData();
        } finally {
            for (Connection c : new Connection[] {clientCheck, procedureCheck}) {
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, 10, 1)")) {
                    for (long o : queued) {
                        ps.setLong(1, o);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
        }
    }

    /** The same random mix (rollbacks included) on both: the same data, and conditions 1-12 hold. */
    @Test
    @Order(7)
    void aRandomMixLeavesTheSameDatabase() throws Exception {
        TpccRandom random = new TpccRandom(91);
        NURandConstants run = NURandConstants.forRun(random.split(), clientDb.loadConstants().cLast());
        TpccInputs inputs = new TpccInputs(random.split(), run, W, 1, 3);
        CardDeck deck = CardDeck.smallest(new SplittableRandom(5));
        int rollbacks = 0;
        long started = System.nanoTime();
        for (int i = 0; i < 400; i++) {
            TpccTransactionType type = deck.deal();
            Request r = inputs.next(type);
            Outcome outcome = both(r);
            if (outcome == Outcome.BUSINESS_ROLLBACK) {
                assertThat(((NewOrderRequest) r).rollback()).isTrue();
                rollbacks++;
            }
        }
        System.out.printf("tpcc procedure vs client: 400 transactions each in %.1f s, %d business rollbacks%n",
                (System.nanoTime() - started) / 1e9, rollbacks);
        assertSameDataEverywhere();
        for (CheckResult r : TpccConsistency.checkAll(procedureCheck, true)) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    /** Runs the request on both sessions: both must end the same way. */
    private static Outcome both(Request r) throws SQLException {
        Outcome expected = client.execute(r);
        Outcome actual = procedure.execute(r);
        assertThat(actual).as("outcome of %s", r).isEqualTo(expected);
        return actual;
    }

    /** Every table, row by row; the timestamps only as set or not set. */
    private static final String[] TABLES = {
        "SELECT * FROM warehouse",
        "SELECT * FROM district",
        "SELECT c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, "
            + "c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, "
            + "c_delivery_cnt, c_data FROM customer",
        "SELECT h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data FROM history",
        "SELECT o_id, o_d_id, o_w_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local FROM oorder",
        "SELECT * FROM new_order",
        "SELECT ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d IS NULL, ol_quantity, "
            + "ol_amount, ol_dist_info FROM order_line",
        "SELECT * FROM stock",
    };

    /**
     * After a step, what a step can change: the columns the transactions write (STOCK's and
     * CUSTOMER's static text left out), and the orders and lines beyond the 2,100 loaded as
     * delivered.
     */
    private static final String[] CHANGING = {
        "SELECT * FROM warehouse",
        "SELECT * FROM district",
        "SELECT c_id, c_d_id, c_w_id, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, "
            + "CASE WHEN c_credit = 'BC' THEN c_data END FROM customer",
        "SELECT h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data FROM history",
        "SELECT o_id, o_d_id, o_w_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local FROM oorder WHERE o_id > 2100",
        "SELECT * FROM new_order",
        "SELECT ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d IS NULL, ol_quantity, "
            + "ol_amount, ol_dist_info FROM order_line WHERE ol_o_id > 2100",
        "SELECT s_i_id, s_w_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt FROM stock",
    };

    private static void assertSameData() throws Exception {
        assertSameData(CHANGING);
    }

    /** Every row of every table. */
    private static void assertSameDataEverywhere() throws Exception {
        assertSameData(TABLES);
    }

    private static void assertSameData(String[] queries) throws Exception {
        for (String rows : queries) {
            // an order-independent digest of the rows' text, computed by both servers at once
            String sql = "SELECT count(*) || ':' || sum(hashtext(t::text)::bigint) || ':' "
                    + "|| sum(hashtext(reverse(t::text))::bigint) FROM (" + rows + ") t";
            java.util.concurrent.CompletableFuture<String> expected =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            return string(clientCheck, sql);
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    });
            assertThat(string(procedureCheck, sql)).as(rows).isEqualTo(expected.get());
        }
    }

    private static String checksum(Connection c) throws SQLException {
        return string(c, "SELECT concat_ws('/', (SELECT sum(w_ytd) FROM warehouse), "
                + "(SELECT sum(d_ytd) || ':' || sum(d_next_o_id) FROM district), "
                + "(SELECT sum(c_balance) || ':' || sum(c_payment_cnt) || ':' || sum(c_delivery_cnt) FROM customer), "
                + "(SELECT count(*) FROM history), (SELECT count(*) FROM oorder), (SELECT count(*) FROM new_order), "
                + "(SELECT count(*) FROM order_line), "
                + "(SELECT sum(s_quantity) || ':' || sum(s_ytd) || ':' || sum(s_order_cnt) FROM stock))");
    }

    private static long value(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).as(sql).isTrue();
            return rs.getLong(1);
        }
    }

    private static String string(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).as(sql).isTrue();
            return rs.getString(1);
        }
    }
}
