package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client session's PostgreSQL statements on an embedded PostgreSQL. */
class TpccClientSessionPostgresIT extends TpccClientSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.load(WAREHOUSES, 2026);
    }

    @Override
    Map<TpccTransactionType, Integer> roundTrips() {
        // New-Order: the reads with the locks, then the writes with the commit; Delivery: the claim
        // of every district's oldest new order, then the commit (one transaction, in which it
        // would look again); the others: one statement in auto-commit mode
        return Map.of(TpccTransactionType.NEW_ORDER, 2, TpccTransactionType.PAYMENT, 1,
                TpccTransactionType.ORDER_STATUS, 1, TpccTransactionType.DELIVERY, 2, TpccTransactionType.STOCK_LEVEL, 1);
    }

    @Override
    long lockWaits() throws java.sql.SQLException {
        return value("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                + "AND datname = current_database()");
    }

    /**
     * A Delivery that cannot finish commits nothing: every claim and every look again is in its
     * one transaction. Here district 5's new orders cannot be deleted (a trigger skips them), so
     * the Delivery claims the other nine, finds district 5 still holding new orders, looks again
     * until it gives up, and fails; after the scheduler's rollback all ten districts still hold
     * their oldest new order. Each look being its own auto-commit transaction, the first had
     * committed nine deliveries of a Delivery that then failed.
     */
    @Test
    void aDeliveryThatCannotFinishCommitsNothing() throws Exception {
        update("CREATE FUNCTION tpkit_test_keep_new_order() RETURNS trigger LANGUAGE plpgsql AS "
                + "$$ BEGIN RETURN NULL; END $$");
        update("CREATE TRIGGER tpkit_test_keep_district_5 BEFORE DELETE ON new_order FOR EACH ROW "
                + "WHEN (OLD.no_w_id = 1 AND OLD.no_d_id = 5) EXECUTE FUNCTION tpkit_test_keep_new_order()");
        try {
            long newOrders = value("SELECT count(*) FROM new_order WHERE no_w_id = 1");
            long carried = value("SELECT count(*) FROM oorder WHERE o_w_id = 1 AND o_carrier_id IS NOT NULL");
            try (TpccClientSession s = session()) {
                s.connection().resetCounts();
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute(new DeliveryRequest(W, 3)))
                        .isInstanceOf(java.sql.SQLException.class)
                        .hasMessageContaining("could not claim a new order in warehouse 1, districts [5]");
                // the one transaction: statements, no commit; the scheduler rolls it back
                assertThat(s.connection().commits()).isZero();
                assertThat(s.connection().statements()).isGreaterThan(100);
                s.connection().rollbackQuietly();
            }
            assertThat(value("SELECT count(*) FROM new_order WHERE no_w_id = 1")).isEqualTo(newOrders);
            assertThat(value("SELECT count(*) FROM oorder WHERE o_w_id = 1 AND o_carrier_id IS NOT NULL"))
                    .isEqualTo(carried);
        } finally {
            update("DROP TRIGGER tpkit_test_keep_district_5 ON new_order");
            update("DROP FUNCTION tpkit_test_keep_new_order()");
        }
    }
}
