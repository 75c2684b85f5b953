package io.tpkit.tpcc;

import java.util.Map;

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

    @Override
    long lockWaits() throws java.sql.SQLException {
        // a statement waiting for a row lock shows in the process list, not always in innodb_trx
        return value("SELECT count(*) FROM information_schema.processlist WHERE command = 'Query' "
                + "AND info LIKE 'UPDATE customer %'");
    }
}
