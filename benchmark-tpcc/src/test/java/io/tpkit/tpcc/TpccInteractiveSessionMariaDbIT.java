package io.tpkit.tpcc;

/**
 * The interactive session on the MariaDB server this machine runs (when configured): InnoDB's
 * REPEATABLE READ reads one snapshot per transaction, so Order-Status asks for none.
 */
class TpccInteractiveSessionMariaDbIT extends TpccInteractiveSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.loadExternalMysql(TpccInteractiveSessionMariaDbIT.class, WAREHOUSES, 2026);
    }

    @Override
    int snapshotRoundTrips() {
        return 0;
    }

    /** Payment waits for the customer row at its locking read, before it updates it. */
    @Override
    long lockWaits() throws java.sql.SQLException {
        return value("SELECT count(*) FROM information_schema.processlist WHERE command = 'Query' "
                + "AND info LIKE 'SELECT c_first%FOR UPDATE'");
    }
}
