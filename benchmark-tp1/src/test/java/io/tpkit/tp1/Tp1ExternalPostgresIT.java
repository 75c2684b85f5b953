package io.tpkit.tp1;

import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.api.BenchmarkConfig;
import io.tpkit.testing.TestDatabases;
import org.junit.jupiter.api.Test;

/** The same tests against a PostgreSQL server the machine runs (TPKIT_TEST_PG_URL; CI sets it). */
class Tp1ExternalPostgresIT extends Tp1DatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").target(TestDatabases.externalPostgresUrl())
                .user(TestDatabases.externalPostgresUser());
    }

    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        return SqlAccess.withStatement(TestDatabases.externalPostgresUrl(), TestDatabases.externalPostgresUser(), f);
    }

    @Test
    void streamsRun() throws Exception {
        config();
        streamsRunLoadsMeasuresAndPassesItsChecks();
    }

    @Test
    void procedureRun() throws Exception {
        config();
        procedureLogicCommitsExactlyTheRequestedTransactions();
    }

    @Test
    void loadAndCheck() throws Exception {
        config();
        loadWritesStandardRowsAndATamperedDatabaseFailsTheCheck();
    }
}
