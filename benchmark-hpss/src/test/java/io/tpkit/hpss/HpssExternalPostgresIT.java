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
    void duplicateKeys() throws Exception {
        duplicateKeysAreDrawnAgainAndNoCreateIsLost();
    }

    @Test
    void tamperedData() throws Exception {
        aFileWithoutItsBitfileFailsTheCheck();
    }
}
