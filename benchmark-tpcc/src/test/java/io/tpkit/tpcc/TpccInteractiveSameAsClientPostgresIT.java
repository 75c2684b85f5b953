package io.tpkit.tpcc;

/** The interactive logic against the client logic on an embedded PostgreSQL. */
class TpccInteractiveSameAsClientPostgresIT extends TpccInteractiveSameAsClientIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.load(WAREHOUSES, 2028);
    }
}
