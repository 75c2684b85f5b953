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
        return TpccTestDatabase.loadExternalMysql(WAREHOUSES, 2026);
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
        int deadlocks = db.concurrentMix(db::clientSessionCommittingApart, 79, 4, 150);
        assertThat(deadlocks).isZero();
        assertThat(checksum()).as("committed").isNotEqualTo(before);
        for (CheckResult r : TpccConsistency.checkAll(check, db.dialect(), true)) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    @Override
    long lockWaits() throws java.sql.SQLException {
        // a statement waiting for a row lock shows in the process list, not always in innodb_trx
        return value("SELECT count(*) FROM information_schema.processlist WHERE command = 'Query' "
                + "AND info LIKE 'UPDATE customer %'");
    }
}
