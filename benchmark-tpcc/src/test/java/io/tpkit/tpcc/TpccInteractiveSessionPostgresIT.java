package io.tpkit.tpcc;

/** The interactive session on an embedded PostgreSQL (READ COMMITTED: Order-Status asks for one snapshot). */
class TpccInteractiveSessionPostgresIT extends TpccInteractiveSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the interactive session's own tests (TpccRunIT runs the interactive logic in every suite)");
        return TpccTestDatabase.load(WAREHOUSES, 2026);
    }

    @Override
    int snapshotRoundTrips() {
        return 1;
    }

    @Override
    long lockWaits() throws java.sql.SQLException {
        return value("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                + "AND datname = current_database()");
    }
}
