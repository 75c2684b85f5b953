package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.CheckResult;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client session's MySQL/MariaDB statements on the MariaDB server this machine runs (when configured). */
class TpccClientSessionMariaDbIT extends TpccClientSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.loadExternalMysql(TpccClientSessionMariaDbIT.class, WAREHOUSES, 2026);
    }

    @Override
    Map<TpccTransactionType, Integer> roundTrips() {
        // New-Order: the district with the customer, the stock with the items, the writes with the
        // commit; Delivery: the oldest new orders locked, then the writes with the commit
        return Map.of(TpccTransactionType.NEW_ORDER, 3, TpccTransactionType.PAYMENT, 1,
                TpccTransactionType.ORDER_STATUS, 1, TpccTransactionType.DELIVERY, 2, TpccTransactionType.STOCK_LEVEL, 1);
    }

    /**
     * Where COMMIT goes apart (a Galera node; forced here on a plain server), New-Order, Payment
     * and Delivery send the COMMIT after their writes on its own, a round trip more each, and
     * terminals at once still commit what they did and keep the database consistent.
     */
    @Test
    void whereCommitGoesApartTheWritesCommitInARoundTripOfTheirOwn() throws Exception {
        Map<TpccTransactionType, Integer> expected = new EnumMap<>(roundTrips());
        for (TpccTransactionType t : List.of(TpccTransactionType.NEW_ORDER, TpccTransactionType.PAYMENT,
                TpccTransactionType.DELIVERY)) {
            expected.merge(t, 1, Integer::sum);
        }
        assertThat(roundTripsTaken(db.clientSessionCommittingApart())).isEqualTo(expected);

        String before = checksum();
        int deadlocks = db.concurrentMix(db::clientSessionCommittingApart, 79, 4, 75);
        assertThat(deadlocks).isZero();
        assertThat(checksum()).as("committed").isNotEqualTo(before);
        for (CheckResult r : TpccConsistency.checkAll(check, db.dialect(), true)) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    /**
     * On damaged data nothing of a Payment or a Delivery commits: an update of no row is no
     * error on MariaDB, and the COMMIT goes in the same multi-statement query, so the row guard
     * after each write stops it. A Payment whose customer is gone leaves the warehouse's and the
     * district's YTD and the history as they were; a Delivery one of whose orders lost its ORDER
     * row leaves every new order in place.
     */
    @Test
    void onDamagedDataNothingOfAPaymentOrADeliveryCommits() throws Exception {
        String state = "SELECT CONCAT((SELECT w_ytd FROM warehouse WHERE w_id = 1), '/', "
                + "(SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 2), '/', (SELECT count(*) FROM history), '/', "
                + "(SELECT count(*) FROM new_order), '/', (SELECT count(*) FROM oorder WHERE o_carrier_id IS NOT NULL))";
        update("CREATE TABLE tpkit_test_customer AS SELECT * FROM customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 77");
        update("DELETE FROM customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 77");
        long oldest = value("SELECT min(no_o_id) FROM new_order WHERE no_w_id = 1 AND no_d_id = 4");
        update("CREATE TABLE tpkit_test_order AS SELECT * FROM oorder WHERE o_w_id = 1 AND o_d_id = 4 AND o_id = " + oldest);
        update("DELETE FROM oorder WHERE o_w_id = 1 AND o_d_id = 4 AND o_id = " + oldest);
        try {
            String before = string(state);
            try (TpccClientSession s = session()) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute(new PaymentRequest(W, 2, W, 2,
                        CustomerSelector.byId(77), new java.math.BigDecimal("12.34"))))
                        .isInstanceOf(java.sql.SQLException.class).hasMessageContaining("customer 1/2/77")
                        .hasMessageContaining("nothing of the transaction committed");
                s.connection().rollbackQuietly();
                assertThat(string(state)).as("after the Payment").isEqualTo(before);
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute(new DeliveryRequest(W, 5)))
                        .isInstanceOf(java.sql.SQLException.class).hasMessageContaining("Delivery")
                        .hasMessageContaining("nothing of the transaction committed");
                s.connection().rollbackQuietly();
                assertThat(string(state)).as("after the Delivery").isEqualTo(before);
            }
        } finally {
            update("INSERT INTO customer SELECT * FROM tpkit_test_customer");
            update("INSERT INTO oorder SELECT * FROM tpkit_test_order");
            update("DROP TABLE tpkit_test_customer");
            update("DROP TABLE tpkit_test_order");
        }
    }

    @Override
    long lockWaits() throws java.sql.SQLException {
        // a statement waiting for a row lock shows in the process list, not always in innodb_trx
        return value("SELECT count(*) FROM information_schema.processlist WHERE command = 'Query' "
                + "AND info LIKE 'UPDATE customer %'");
    }
}
