package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The five transactions of the client session against a loaded W=2 database (so that remote
 * order lines, remote Payments and the lock order across warehouses run), checked with SQL
 * that every database understands. Subclasses say which database: the embedded PostgreSQL
 * (always) or this machine's MariaDB (when configured); each dialect has its own statements.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TpccClientSessionIT {
    /** The warehouses loaded. */
    static final int WAREHOUSES = 2;
    /** The home warehouse of the single-transaction tests; the other one is remote. */
    static final int W = 1;
    static final int REMOTE = 2;
    TpccTestDatabase db;
    Connection check;

    /** Starts (or connects to) the database and loads {@link #WAREHOUSES}. */
    abstract TpccTestDatabase open() throws Exception;

    /**
     * The round trips (requests sent and waited for) the dialect's session makes for each type
     * in the common case: what docs/tpcc.md states.
     */
    abstract Map<TpccTransactionType, Integer> roundTrips();

    @BeforeAll
    void load() throws Exception {
        db = open();
        check = db.connect();
    }

    @AfterAll
    void stop() throws SQLException {
        if (check != null) {
            check.close();
        }
        if (db != null) {
            db.close();
        }
    }

    TpccClientSession session() throws SQLException {
        return db.clientSession();
    }

    @Test
    void eachTransactionTakesTheRoundTripsItShould() throws Exception {
        assertThat(roundTripsTaken(session())).isEqualTo(roundTrips());
    }

    /** The round trips each type takes on {@code session} in the common case; closes the session. */
    Map<TpccTransactionType, Integer> roundTripsTaken(TpccClientSession session) throws Exception {
        NURandConstants run = NURandConstants.forRun(new TpccRandom(5), db.loadConstants().cLast());
        TpccInputs inputs = new TpccInputs(new TpccRandom(6), run, WAREHOUSES, 1, 2);
        Map<TpccTransactionType, Integer> seen = new EnumMap<>(TpccTransactionType.class);
        try (TpccClientSession s = session) {
            for (TpccTransactionType type : TpccTransactionType.values()) {
                Request r;
                do {
                    // the common case: a New-Order without the unused item, a Payment by number
                    r = inputs.next(type);
                } while (r instanceof NewOrderRequest n && n.rollback()
                        || r instanceof PaymentRequest p && p.customer().byLastName()
                        || r instanceof OrderStatusRequest o && o.customer().byLastName());
                s.connection().resetCounts();
                assertThat(s.execute(r)).isEqualTo(Outcome.COMMITTED);
                io.tpkit.spi.workload.SessionConnection c = s.connection();
                seen.put(type, (int) c.roundTrips());
            }
        }
        return seen;
    }

    @Test
    void newOrderCommitsTheOrderItsLinesAndTheStockChanges() throws Exception {
        int d = 3;
        int c = 42;
        int next = (int) value("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = ?", d);
        // item 10 twice: the lines are processed separately, not merged
        int[] items = {10, 20, 30, 10, 40, 50, 60};
        int[] quantities = {3, 9, 1, 4, 10, 2, 5};
        List<NewOrderRequest.Line> lines = new ArrayList<>();
        for (int i = 0; i < items.length; i++) {
            lines.add(new NewOrderRequest.Line(items[i], W, quantities[i]));
        }
        long q20 = value("SELECT s_quantity FROM stock WHERE s_w_id = 1 AND s_i_id = 20");
        long ytd20 = value("SELECT s_ytd FROM stock WHERE s_w_id = 1 AND s_i_id = 20");
        long cnt10 = value("SELECT s_order_cnt FROM stock WHERE s_w_id = 1 AND s_i_id = 10");
        long q10 = value("SELECT s_quantity FROM stock WHERE s_w_id = 1 AND s_i_id = 10");

        TpccOutput.NewOrder shown;
        try (TpccClientSession s = session()) {
            assertThat(s.execute(new NewOrderRequest(W, d, c, lines, false))).isEqualTo(Outcome.COMMITTED);
            assertThat(s.lastOrderId()).isEqualTo(next);
            assertThat(s.lastTotalAmount()).isPositive();
            shown = s.lastNewOrder();
        }
        // what the terminal showed (§2.4.3.3), as the database holds it
        String customer = " FROM customer WHERE c_w_id = 1 AND c_d_id = 3 AND c_id = 42";
        assertThat(shown.customerLast()).isEqualTo(string("SELECT c_last" + customer));
        assertThat(shown.customerCredit()).isEqualTo(string("SELECT c_credit" + customer));
        assertThat(shown.customerDiscount()).isEqualByComparingTo(decimal("SELECT c_discount" + customer));
        assertThat(shown.warehouseTax()).isEqualByComparingTo(decimal("SELECT w_tax FROM warehouse WHERE w_id = 1"));
        assertThat(shown.entryDate()).isEqualTo(time("SELECT o_entry_d FROM oorder WHERE o_w_id = 1 AND o_d_id = 3 "
                + "AND o_id = " + next));
        assertThat(shown.lines()).hasSize(7);
        for (int i = 0; i < items.length; i++) {
            TpccOutput.NewOrderLine line = shown.lines().get(i);
            String item = " FROM item WHERE i_id = " + items[i];
            assertThat(line.itemName()).isEqualTo(string("SELECT i_name" + item));
            assertThat(line.price()).isEqualByComparingTo(decimal("SELECT i_price" + item));
            boolean brand = string("SELECT i_data" + item).contains("ORIGINAL") && string("SELECT s_data FROM stock "
                    + "WHERE s_w_id = 1 AND s_i_id = " + items[i]).contains("ORIGINAL");
            assertThat(line.brandGeneric()).isEqualTo(brand ? 'B' : 'G');
            assertThat(line.amount()).isEqualByComparingTo(decimal("SELECT ol_amount FROM order_line WHERE ol_w_id = 1 "
                    + "AND ol_d_id = 3 AND ol_o_id = " + next + " AND ol_number = " + (i + 1)));
        }
        // S_QUANTITY as each line read it: the second line of item 10 reads what the first one left
        assertThat(shown.lines().get(0).stockQuantity()).isEqualTo((int) q10);
        assertThat(shown.lines().get(1).stockQuantity()).isEqualTo((int) q20);
        assertThat(shown.lines().get(3).stockQuantity()).isEqualTo((int) (q10 - 3 >= 10 ? q10 - 3 : q10 - 3 + 91));
        assertThat(value("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = ?", d)).isEqualTo(next + 1);
        assertThat(value("SELECT count(*) FROM oorder WHERE o_w_id = 1 AND o_d_id = ? AND o_id = ? AND o_c_id = 42 "
                + "AND o_carrier_id IS NULL AND o_ol_cnt = 7 AND o_all_local = 1", d, next)).isEqualTo(1);
        assertThat(value("SELECT count(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = ? AND no_o_id = ?", d, next))
                .isEqualTo(1);
        assertThat(value("SELECT count(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = ? AND ol_o_id = ?", d, next))
                .isEqualTo(7);
        // OL_AMOUNT = quantity x price, no tax; OL_DIST_INFO = S_DIST_03; no delivery date
        assertThat(value("SELECT count(*) FROM order_line l JOIN item i ON i.i_id = l.ol_i_id "
                + "JOIN stock s ON s.s_w_id = l.ol_supply_w_id AND s.s_i_id = l.ol_i_id "
                + "WHERE l.ol_w_id = 1 AND l.ol_d_id = ? AND l.ol_o_id = ? AND l.ol_amount = l.ol_quantity * i.i_price "
                + "AND l.ol_dist_info = s.s_dist_03 AND l.ol_delivery_d IS NULL", d, next)).isEqualTo(7);
        assertThat(values("SELECT ol_i_id * 100 + ol_quantity FROM order_line WHERE ol_w_id = 1 AND ol_d_id = " + d
                + " AND ol_o_id = " + next + " ORDER BY ol_number"))
                .containsExactly(1003L, 2009L, 3001L, 1004L, 4010L, 5002L, 6005L);
        assertThat(value("SELECT s_quantity FROM stock WHERE s_w_id = 1 AND s_i_id = 20"))
                .isEqualTo(q20 - 9 >= 10 ? q20 - 9 : q20 - 9 + 91);
        assertThat(value("SELECT s_ytd FROM stock WHERE s_w_id = 1 AND s_i_id = 20")).isEqualTo(ytd20 + 9);
        assertThat(value("SELECT s_order_cnt FROM stock WHERE s_w_id = 1 AND s_i_id = 10")).isEqualTo(cnt10 + 2);
        long after3 = q10 - 3 >= 10 ? q10 - 3 : q10 - 3 + 91;
        assertThat(value("SELECT s_quantity FROM stock WHERE s_w_id = 1 AND s_i_id = 10"))
                .isEqualTo(after3 - 4 >= 10 ? after3 - 4 : after3 - 4 + 91);
        assertThat(value("SELECT sum(s_remote_cnt) FROM stock WHERE s_w_id = 1 AND s_i_id IN (10, 20, 30, 40, 50, 60)"))
                .isZero();
    }

    @Test
    void aRemoteOrderLineIsTakenFromTheSupplyingWarehousesStock() throws Exception {
        int d = 5;
        int next = (int) value("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = ?", d);
        String remoteStock = " FROM stock WHERE s_w_id = 2 AND s_i_id = 77";
        String localStock = " FROM stock WHERE s_w_id = 1 AND s_i_id = 78";
        long remoteCount = value("SELECT s_remote_cnt" + remoteStock);
        long remoteYtd = value("SELECT s_ytd" + remoteStock);
        long localCount = value("SELECT s_remote_cnt" + localStock);
        long untouched = value("SELECT s_ytd FROM stock WHERE s_w_id = 1 AND s_i_id = 77");
        List<NewOrderRequest.Line> lines = List.of(new NewOrderRequest.Line(77, REMOTE, 4),
                new NewOrderRequest.Line(78, W, 2));

        try (TpccClientSession s = session()) {
            assertThat(s.execute(new NewOrderRequest(W, d, 17, lines, false))).isEqualTo(Outcome.COMMITTED);
        }
        assertThat(value("SELECT count(*) FROM oorder WHERE o_w_id = 1 AND o_d_id = ? AND o_id = ? "
                + "AND o_all_local = 0 AND o_ol_cnt = 2", d, next)).isEqualTo(1);
        assertThat(value("SELECT s_remote_cnt" + remoteStock)).isEqualTo(remoteCount + 1);
        assertThat(value("SELECT s_ytd" + remoteStock)).isEqualTo(remoteYtd + 4);
        assertThat(value("SELECT s_remote_cnt" + localStock)).isEqualTo(localCount);
        assertThat(value("SELECT s_ytd FROM stock WHERE s_w_id = 1 AND s_i_id = 77")).isEqualTo(untouched);
        // the line names its supplier, and carries the supplier's district info
        assertThat(value("SELECT count(*) FROM order_line l JOIN stock s ON s.s_w_id = 2 AND s.s_i_id = 77 "
                + "WHERE l.ol_w_id = 1 AND l.ol_d_id = ? AND l.ol_o_id = ? AND l.ol_i_id = 77 "
                + "AND l.ol_supply_w_id = 2 AND l.ol_dist_info = s.s_dist_05", d, next)).isEqualTo(1);
    }

    @Test
    void aRemotePaymentPaysTheOtherWarehousesCustomerThroughTheHomeWarehouse() throws Exception {
        String customer = " FROM customer WHERE c_w_id = 2 AND c_d_id = 4 AND c_id = 55";
        BigDecimal balance = decimal("SELECT c_balance" + customer);
        long payments = value("SELECT c_payment_cnt" + customer);
        BigDecimal home = decimal("SELECT w_ytd FROM warehouse WHERE w_id = 1");
        BigDecimal other = decimal("SELECT w_ytd FROM warehouse WHERE w_id = 2");
        BigDecimal homeDistrict = decimal("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 1");
        BigDecimal otherDistrict = decimal("SELECT d_ytd FROM district WHERE d_w_id = 2 AND d_id = 4");
        long history = value("SELECT count(*) FROM history WHERE h_c_w_id = 2 AND h_c_d_id = 4 AND h_c_id = 55 "
                + "AND h_w_id = 1 AND h_d_id = 1 AND h_amount = 100.00");
        BigDecimal amount = new BigDecimal("100.00");

        try (TpccClientSession s = session()) {
            assertThat(s.execute(new PaymentRequest(W, 1, REMOTE, 4, CustomerSelector.byId(55), amount)))
                    .isEqualTo(Outcome.COMMITTED);
        }
        assertThat(decimal("SELECT c_balance" + customer)).isEqualByComparingTo(balance.subtract(amount));
        assertThat(value("SELECT c_payment_cnt" + customer)).isEqualTo(payments + 1);
        assertThat(decimal("SELECT w_ytd FROM warehouse WHERE w_id = 1")).isEqualByComparingTo(home.add(amount));
        assertThat(decimal("SELECT w_ytd FROM warehouse WHERE w_id = 2")).isEqualByComparingTo(other);
        assertThat(decimal("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 1"))
                .isEqualByComparingTo(homeDistrict.add(amount));
        assertThat(decimal("SELECT d_ytd FROM district WHERE d_w_id = 2 AND d_id = 4")).isEqualByComparingTo(otherDistrict);
        assertThat(value("SELECT count(*) FROM history WHERE h_c_w_id = 2 AND h_c_d_id = 4 AND h_c_id = 55 "
                + "AND h_w_id = 1 AND h_d_id = 1 AND h_amount = 100.00")).isEqualTo(history + 1);
    }

    @Test
    void newOrderWithTheUnusedItemRollsBackAndLeavesNoRows() throws Exception {
        int d = 5;
        int next = (int) value("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = ?", d);
        long cnt1 = value("SELECT s_order_cnt FROM stock WHERE s_w_id = 1 AND s_i_id = 1");
        String before = checksum();
        List<NewOrderRequest.Line> lines = List.of(new NewOrderRequest.Line(1, W, 5),
                new NewOrderRequest.Line(2, W, 5), new NewOrderRequest.Line(TpccInputs.UNUSED_ITEM_ID, W, 5));
        try (TpccClientSession s = session()) {
            assertThat(s.execute(new NewOrderRequest(W, d, 7, lines, true))).isEqualTo(Outcome.BUSINESS_ROLLBACK);
            assertThat(s.lastOrderId()).isEqualTo(next);
            // the session is usable afterwards
            assertThat(s.execute(new StockLevelRequest(W, d, 15))).isEqualTo(Outcome.COMMITTED);
        }
        assertThat(value("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = ?", d)).isEqualTo(next);
        assertThat(value("SELECT count(*) FROM oorder WHERE o_w_id = 1 AND o_d_id = ? AND o_id >= ?", d, next)).isZero();
        assertThat(value("SELECT count(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = ? AND no_o_id >= ?", d, next))
                .isZero();
        assertThat(value("SELECT count(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = ? AND ol_o_id >= ?", d, next))
                .isZero();
        assertThat(value("SELECT s_order_cnt FROM stock WHERE s_w_id = 1 AND s_i_id = 1")).isEqualTo(cnt1);
        assertThat(checksum()).isEqualTo(before);
    }

    @Test
    void paymentByLastNamePaysTheMiddleCustomer() throws Exception {
        int d = 2;
        String name;
        try (PreparedStatement ps = check.prepareStatement("SELECT c_last FROM customer WHERE c_w_id = 1 "
                + "AND c_d_id = ? GROUP BY c_last HAVING count(*) = 4 ORDER BY c_last FETCH FIRST 1 ROWS ONLY")) {
            ps.setInt(1, d);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                name = rs.getString(1);
            }
        }
        List<Long> ids = values("SELECT c_id FROM customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_last = '" + name
                + "' ORDER BY c_first, c_id");
        assertThat(ids).hasSize(4);
        long middle = ids.get(1); // position ceil(4/2) = 2, counting from 1
        BigDecimal amount = new BigDecimal("123.45");
        BigDecimal wYtd = decimal("SELECT w_ytd FROM warehouse WHERE w_id = 1");
        BigDecimal dYtd = decimal("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 2");
        String customer = " FROM customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = " + middle;
        BigDecimal balance = decimal("SELECT c_balance" + customer);
        BigDecimal ytdPayment = decimal("SELECT c_ytd_payment" + customer);
        long paymentCnt = value("SELECT c_payment_cnt" + customer);
        long history = value("SELECT count(*) FROM history");

        try (TpccClientSession s = session()) {
            assertThat(s.execute(new PaymentRequest(W, d, W, d, CustomerSelector.byLastName(name), amount)))
                    .isEqualTo(Outcome.COMMITTED);
            assertThat(s.lastPaymentCustomerId()).isEqualTo((int) middle);
            // what the terminal showed (§2.5.3.3), as the database holds it after the payment
            TpccOutput.Payment shown = s.lastPayment();
            assertThat(shown.last()).isEqualTo(name);
            assertThat(shown.first()).isEqualTo(string("SELECT c_first" + customer));
            assertThat(shown.balance()).isEqualByComparingTo(balance.subtract(amount));
            assertThat(shown.customer().zip()).isEqualTo(string("SELECT c_zip" + customer));
            assertThat(shown.since()).isEqualTo(time("SELECT c_since" + customer));
            assertThat(shown.warehouse().city()).isEqualTo(string("SELECT w_city FROM warehouse WHERE w_id = 1"));
            assertThat(shown.district().street1())
                    .isEqualTo(string("SELECT d_street_1 FROM district WHERE d_w_id = 1 AND d_id = 2"));
            assertThat(shown.data() == null).isEqualTo(!"BC".equals(string("SELECT c_credit" + customer)));
            assertThat(shown.date()).isEqualTo(time("SELECT max(h_date) FROM history WHERE h_c_w_id = 1 AND h_c_d_id = 2 "
                    + "AND h_c_id = " + middle));
        }
        assertThat(decimal("SELECT w_ytd FROM warehouse WHERE w_id = 1")).isEqualByComparingTo(wYtd.add(amount));
        assertThat(decimal("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 2"))
                .isEqualByComparingTo(dYtd.add(amount));
        assertThat(decimal("SELECT c_balance" + customer)).isEqualByComparingTo(balance.subtract(amount));
        assertThat(decimal("SELECT c_ytd_payment" + customer)).isEqualByComparingTo(ytdPayment.add(amount));
        assertThat(value("SELECT c_payment_cnt" + customer)).isEqualTo(paymentCnt + 1);
        assertThat(value("SELECT count(*) FROM history")).isEqualTo(history + 1);
        assertThat(value("SELECT count(*) FROM history h, warehouse w, district d WHERE w.w_id = 1 "
                + "AND d.d_w_id = 1 AND d.d_id = 2 AND h.h_c_id = ? AND h.h_c_d_id = 2 AND h.h_c_w_id = 1 "
                + "AND h.h_d_id = 2 AND h.h_w_id = 1 AND h.h_amount = 123.45 "
                + "AND h.h_data = CONCAT(w.w_name, '    ', d.d_name)", (int) middle)).isEqualTo(1);
    }

    /** The first bad-credit customer of the home warehouse in {@code order}: its district and id. */
    private int[] badCreditCustomer(String order) throws SQLException {
        try (PreparedStatement ps = check.prepareStatement("SELECT c_d_id, c_id FROM customer WHERE c_w_id = 1 "
                + "AND c_credit = 'BC' ORDER BY " + order + " FETCH FIRST 1 ROWS ONLY");
                ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            return new int[] {rs.getInt(1), rs.getInt(2)};
        }
    }

    @Test
    void paymentOfABadCreditCustomerPrependsToCData() throws Exception {
        int[] dc = badCreditCustomer("c_d_id DESC, c_id");
        int d = dc[0];
        int c = dc[1];
        String customer = " FROM customer WHERE c_w_id = 1 AND c_d_id = " + d + " AND c_id = " + c;
        String old = string("SELECT c_data" + customer);
        BigDecimal amount = new BigDecimal("4999.99");
        // paid at district 1 of the home warehouse, for a customer of district d
        try (TpccClientSession s = session()) {
            assertThat(s.execute(new PaymentRequest(W, 1, W, d, CustomerSelector.byId(c), amount)))
                    .isEqualTo(Outcome.COMMITTED);
        }
        String data = string("SELECT c_data" + customer);
        assertThat(data).startsWith(c + " " + d + " 1 1 1 4999.99 | ").hasSizeLessThanOrEqualTo(500)
                .isEqualTo(TpccClientSession.badCreditData(c, d, W, 1, W, amount, old));
        assertThat(data.length()).isEqualTo(Math.min(500, old.length() + (c + " " + d + " 1 1 1 4999.99 | ").length()));
    }

    /**
     * Two Payments from different warehouses for one bad-credit customer, both queued behind a
     * lock on the customer row: each must prefix the C_DATA the other one wrote. Reading C_DATA
     * with a plain SELECT (InnoDB's REPEATABLE READ snapshot, taken at the transaction's first
     * read) and writing it back whole loses the first entry.
     */
    @Test
    void concurrentPaymentsOfOneBadCreditCustomerKeepBothEntries() throws Exception {
        int[] dc = badCreditCustomer("c_d_id, c_id");
        int d = dc[0];
        int c = dc[1];
        String customer = " FROM customer WHERE c_w_id = 1 AND c_d_id = " + d + " AND c_id = " + c;
        String old = string("SELECT c_data" + customer);
        BigDecimal homeAmount = new BigDecimal("11.11");
        BigDecimal remoteAmount = new BigDecimal("22.22");
        ExecutorService payers = Executors.newFixedThreadPool(2);
        try (Connection blocker = db.connect()) {
            blocker.setAutoCommit(false);
            try (PreparedStatement lock = blocker.prepareStatement("SELECT c_id" + customer + " FOR UPDATE");
                 ResultSet rs = lock.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
            Future<Outcome> home = payers.submit(() -> pay(new PaymentRequest(1, 1, 1, d, CustomerSelector.byId(c),
                    homeAmount)));
            Future<Outcome> remote = payers.submit(() -> pay(new PaymentRequest(2, 1, 1, d, CustomerSelector.byId(c),
                    remoteAmount)));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (lockWaits() < 2 && System.nanoTime() < deadline && !home.isDone() && !remote.isDone()) {
                Thread.sleep(20);
            }
            if (home.isDone() || remote.isDone()) {
                // went past the lock: say how
                assertThat(home.isDone() ? home.get() : remote.get()).as("a Payment did not wait").isNull();
            }
            assertThat(lockWaits()).as("both Payments wait for the customer row").isEqualTo(2);
            blocker.commit();
            assertThat(home.get()).isEqualTo(Outcome.COMMITTED);
            assertThat(remote.get()).isEqualTo(Outcome.COMMITTED);
        } finally {
            payers.shutdownNow();
        }
        String homeFirst = TpccClientSession.badCreditData(c, d, 1, 1, 2, remoteAmount,
                TpccClientSession.badCreditData(c, d, 1, 1, 1, homeAmount, old));
        String remoteFirst = TpccClientSession.badCreditData(c, d, 1, 1, 1, homeAmount,
                TpccClientSession.badCreditData(c, d, 1, 1, 2, remoteAmount, old));
        assertThat(string("SELECT c_data" + customer)).isIn(homeFirst, remoteFirst);
    }

    private Outcome pay(PaymentRequest r) throws SQLException {
        try (TpccClientSession s = session()) {
            return s.execute(r);
        }
    }

    /** Sessions of this database waiting for a row lock now (the test holds the only one). */
    abstract long lockWaits() throws SQLException;

    @Test
    void deliveryDeliversTheOldestNewOrderOfEveryDistrict() throws Exception {
        int[] oldest = new int[11];
        int[] customer = new int[11];
        BigDecimal[] sum = new BigDecimal[11];
        BigDecimal[] balance = new BigDecimal[11];
        long[] deliveryCnt = new long[11];
        for (int d = 1; d <= 10; d++) {
            oldest[d] = (int) value("SELECT min(no_o_id) FROM new_order WHERE no_w_id = 1 AND no_d_id = ?", d);
            customer[d] = (int) value("SELECT o_c_id FROM oorder WHERE o_w_id = 1 AND o_d_id = ? AND o_id = ?",
                    d, oldest[d]);
            sum[d] = decimal("SELECT sum(ol_amount) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = " + d
                    + " AND ol_o_id = " + oldest[d]);
            String c = " FROM customer WHERE c_w_id = 1 AND c_d_id = " + d + " AND c_id = " + customer[d];
            balance[d] = decimal("SELECT c_balance" + c);
            deliveryCnt[d] = value("SELECT c_delivery_cnt" + c);
        }
        try (TpccClientSession s = session()) {
            DeliveryRequest request = new DeliveryRequest(W, 7);
            assertThat(s.execute(request)).isEqualTo(Outcome.COMMITTED);
            assertThat(s.lastDeliverySkipped()).isZero();
            assertThat(s.lastDelivered()).hasSize(10);
            for (TpccClientSession.DeliveredOrder o : s.lastDelivered()) {
                assertThat(o.orderId()).isEqualTo(oldest[o.districtId()]);
            }
            // the result file's line (§2.7.2.3): the orders the database just delivered
            StringBuilder expected = new StringBuilder("W_ID=1 O_CARRIER_ID=7 delivered D_ID:O_ID");
            for (int d = 1; d <= 10; d++) {
                expected.append(' ').append(d).append(':').append(oldest[d]);
            }
            assertThat(s.deferredResult(request)).isEqualTo(new io.tpkit.spi.workload.DeferredResult(expected.toString(), 0));
        }
        for (int d = 1; d <= 10; d++) {
            assertThat(value("SELECT count(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = ? AND no_o_id = ?",
                    d, oldest[d])).isZero();
            assertThat(value("SELECT min(no_o_id) FROM new_order WHERE no_w_id = 1 AND no_d_id = ?", d))
                    .isEqualTo(oldest[d] + 1);
            assertThat(value("SELECT o_carrier_id FROM oorder WHERE o_w_id = 1 AND o_d_id = ? AND o_id = ?",
                    d, oldest[d])).isEqualTo(7);
            assertThat(value("SELECT count(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = ? AND ol_o_id = ? "
                    + "AND ol_delivery_d IS NULL", d, oldest[d])).isZero();
            String c = " FROM customer WHERE c_w_id = 1 AND c_d_id = " + d + " AND c_id = " + customer[d];
            assertThat(decimal("SELECT c_balance" + c)).isEqualByComparingTo(balance[d].add(sum[d]));
            assertThat(value("SELECT c_delivery_cnt" + c)).isEqualTo(deliveryCnt[d] + 1);
        }
    }

    @Test
    void deliverySkipsADistrictWithoutNewOrders() throws Exception {
        List<Long> queued = values("SELECT no_o_id FROM new_order WHERE no_w_id = 1 AND no_d_id = 10");
        update("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 10");
        try (TpccClientSession s = session()) {
            DeliveryRequest request = new DeliveryRequest(W, 1);
            assertThat(s.execute(request)).isEqualTo(Outcome.COMMITTED);
            assertThat(s.lastDeliverySkipped()).isEqualTo(1);
            assertThat(s.lastDelivered()).hasSize(9).noneMatch(o -> o.districtId() == 10);
            assertThat(s.deferredResult(request).skipped()).isEqualTo(1);
            assertThat(s.deferredResult(request).detail()).doesNotContain(" 10:");
        } finally {
            // put the queue back, so that the other tests and the consistency conditions see it whole
            try (PreparedStatement ps = check.prepareStatement(
                    "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, 10, 1)")) {
                for (long o : queued) {
                    ps.setLong(1, o);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    @Test
    void orderStatusAndStockLevelChangeNothing() throws Exception {
        String before = checksum();
        try (TpccClientSession s = session()) {
            assertThat(s.execute(new OrderStatusRequest(W, 4, CustomerSelector.byId(99)))).isEqualTo(Outcome.COMMITTED);
            assertThat(s.lastOrderStatusOrderId()).isEqualTo(
                    (int) value("SELECT max(o_id) FROM oorder WHERE o_w_id = 1 AND o_d_id = 4 AND o_c_id = 99"));
            assertThat(s.lastOrderStatusLines()).isEqualTo((int) value("SELECT count(*) FROM order_line "
                    + "WHERE ol_w_id = 1 AND ol_d_id = 4 AND ol_o_id = ?", s.lastOrderStatusOrderId()));
            // every line as the database holds it, in line order
            TpccOutput.OrderStatus shown = s.lastOrderStatus();
            assertThat(shown.lines()).extracting(TpccOutput.OrderStatusLine::itemId).containsExactlyElementsOf(
                    values("SELECT ol_i_id FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 4 AND ol_o_id = "
                            + shown.orderId() + " ORDER BY ol_number").stream().map(Long::intValue).toList());
            assertThat(shown.entryDate()).isEqualTo(time("SELECT o_entry_d FROM oorder WHERE o_w_id = 1 AND o_d_id = 4 "
                    + "AND o_id = " + shown.orderId()));
            assertThat(shown.balance()).isEqualByComparingTo(decimal("SELECT c_balance FROM customer WHERE c_w_id = 1 "
                    + "AND c_d_id = 4 AND c_id = 99"));

            String name = LastNames.of(123);
            assertThat(s.execute(new OrderStatusRequest(W, 6, CustomerSelector.byLastName(name))))
                    .isEqualTo(Outcome.COMMITTED);
            List<Long> ids = values("SELECT c_id FROM customer WHERE c_w_id = 1 AND c_d_id = 6 AND c_last = '"
                    + name + "' ORDER BY c_first, c_id");
            assertThat(s.lastOrderStatusCustomerId()).isEqualTo(ids.get((ids.size() + 1) / 2 - 1).intValue());
            assertThat(s.lastOrderStatusLines()).isBetween(5, 15);

            for (int threshold : new int[] {10, 15, 20}) {
                assertThat(s.execute(new StockLevelRequest(W, 8, threshold))).isEqualTo(Outcome.COMMITTED);
                long next = value("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 8");
                long expected = value("SELECT count(DISTINCT ol_i_id) FROM order_line WHERE ol_w_id = 1 "
                        + "AND ol_d_id = 8 AND ol_o_id >= ? AND ol_o_id < ? AND ol_i_id IN "
                        + "(SELECT s_i_id FROM stock WHERE s_w_id = 1 AND s_quantity < ?)",
                        (int) next - 20, (int) next, threshold);
                assertThat(s.lastLowStock()).isEqualTo(expected);
                if (threshold == 20) {
                    assertThat(expected).isPositive();
                }
            }
        }
        assertThat(checksum()).isEqualTo(before);
    }

    @Test
    void aRandomMixKeepsTheDatabaseConsistent() throws Exception {
        TpccRandom random = new TpccRandom(77);
        int cLoad = db.loadConstants().cLast();
        NURandConstants run = NURandConstants.forRun(random.split(), cLoad);
        // 500 per terminal: 21 whole decks of 23 cards (210 New-Orders) and 17 cards of the next (4 to 10)
        int transactions = 1_000;
        Map<TpccTransactionType, Integer> done = new EnumMap<>(TpccTransactionType.class);
        int rollbacks = 0;
        String remote = "SELECT (SELECT count(*) FROM order_line WHERE ol_supply_w_id <> ol_w_id) * 1000000 "
                + "+ (SELECT count(*) FROM oorder WHERE o_all_local = 0) * 1000 "
                + "+ (SELECT count(*) FROM history WHERE h_c_w_id <> h_w_id) FROM warehouse WHERE w_id = 1";
        long remoteBefore = value(remote);
        long started = System.nanoTime();
        try (TpccClientSession a = session(); TpccClientSession b = session()) {
            TpccClientSession[] sessions = {a, b};
            // one terminal per warehouse: each one's remote lines and Payments go to the other's
            TpccInputs[] inputs = {new TpccInputs(random.split(), run, WAREHOUSES, 1, 3),
                    new TpccInputs(random.split(), run, WAREHOUSES, 2, 9)};
            CardDeck[] decks = {CardDeck.smallest(new SplittableRandom(1)), CardDeck.smallest(new SplittableRandom(2))};
            for (int i = 0; i < transactions; i++) {
                int t = i % 2;
                TpccTransactionType type = decks[t].deal();
                Request r = inputs[t].next(type);
                Outcome outcome = sessions[t].execute(r);
                if (outcome == Outcome.BUSINESS_ROLLBACK) {
                    assertThat(r).isInstanceOf(NewOrderRequest.class);
                    assertThat(((NewOrderRequest) r).rollback()).isTrue();
                    rollbacks++;
                } else if (r instanceof NewOrderRequest n) {
                    assertThat(n.rollback()).isFalse();
                }
                if (type == TpccTransactionType.DELIVERY) {
                    assertThat(sessions[t].lastDeliverySkipped()).isZero();
                }
                done.merge(type, 1, Integer::sum);
            }
        }
        System.out.printf("tpcc client mix: %d transactions in %.1f s, %s, %d business rollbacks%n", transactions,
                (System.nanoTime() - started) / 1e9, done, rollbacks);
        assertThat(done.get(TpccTransactionType.NEW_ORDER)).isBetween(428, 440);
        // about 1% of ~4,350 lines come from the other warehouse, 15% of Payments pay a customer of it
        long remoteAfter = value(remote);
        assertThat(remoteAfter / 1000000 - remoteBefore / 1000000).as("remote order lines").isPositive();
        assertThat(remoteAfter / 1000 % 1000 - remoteBefore / 1000 % 1000).as("orders not all local").isPositive();
        assertThat(remoteAfter % 1000 - remoteBefore % 1000).as("remote payments").isPositive();
        List<CheckResult> results = TpccConsistency.checkAll(check, db.dialect(), true);
        assertThat(results).hasSize(11);
        for (CheckResult r : results) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    /**
     * Four terminals at once, their homes alternating between the two warehouses so that stock
     * rows are locked across them, retrying on errors as the scheduler does:
     * the lock order of the session must not produce a single deadlock.
     */
    @Test
    void concurrentTerminalsDoNotDeadlock() throws Exception {
        int deadlocks = db.concurrentMix(this::session, 78, 4, 300);
        assertThat(deadlocks).isZero();
        for (CheckResult r : TpccConsistency.checkAll(check, db.dialect(), true)) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    /** Sums over every table the read-write transactions change. */
    String checksum() throws SQLException {
        return TpccTestDatabase.checksum(check);
    }

    long value(String sql, int... params) throws SQLException {
        return TpccTestDatabase.value(check, sql, params);
    }

    List<Long> values(String sql) throws SQLException {
        return TpccTestDatabase.values(check, sql);
    }

    BigDecimal decimal(String sql) throws SQLException {
        return TpccTestDatabase.decimal(check, sql);
    }

    String string(String sql) throws SQLException {
        return TpccTestDatabase.string(check, sql);
    }

    void update(String sql) throws SQLException {
        TpccTestDatabase.update(check, sql);
    }

    java.time.LocalDateTime time(String sql) throws SQLException {
        try (PreparedStatement ps = check.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).as(sql).isTrue();
            return rs.getObject(1, java.time.LocalDateTime.class);
        }
    }
}
