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
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link TpccInteractiveSession} against the client session on one database of two
 * warehouses: the same requests, run by the client logic, then, on the database put back as it
 * was loaded, by the interactive one. Every request must end the same way and show the same
 * output ({@link TpccOutput}; timestamps only as set or not, they are the clock's), and the
 * rows every transaction writes must come out the same (a digest the server computes, after
 * each of the chosen steps and after a mix of 200 transactions of both warehouses' terminals);
 * both runs leave a consistent database. Subclasses say which database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TpccInteractiveSameAsClientIT {
    static final int WAREHOUSES = 2;
    static final int W = 1;
    static final int REMOTE = 2;
    static final int MIX = 200;
    TpccTestDatabase db;
    Connection check;
    List<Request> steps;
    Pass client;
    Pass interactive;

    /** Starts (or connects to) the database and loads {@link #WAREHOUSES}. */
    abstract TpccTestDatabase open() throws Exception;

    /** What a request did in one run; the digest only after the chosen steps and the mix's last. */
    record Result(Outcome outcome, Object output, List<String> digest) {
    }

    record Pass(List<Result> results, List<String> everything, List<CheckResult> consistency) {
    }

    @BeforeAll
    void runBothLogics() throws Exception {
        db = open();
        check = db.connect();
        steps = scenario();
        db.copyTables();
        client = pass(db.clientSession());
        db.replaceByCopies();
        check.close();
        check = db.connect();
        interactive = pass(db.interactiveSession());
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

    /** The chosen steps, then the mix. */
    List<Request> scenario() throws SQLException {
        List<Request> s = new ArrayList<>();
        int[] items = {10, 20, 30, 10, 40, 50, 60};
        int[] quantities = {3, 9, 1, 4, 10, 2, 5};
        List<NewOrderRequest.Line> lines = new ArrayList<>();
        for (int i = 0; i < items.length; i++) {
            lines.add(new NewOrderRequest.Line(items[i], W, quantities[i]));
        }
        s.add(new NewOrderRequest(W, 3, 42, lines, false)); // an item twice, stock refilled below 10
        s.add(new NewOrderRequest(W, 5, 17, List.of(new NewOrderRequest.Line(77, REMOTE, 4),
                new NewOrderRequest.Line(78, W, 2)), false));
        s.add(new NewOrderRequest(W, 5, 7, List.of(new NewOrderRequest.Line(1, W, 5),
                new NewOrderRequest.Line(2, REMOTE, 5), new NewOrderRequest.Line(TpccInputs.UNUSED_ITEM_ID, W, 5)), true));
        int[] bad = badCreditCustomer(REMOTE);
        s.add(new PaymentRequest(W, 1, REMOTE, bad[0], CustomerSelector.byId(bad[1]), new BigDecimal("4999.99")));
        s.add(new PaymentRequest(W, 6, W, 6, CustomerSelector.byLastName(LastNames.of(123)), new BigDecimal("7.00")));
        s.add(new OrderStatusRequest(W, 6, CustomerSelector.byLastName(LastNames.of(123))));
        s.add(new OrderStatusRequest(W, 3, CustomerSelector.byId(42)));
        s.add(new StockLevelRequest(W, 3, 20));
        s.add(new DeliveryRequest(W, 7));
        s.add(new OrderStatusRequest(W, 3, CustomerSelector.byId(42)));
        TpccRandom random = new TpccRandom(93);
        NURandConstants run = NURandConstants.forRun(random.split(), db.loadConstants().cLast());
        TpccInputs[] inputs = {new TpccInputs(random.split(), run, WAREHOUSES, 1, 3),
                new TpccInputs(random.split(), run, WAREHOUSES, 2, 9)};
        CardDeck[] decks = {CardDeck.smallest(new SplittableRandom(7)), CardDeck.smallest(new SplittableRandom(8))};
        for (int i = 0; i < MIX; i++) {
            int t = i % 2;
            s.add(inputs[t].next(decks[t].deal()));
        }
        return s;
    }

    private int[] badCreditCustomer(int w) throws SQLException {
        try (PreparedStatement ps = check.prepareStatement("SELECT c_d_id, c_id FROM customer WHERE c_w_id = " + w
                + " AND c_credit = 'BC' ORDER BY c_d_id DESC, c_id FETCH FIRST 1 ROWS ONLY");
             ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            return new int[] {rs.getInt(1), rs.getInt(2)};
        }
    }

    private Pass pass(TpccSession session) throws Exception {
        List<Result> results = new ArrayList<>();
        try (session) {
            for (int i = 0; i < steps.size(); i++) {
                Request r = steps.get(i);
                Outcome outcome = session.execute(r);
                Object output = switch (r) {
                    case NewOrderRequest ignored -> session.lastNewOrder();
                    case PaymentRequest ignored -> session.lastPayment();
                    case OrderStatusRequest ignored -> session.lastOrderStatus();
                    case DeliveryRequest ignored -> session.lastDelivery();
                    case StockLevelRequest ignored -> session.lastStockLevel();
                    default -> throw new IllegalArgumentException(r.toString());
                };
                boolean digest = i < steps.size() - MIX || i == steps.size() - 1;
                results.add(new Result(outcome, output, digest ? digest() : null));
            }
        }
        List<String> everything = new ArrayList<>();
        for (String rows : TpccProcedureSessionIT.EVERYTHING) {
            everything.add(db.digest(check, rows));
        }
        return new Pass(results, everything, TpccConsistency.checkAll(check, db.dialect(), true));
    }

    private List<String> digest() throws SQLException {
        List<String> digest = new ArrayList<>();
        for (String rows : TpccProcedureSessionIT.CHANGING) {
            digest.add(db.digest(check, rows));
        }
        return digest;
    }

    @Test
    void everyRequestEndsTheSameWayAndShowsTheSame() {
        for (int i = 0; i < steps.size(); i++) {
            Result c = client.results().get(i);
            Result n = interactive.results().get(i);
            String step = i + ": " + steps.get(i);
            assertThat(n.outcome()).as(step).isEqualTo(c.outcome());
            assertThat(n.output()).as(step).usingRecursiveComparison(TpccProcedureSessionIT.sameOutput())
                    .isEqualTo(c.output());
            assertThat(n.output().toString().replaceAll("\\d{4}-\\d\\d-\\d\\dT[\\d:.]+", "T"))
                    .as("%s: timestamps set alike", step)
                    .isEqualTo(c.output().toString().replaceAll("\\d{4}-\\d\\d-\\d\\dT[\\d:.]+", "T"));
        }
        assertThat(interactive.results()).filteredOn(r -> r.outcome() == Outcome.BUSINESS_ROLLBACK).hasSizeGreaterThan(1);
    }

    @Test
    void everyRequestLeavesTheSameRows() {
        for (int i = 0; i < steps.size(); i++) {
            assertThat(interactive.results().get(i).digest()).as(i + ": " + steps.get(i))
                    .isEqualTo(client.results().get(i).digest());
        }
        assertThat(interactive.everything()).isEqualTo(client.everything());
    }

    @Test
    void theDatabaseIsConsistentAfterBothRuns() {
        for (Pass pass : List.of(client, interactive)) {
            assertThat(pass.consistency()).hasSize(11);
            for (CheckResult r : pass.consistency()) {
                assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
            }
        }
    }
}
