package io.tpkit.hpss;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import org.junit.jupiter.api.Test;

/** The same tests against a MariaDB (or MySQL) server the machine runs (TPKIT_TEST_MYSQL_URL; CI sets it). */
class HpssExternalMariaDbIT extends HpssDatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("hpss").target(TestDatabases.externalMysqlUrl())
                .user(TestDatabases.externalMysqlUser());
    }

    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        return SqlAccess.withStatement(TestDatabases.externalMysqlUrl(), TestDatabases.externalMysqlUser(), f);
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
        String url = TestDatabases.externalMysqlUrl();
        io.tpkit.spi.database.DatabasePlugin mysql = io.tpkit.spi.Plugins.databaseFor(url);
        try (java.sql.Connection c = connect(url, TestDatabases.externalMysqlUser(), mysql)) {
            mysqlSeesTheCreatesStatements(c, mysql);
        }
    }

    @Test
    void tamperedData() throws Exception {
        aFileWithoutItsBitfileFailsTheCheck();
    }
}
