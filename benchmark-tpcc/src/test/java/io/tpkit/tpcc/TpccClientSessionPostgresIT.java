package io.tpkit.tpcc;

import java.util.Map;

/** The client session's PostgreSQL statements on an embedded PostgreSQL. */
class TpccClientSessionPostgresIT extends TpccClientSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.load(WAREHOUSES, 2026);
    }

    @Override
    Map<TpccTransactionType, Integer> roundTrips() {
        // New-Order: the reads with the locks, then the writes with the commit; the others: one
        // statement in auto-commit mode
        return Map.of(TpccTransactionType.NEW_ORDER, 2, TpccTransactionType.PAYMENT, 1,
                TpccTransactionType.ORDER_STATUS, 1, TpccTransactionType.DELIVERY, 1, TpccTransactionType.STOCK_LEVEL, 1);
    }

    @Override
    long lockWaits() throws java.sql.SQLException {
        return value("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                + "AND datname = current_database()");
    }
}
