package io.tpkit.hpss;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import org.junit.jupiter.api.Test;

/** The same tests against a PostgreSQL server the machine runs (TPKIT_TEST_PG_URL; CI sets it). */
class HpssExternalPostgresIT extends HpssDatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("hpss").target(TestDatabases.externalPostgresUrl())
                .user(TestDatabases.externalPostgresUser());
    }

    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        return SqlAccess.withStatement(TestDatabases.externalPostgresUrl(), TestDatabases.externalPostgresUser(), f);
    }

    @Test
    void smallRun() throws Exception {
        smallRunCommitsEveryCreateInItsIterationAndPassesItsChecks();
    }

    @Test
    void splitRun() throws Exception {
        aRunSplitInTwoMeetsAtEveryIterationAndMergesWhole(config());
    }

    @Test
    void repetitions() throws Exception {
        repetitionsStartOnEmptyTables();
    }

    @Test
    void restartMode() throws Exception {
        restartedIterationsOpenTheirOwnConnectionsAPauseApart();
    }

    @Test
    void duplicateKeys() throws Exception {
        duplicateKeysAreDrawnAgainAndNoCreateIsLost();
    }

    @Test
    void theServerSeesTheSameStatementsPerCreate() throws Exception {
        String url = TestDatabases.externalPostgresUrl();
        io.tpkit.spi.database.DatabasePlugin pg = io.tpkit.spi.Plugins.databaseFor(url);
        try (java.sql.Connection admin = connect(url, TestDatabases.externalPostgresUser(), pg);
             java.sql.Connection session = connect(url, TestDatabases.externalPostgresUser(), pg)) {
            org.junit.jupiter.api.Assumptions.assumeTrue(preloads(admin, "pg_stat_statements"),
                    "skipped: the server does not preload pg_stat_statements");
            postgresSeesTheCreatesStatements(admin, session, pg);
        }
    }

    private static boolean preloads(java.sql.Connection c, String library) throws java.sql.SQLException {
        try (java.sql.Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SHOW shared_preload_libraries")) {
            return rs.next() && rs.getString(1).contains(library);
        }
    }

    @Test
    void tamperedData() throws Exception {
        aFileWithoutItsBitfileFailsTheCheck();
    }
}
