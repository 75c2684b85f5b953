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
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.assertj.core.api.recursive.comparison.RecursiveComparisonConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link TpccProcedureSession} against {@link TpccClientSession} on one database of two
 * warehouses (so remote order lines and remote Payments run): the same steps, inputs generated
 * once, run by the client variant, then, on the database put back as it was loaded, by the
 * stored procedures. After every step both runs must have ended the same way, shown the same
 * output ({@link TpccOutput}: every field, timestamps only as set or not set since they are the
 * clock's) and left the same rows (every column a transaction writes, compared by a digest the
 * server computes), including an item ordered twice, stock refills, the unused-item rollback,
 * customers by last name, a bad-credit customer, a Delivery that skips a district and a random
 * mix of 200 transactions of both warehouses' terminals. Subclasses say which database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TpccProcedureSessionIT {
    static final int WAREHOUSES = 2;
    static final int W = 1;
    static final int REMOTE = 2;
    static final int MIX = 200;
    TpccTestDatabase db;
    Connection check;
    List<Step> steps;
    Pass client;
    Pass procedure;

    /** Starts (or connects to) the database and loads {@link #WAREHOUSES}. */
    abstract TpccTestDatabase open() throws Exception;

    /**
     * Statements the server received from the connection so far, as the server counts them
     * (hidden driver round trips included), or -1 where the test cannot tell.
     */
    abstract long statementsReceived(Connection c) throws SQLException;

    // ---------------------------------------------------------------- the steps and their results

    /** One step of the scenario: a request for the session, or a change made beside it. */
    record Step(String name, Request request, Change change, boolean digest) {
        static Step run(String name, Request r) {
            return new Step(name, r, null, true);
        }
    }

    interface Change {
        void apply(Connection c) throws SQLException;
    }

    /** What a step did in one run. */
    record Result(Outcome outcome, Object output, long roundTrips, long statementsReceived, List<String> digest,
            LocalDateTime shownTime, LocalDateTime storedTime, LocalDateTime before, LocalDateTime after) {
    }

    /** One run of every step. */
    record Pass(List<Result> results, String checksum, List<String> everything, List<CheckResult> consistency) {
    }

    /**
     * Every column a transaction writes, one text row per table row (timestamps only as set or
     * not): of the rows a transaction can have changed, which differ from the load in a counter
     * or are new (the whole tables are compared after the run).
     */
    static final String[] CHANGING = {
        "SELECT CONCAT_WS('|', w_id, w_ytd) AS r FROM warehouse",
        "SELECT CONCAT_WS('|', d_w_id, d_id, d_ytd, d_next_o_id) AS r FROM district",
        "SELECT CONCAT_WS('|', c_w_id, c_d_id, c_id, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, "
            + "CASE WHEN c_credit = 'BC' THEN c_data ELSE '-' END) AS r FROM customer "
            + "WHERE c_payment_cnt > 1 OR c_delivery_cnt > 0",
        "SELECT CONCAT_WS('|', h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data) AS r FROM history",
        "SELECT CONCAT_WS('|', o_w_id, o_d_id, o_id, o_c_id, COALESCE(o_carrier_id, -1), o_ol_cnt, o_all_local) AS r "
            + "FROM oorder WHERE o_id > 2100",
        "SELECT CONCAT_WS('|', no_w_id, no_d_id, no_o_id) AS r FROM new_order",
        "SELECT CONCAT_WS('|', ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, "
            + "CASE WHEN ol_delivery_d IS NULL THEN 'n' ELSE 'd' END, ol_quantity, ol_amount, ol_dist_info) AS r "
            + "FROM order_line WHERE ol_o_id > 3000 OR ol_o_id > 2100 AND ol_delivery_d IS NOT NULL",
        "SELECT CONCAT_WS('|', s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt) AS r FROM stock "
            + "WHERE s_order_cnt > 0",
    };

    /** After the whole run: every row of every table, timestamps only as set or not. */
    static final String[] EVERYTHING = {
        "SELECT CONCAT_WS('|', w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd) AS r "
            + "FROM warehouse",
        "SELECT CONCAT_WS('|', d_w_id, d_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, "
            + "d_next_o_id) AS r FROM district",
        "SELECT CONCAT_WS('|', c_w_id, c_d_id, c_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, "
            + "c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, "
            + "c_delivery_cnt, c_data) AS r FROM customer",
        "SELECT CONCAT_WS('|', h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data) AS r FROM history",
        "SELECT CONCAT_WS('|', o_w_id, o_d_id, o_id, o_c_id, COALESCE(o_carrier_id, -1), o_ol_cnt, o_all_local) AS r "
            + "FROM oorder",
        "SELECT CONCAT_WS('|', no_w_id, no_d_id, no_o_id) AS r FROM new_order",
        "SELECT CONCAT_WS('|', ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, "
            + "CASE WHEN ol_delivery_d IS NULL THEN 'n' ELSE 'd' END, ol_quantity, ol_amount, ol_dist_info) AS r "
            + "FROM order_line",
        "SELECT CONCAT_WS('|', s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt, s_dist_01, s_dist_02, "
            + "s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_data) AS r "
            + "FROM stock",
    };

    @BeforeAll
    void runBothVariants() throws Exception {
        db = open();
        check = db.connect();
        // as a run does: installed, or left as they are when this version is there already
        db.installProcedures();
        steps = scenario();
        long started = System.nanoTime();
        db.copyTables();
        long copied = System.nanoTime();
        client = pass(db.clientSession());
        long clientDone = System.nanoTime();
        db.replaceByCopies();
        check.close();
        check = db.connect();
        procedure = pass(db.procedureSession());
        System.out.printf("tpcc procedure vs client, %d steps: tables copied in %.1f s, client run %.1f s, "
                + "procedure run %.1f s (each with its checks)%n", steps.size(), (copied - started) / 1e9,
                (clientDone - copied) / 1e9, (System.nanoTime() - clientDone) / 1e9);
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

    /** The steps, their inputs drawn from the database as loaded. */
    List<Step> scenario() throws SQLException {
        List<Step> s = new ArrayList<>();
        // New-Order: item 10 twice (processed as two lines, not merged), stock refilled below 10
        int[] items = {10, 20, 30, 10, 40, 50, 60};
        int[] quantities = {3, 9, 1, 4, 10, 2, 5};
        List<NewOrderRequest.Line> lines = new ArrayList<>();
        for (int i = 0; i < items.length; i++) {
            lines.add(new NewOrderRequest.Line(items[i], W, quantities[i]));
        }
        s.add(Step.run("new-order, an item twice", new NewOrderRequest(W, 3, 42, lines, false)));
        for (int i = 0; i < 4; i++) {
            s.add(Step.run("new-order, refill " + i, new NewOrderRequest(W, 4, 7,
                    List.of(new NewOrderRequest.Line(99, W, 10)), false)));
        }
        s.add(Step.run("new-order, a remote line", new NewOrderRequest(W, 5, 17,
                List.of(new NewOrderRequest.Line(77, REMOTE, 4), new NewOrderRequest.Line(78, W, 2)), false)));
        s.add(Step.run("new-order of warehouse 2, a line from warehouse 1", new NewOrderRequest(REMOTE, 6, 18,
                List.of(new NewOrderRequest.Line(77, W, 3), new NewOrderRequest.Line(79, REMOTE, 1),
                        new NewOrderRequest.Line(80, W, 6)), false)));
        s.add(Step.run("new-order, the unused item", new NewOrderRequest(W, 5, 7, List.of(
                new NewOrderRequest.Line(1, W, 5), new NewOrderRequest.Line(2, REMOTE, 5),
                new NewOrderRequest.Line(TpccInputs.UNUSED_ITEM_ID, W, 5)), true)));

        // Payment: by last name (an even and an odd number of matches, one of them remote), a
        // bad-credit customer of the other warehouse, a remote customer by number
        s.add(Step.run("payment by name, 4 matches", new PaymentRequest(W, 2, W, 2,
                CustomerSelector.byLastName(nameWith(W, 2, 4)), new BigDecimal("123.45"))));
        s.add(Step.run("payment by name, 3 matches, remote", new PaymentRequest(W, 1, REMOTE, 6,
                CustomerSelector.byLastName(nameWith(REMOTE, 6, 3)), new BigDecimal("7.00"))));
        int[] bad = badCreditCustomer(REMOTE);
        s.add(Step.run("payment, bad credit, remote", new PaymentRequest(W, 1, REMOTE, bad[0],
                CustomerSelector.byId(bad[1]), new BigDecimal("4999.99"))));
        int[] badHome = badCreditCustomer(W);
        s.add(Step.run("payment, bad credit, home", new PaymentRequest(W, badHome[0], W, badHome[0],
                CustomerSelector.byId(badHome[1]), new BigDecimal("1.00"))));
        s.add(Step.run("payment by number, remote", new PaymentRequest(W, 1, REMOTE, 4, CustomerSelector.byId(55),
                new BigDecimal("100.00"))));

        // Order-Status and Stock-Level change nothing
        s.add(Step.run("order-status by number", new OrderStatusRequest(W, 4, CustomerSelector.byId(99))));
        s.add(Step.run("order-status by name", new OrderStatusRequest(W, 6,
                CustomerSelector.byLastName(LastNames.of(123)))));
        s.add(Step.run("order-status, the new order", new OrderStatusRequest(W, 3, CustomerSelector.byId(42))));
        for (int threshold : new int[] {10, 15, 20}) {
            s.add(Step.run("stock-level " + threshold, new StockLevelRequest(W, 8, threshold)));
        }
        s.add(Step.run("stock-level of the refilled district", new StockLevelRequest(W, 4, 20)));

        // Delivery: every district, then one without new orders (skipped), then the other warehouse
        int oldest = (int) TpccTestDatabase.value(check,
                "SELECT min(no_o_id) FROM new_order WHERE no_w_id = 1 AND no_d_id = 1");
        int deliveredCustomer = (int) TpccTestDatabase.value(check,
                "SELECT o_c_id FROM oorder WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = ?", oldest);
        s.add(Step.run("delivery", new DeliveryRequest(W, 7)));
        List<Long> queued = TpccTestDatabase.values(check,
                "SELECT no_o_id FROM new_order WHERE no_w_id = 1 AND no_d_id = 10 ORDER BY no_o_id");
        s.add(new Step("district 10 without new orders", null,
                c -> TpccTestDatabase.update(c, "DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 10"), true));
        s.add(Step.run("delivery, district 10 skipped", new DeliveryRequest(W, 2)));
        s.add(new Step("district 10's new orders back", null, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, 10, 1)")) {
                for (long o : queued.subList(1, queued.size())) {
                    ps.setLong(1, o);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }, true));
        s.add(Step.run("delivery of warehouse 2", new DeliveryRequest(REMOTE, 10)));
        s.add(Step.run("order-status, a delivered order", new OrderStatusRequest(W, 1,
                CustomerSelector.byId(deliveredCustomer))));

        // a random mix: one terminal of each warehouse, each one's remote lines and Payments the other's
        TpccRandom random = new TpccRandom(91);
        NURandConstants run = NURandConstants.forRun(random.split(), db.loadConstants().cLast());
        TpccInputs[] inputs = {new TpccInputs(random.split(), run, WAREHOUSES, 1, 3),
                new TpccInputs(random.split(), run, WAREHOUSES, 2, 9)};
        CardDeck[] decks = {CardDeck.smallest(new SplittableRandom(5)), CardDeck.smallest(new SplittableRandom(6))};
        for (int i = 0; i < MIX; i++) {
            int t = i % 2;
            Request r = inputs[t].next(decks[t].deal());
            s.add(new Step("mix " + i, r, null, i == MIX - 1));
        }
        return s;
    }

    /** A last name that {@code count} customers of the district have. */
    private String nameWith(int w, int d, int count) throws SQLException {
        try (PreparedStatement ps = check.prepareStatement("SELECT c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? "
                + "GROUP BY c_last HAVING count(*) = ? ORDER BY c_last FETCH FIRST 1 ROWS ONLY")) {
            ps.setInt(1, w);
            ps.setInt(2, d);
            ps.setInt(3, count);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("a name %d customers share", count).isTrue();
                return rs.getString(1);
            }
        }
    }

    /** (C_D_ID, C_ID) of a bad-credit customer of the warehouse. */
    private int[] badCreditCustomer(int w) throws SQLException {
        try (PreparedStatement ps = check.prepareStatement("SELECT c_d_id, c_id FROM customer WHERE c_w_id = " + w
                + " AND c_credit = 'BC' ORDER BY c_d_id DESC, c_id FETCH FIRST 1 ROWS ONLY");
             ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            return new int[] {rs.getInt(1), rs.getInt(2)};
        }
    }

    /** Runs every step on the session (then closes it) and records what each did. */
    private Pass pass(TpccSession session) throws Exception {
        List<Result> results = new ArrayList<>();
        try (session) {
            Connection jdbc = session.connection().jdbc();
            for (Step step : steps) {
                if (step.change() != null) {
                    step.change().apply(check);
                    results.add(new Result(null, null, 0, 0, digest(step), null, null, null, null));
                    continue;
                }
                LocalDateTime before = now();
                long received = statementsReceived(jdbc);
                session.connection().resetCounts();
                Outcome outcome = session.execute(step.request());
                long roundTrips = session.connection().roundTrips();
                long receivedNow = statementsReceived(jdbc);
                LocalDateTime after = now();
                Object output = output(session, step.request());
                LocalDateTime shown = null;
                LocalDateTime stored = null;
                if (output instanceof TpccOutput.NewOrder o && !o.rolledBack()) {
                    shown = o.entryDate();
                    stored = time("SELECT o_entry_d FROM oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
                            o.warehouseId(), o.districtId(), o.orderId());
                } else if (output instanceof TpccOutput.Payment p) {
                    shown = p.date();
                    stored = time("SELECT max(h_date) FROM history WHERE h_c_w_id = ? AND h_c_d_id = ? AND h_c_id = ?",
                            p.customerWarehouseId(), p.customerDistrictId(), p.customerId());
                }
                // the probe reads its answer in one statement: minus one for itself
                long statements = received < 0 ? -1 : receivedNow - received - 1;
                results.add(new Result(outcome, output, roundTrips, statements, digest(step), shown, stored, before,
                        after));
            }
        }
        List<String> everything = new ArrayList<>();
        for (String rows : EVERYTHING) {
            everything.add(db.digest(check, rows));
        }
        return new Pass(results, TpccTestDatabase.checksum(check), everything, TpccConsistency.checkAll(check, db.dialect(), true));
    }

    private List<String> digest(Step step) throws SQLException {
        if (!step.digest()) {
            return null;
        }
        List<String> digest = new ArrayList<>();
        for (String rows : CHANGING) {
            digest.add(db.digest(check, rows));
        }
        return digest;
    }

    private static Object output(TpccSession s, Request r) {
        return switch (r) {
            case NewOrderRequest ignored -> s.lastNewOrder();
            case PaymentRequest ignored -> s.lastPayment();
            case OrderStatusRequest ignored -> s.lastOrderStatus();
            case DeliveryRequest ignored -> s.lastDelivery();
            case StockLevelRequest ignored -> s.lastStockLevel();
            default -> throw new IllegalArgumentException(r.toString());
        };
    }

    private LocalDateTime now() throws SQLException {
        try (PreparedStatement ps = check.prepareStatement("SELECT LOCALTIMESTAMP"); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getObject(1, LocalDateTime.class);
        }
    }

    private LocalDateTime time(String sql, int... params) throws SQLException {
        try (PreparedStatement ps = check.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setInt(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getObject(1, LocalDateTime.class);
            }
        }
    }

    // ---------------------------------------------------------------- the comparisons

    /** Outputs compared field by field; money by value; a timestamp only as set or not (it is the clock's). */
    static RecursiveComparisonConfiguration sameOutput() {
        return RecursiveComparisonConfiguration.builder()
                .withComparatorForType(BigDecimal::compareTo, BigDecimal.class)
                .withComparatorForType((a, b) -> 0, LocalDateTime.class)
                .build();
    }

    @Test
    void everyStepEndsTheSameWayAndShowsTheSame() {
        for (int i = 0; i < steps.size(); i++) {
            Result c = client.results().get(i);
            Result p = procedure.results().get(i);
            String step = steps.get(i).name() + ": " + steps.get(i).request();
            assertThat(p.outcome()).as(step).isEqualTo(c.outcome());
            assertThat(p.output()).as(step).usingRecursiveComparison(sameOutput()).isEqualTo(c.output());
            if (c.output() != null) {
                assertThat(p.output().toString().replaceAll("\\d{4}-\\d\\d-\\d\\dT[\\d:.]+", "T"))
                        .as("%s: timestamps set alike", step)
                        .isEqualTo(c.output().toString().replaceAll("\\d{4}-\\d\\d-\\d\\dT[\\d:.]+", "T"));
            }
        }
    }

    @Test
    void everyStepLeavesTheSameRows() {
        for (int i = 0; i < steps.size(); i++) {
            assertThat(procedure.results().get(i).digest()).as(steps.get(i).name())
                    .isEqualTo(client.results().get(i).digest());
        }
        assertThat(procedure.checksum()).isEqualTo(client.checksum());
        assertThat(procedure.everything()).isEqualTo(client.everything());
    }

    @Test
    void theStepsDidWhatTheyShould() {
        TpccOutput.NewOrder twice = (TpccOutput.NewOrder) procedure.results().get(0).output();
        assertThat(twice.lines()).hasSize(7);
        // the second line of item 10 reads the stock the first one left
        assertThat(twice.lines().get(3).stockQuantity())
                .isEqualTo(TpccClientSession.stockAfter(twice.lines().get(0).stockQuantity(), 3));
        assertThat(twice.totalAmount()).isPositive();
        // item 99 ordered 10 at a time: each order reads what the one before left, refilled below 10
        for (int i = 1; i < 4; i++) {
            int before = ((TpccOutput.NewOrder) procedure.results().get(i).output()).lines().getFirst().stockQuantity();
            assertThat(((TpccOutput.NewOrder) procedure.results().get(i + 1).output()).lines().getFirst().stockQuantity())
                    .isEqualTo(TpccClientSession.stockAfter(before, 10));
        }
        for (int i = 0; i < steps.size() - MIX; i++) {
            Step step = steps.get(i);
            Result r = procedure.results().get(i);
            if (step.request() instanceof NewOrderRequest n && n.rollback()
                    || step.request() instanceof OrderStatusRequest || step.request() instanceof StockLevelRequest) {
                assertThat(r.digest()).as("%s changes nothing", step.name())
                        .isEqualTo(procedure.results().get(i - 1).digest());
            }
        }
        TpccOutput.NewOrder rolledBack = (TpccOutput.NewOrder) procedure.results().get(
                indexOf("new-order, the unused item")).output();
        assertThat(rolledBack.rolledBack()).isTrue();
        assertThat(rolledBack.customerLast()).isNotBlank();
        TpccOutput.Payment remoteBad = (TpccOutput.Payment) procedure.results().get(
                indexOf("payment, bad credit, remote")).output();
        assertThat(remoteBad.credit()).isEqualTo("BC");
        assertThat(remoteBad.data()).startsWith(remoteBad.customerId() + " " + remoteBad.customerDistrictId() + " 2 1 1 "
                + "4999.99 | ");
        TpccOutput.Delivery skipped = (TpccOutput.Delivery) procedure.results().stream()
                .filter(r -> r.output() instanceof TpccOutput.Delivery d && d.skipped() == 1).findFirst().orElseThrow()
                .output();
        assertThat(skipped.delivered()).hasSize(9).noneMatch(o -> o.districtId() == 10);
        TpccOutput.OrderStatus delivered = (TpccOutput.OrderStatus) procedure.results().get(
                indexOf("order-status, a delivered order")).output();
        assertThat(delivered.carrierId()).isEqualTo(7);
        assertThat(delivered.lines()).isNotEmpty().allMatch(l -> l.deliveryDate() != null);
    }

    private int indexOf(String name) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** O_ENTRY_D and H_DATE are the server's clock, taken during the call, and the terminal shows what was stored. */
    @Test
    void timestampsAreTheServersAndShownAsStored() {
        for (Pass pass : List.of(client, procedure)) {
            int checked = 0;
            for (int i = 0; i < steps.size(); i++) {
                Result r = pass.results().get(i);
                if (r.shownTime() != null) {
                    assertThat(r.shownTime()).as(steps.get(i).name()).isEqualTo(r.storedTime())
                            .isBetween(r.before(), r.after());
                    checked++;
                }
            }
            assertThat(checked).isGreaterThan(100);
        }
    }

    @Test
    void eachProcedureCallIsOneRoundTrip() {
        Map<TpccTransactionType, Long> most = new EnumMap<>(TpccTransactionType.class);
        for (int i = 0; i < steps.size(); i++) {
            Request r = steps.get(i).request();
            if (r == null) {
                continue;
            }
            Result p = procedure.results().get(i);
            assertThat(p.roundTrips()).as(steps.get(i).name()).isEqualTo(1);
            if (p.statementsReceived() >= 0) {
                // what the server saw: one CALL, no metadata lookups or other hidden requests
                assertThat(p.statementsReceived()).as("%s: statements the server received", steps.get(i).name())
                        .isEqualTo(1);
            }
            most.merge(TpccTransactionType.values()[r.type()], p.roundTrips(), Math::max);
        }
        assertThat(most).hasSize(5);
        System.out.printf("tpcc round trips per transaction (most, this scenario): client %s, procedure %s%n",
                roundTripsByType(client), most);
    }

    private Map<String, List<Long>> roundTripsByType(Pass pass) {
        Map<String, List<Long>> seen = new LinkedHashMap<>();
        for (int i = 0; i < steps.size() - MIX; i++) {
            if (steps.get(i).request() != null) {
                seen.computeIfAbsent(steps.get(i).name(), k -> new ArrayList<>()).add(pass.results().get(i).roundTrips());
            }
        }
        return seen;
    }

    @Test
    void theDatabaseIsConsistentAfterBothRuns() {
        for (Pass pass : List.of(client, procedure)) {
            assertThat(pass.consistency()).hasSize(11);
            for (CheckResult r : pass.consistency()) {
                assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
            }
        }
        long rollbacks = procedure.results().stream().filter(r -> r.outcome() == Outcome.BUSINESS_ROLLBACK).count();
        assertThat(rollbacks).isGreaterThanOrEqualTo(2); // the scenario's, and the mix's
    }

    /**
     * Four terminals at once on the procedures (after the compared runs), retrying as the
     * scheduler does: their lock order must not produce a single deadlock either.
     */
    @Test
    void concurrentProcedureCallsDoNotDeadlock() throws Exception {
        assertThat(db.concurrentMix(db::procedureSession, 79, 4, 300)).isZero();
        for (CheckResult r : TpccConsistency.checkAll(check, db.dialect(), true)) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    /** The procedures are installed once per version: again only when the script or a routine changed. */
    @Test
    void theProceduresAreReplacedOnlyWhenTheirDefinitionChanged() throws Exception {
        assertThat(db.installProcedures()).as("same version").isFalse();
        TpccTestDatabase.update(check, "UPDATE " + io.tpkit.sql.StoredRoutines.TABLE
                + " SET checksum = 'an-older-version' WHERE workload = 'tpcc'");
        assertThat(db.installProcedures()).as("another version recorded").isTrue();
        assertThat(io.tpkit.sql.StoredRoutines.recorded(check, "tpcc"))
                .isEqualTo(io.tpkit.sql.StoredRoutines.checksum(db.dialect().proceduresScript()));
        assertThat(db.installProcedures()).isFalse();
        try (TpccProcedureSession s = db.procedureSession()) {
            assertThat(s.execute(new StockLevelRequest(W, 1, 15))).isEqualTo(Outcome.COMMITTED);
        }
    }
}
