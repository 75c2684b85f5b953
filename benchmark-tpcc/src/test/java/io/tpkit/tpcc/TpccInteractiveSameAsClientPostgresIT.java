package io.tpkit.tpcc;

/** The interactive logic against the client logic on an embedded PostgreSQL. */
class TpccInteractiveSameAsClientPostgresIT extends TpccInteractiveSameAsClientIT {
    @Override
    TpccTestDatabase open() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the interactive logic step by step against the client logic (W=2)");
        return TpccTestDatabase.load(WAREHOUSES, 2028);
    }
}
