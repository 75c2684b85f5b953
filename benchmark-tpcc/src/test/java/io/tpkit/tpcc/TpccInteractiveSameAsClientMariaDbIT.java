package io.tpkit.tpcc;

/** The interactive logic against the client logic on the MariaDB server this machine runs (when configured). */
class TpccInteractiveSameAsClientMariaDbIT extends TpccInteractiveSameAsClientIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.loadExternalMysql(TpccInteractiveSameAsClientMariaDbIT.class, WAREHOUSES, 2028);
    }
}
