package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interactive session ({@code --logic interactive}) through every test of the client
 * session (the same rows written, the same output, the lock order under four terminals at once,
 * a mix that leaves the database consistent), and its round trips: each statement one, COMMIT
 * or ROLLBACK one, counted per type and per number of order lines. Subclasses say which database.
 */
abstract class TpccInteractiveSessionIT extends TpccClientSessionIT {
    @Override
    TpccClientSession session() throws SQLException {
        return db.interactiveSession();
    }

    /** Order-Status's request for one snapshot: one round trip where the isolation is READ COMMITTED, else none. */
    abstract int snapshotRoundTrips();

    /** The round trips depend on the order's lines and on how a customer is found: see the test below. */
    @Override
    java.util.Map<TpccTransactionType, Integer> roundTrips() {
        throw new UnsupportedOperationException("see eachTransactionTakesTheRoundTripsItShould");
    }

    /**
     * Every statement a round trip of its own, COMMIT and ROLLBACK too, none for BEGIN: New-Order
     * 9 + 2 per line (29 with 10 lines), 7 + 2n when the last of n lines has the unused item;
     * Payment 8, 9 by last name; Order-Status 4, 5 by name, plus the snapshot where needed;
     * Delivery 7 per district and COMMIT (71); Stock-Level 3. The session's own count is checked
     * against the statements it ran (each once, COMMIT and ROLLBACK apart).
     */
    @Override
    @Test
    void eachTransactionTakesTheRoundTripsItShould() throws Exception {
        int snapshot = snapshotRoundTrips();
        try (TpccClientSession s = session()) {
            for (int lines : new int[] {5, 10, 15}) {
                assertRoundTrips(s, newOrder(3, lines, false), Outcome.COMMITTED, 9 + 2 * lines, 1, 0);
            }
            assertRoundTrips(s, newOrder(4, 10, true), Outcome.BUSINESS_ROLLBACK, 27, 0, 1);
            BigDecimal amount = new BigDecimal("10.00");
            assertRoundTrips(s, new PaymentRequest(W, 1, W, 1, CustomerSelector.byId(9), amount), Outcome.COMMITTED,
                    8, 1, 0);
            String name = LastNames.of(123);
            assertRoundTrips(s, new PaymentRequest(W, 6, W, 6, CustomerSelector.byLastName(name), amount),
                    Outcome.COMMITTED, 9, 1, 0);
            assertRoundTrips(s, new OrderStatusRequest(W, 4, CustomerSelector.byId(99)), Outcome.COMMITTED,
                    4 + snapshot, 1, 0);
            assertRoundTrips(s, new OrderStatusRequest(W, 6, CustomerSelector.byLastName(name)), Outcome.COMMITTED,
                    5 + snapshot, 1, 0);
            assertRoundTrips(s, new StockLevelRequest(W, 8, 15), Outcome.COMMITTED, 3, 1, 0);
            assertRoundTrips(s, new DeliveryRequest(REMOTE, 3), Outcome.COMMITTED, 71, 1, 0);
            assertThat(s.lastDelivered()).hasSize(10);
        }
    }

    /** A New-Order of district {@code d} with {@code lines} distinct local items, the last unused when asked. */
    static NewOrderRequest newOrder(int d, int lines, boolean unused) {
        List<NewOrderRequest.Line> l = new ArrayList<>();
        for (int i = 1; i <= lines; i++) {
            l.add(new NewOrderRequest.Line(unused && i == lines ? TpccInputs.UNUSED_ITEM_ID : 100 + 7 * i, W, 1 + i % 10));
        }
        return new NewOrderRequest(W, d, 11, l, unused);
    }

    static void assertRoundTrips(TpccClientSession s, Request r, Outcome outcome, int roundTrips, int commits,
                                 int rollbacks) throws SQLException {
        SessionConnection c = s.connection();
        c.resetCounts();
        assertThat(s.execute(r)).as("%s", r).isEqualTo(outcome);
        assertThat(c.roundTrips()).as("round trips of %s", r).isEqualTo(roundTrips);
        assertThat(c.commits()).as("commits of %s", r).isEqualTo(commits);
        assertThat(c.rollbacks()).as("rollbacks of %s", r).isEqualTo(rollbacks);
        // one request per statement: nothing sent together
        assertThat(c.statements() + c.commits() + c.rollbacks()).as("statements of %s", r).isEqualTo(roundTrips);
    }
}
