package io.tpkit.tpcc;

/** The interactive session on an embedded PostgreSQL (READ COMMITTED: Order-Status asks for one snapshot). */
class TpccInteractiveSessionPostgresIT extends TpccInteractiveSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
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
