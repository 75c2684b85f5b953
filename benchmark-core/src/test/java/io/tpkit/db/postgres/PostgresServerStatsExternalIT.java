package io.tpkit.db.postgres;

import io.tpkit.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Against the external server of TPKIT_TEST_PG_URL (15 on the CI machine: pg_stat_bgwriter). */
class PostgresServerStatsExternalIT extends PostgresServerStatsChecks {
    @Override
    Connection connect() throws SQLException {
        return DriverManager.getConnection(TestDatabases.externalPostgresUrl(), TestDatabases.externalPostgresUser(),
                null);
    }
}
