package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.DatabaseCpu;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.RunResult;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
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
    void repetitionsFromTheSameData() throws Exception {
        config();
        repetitionsStartFromTheSameData();
    }

    @Test
    void repetitionsWithoutTheReset() throws Exception {
        config();
        withoutTheResetRepetitionsGrow();
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

    /**
     * The server's statement counters (pg_stat_kcache) as the database CPU source, as for a
     * server on another machine: measured, named, and below the server's processes' CPU, which
     * also counts the background processes and the work between statements.
     */
    @Test
    void databaseCpuFromTheServersStatementCounters() throws Exception {
        config();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                number("SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_kcache'") == 1,
                "skipped: needs the pg_stat_kcache extension in the external PostgreSQL (.ci/run installs it)");
        RunResult statements = Tpkit.run(small().databaseCpu(DatabaseCpu.STATEMENTS).build());
        RunResult processes = Tpkit.run(small().databaseCpu(DatabaseCpu.PROCESS).build());

        CostPerTransaction s = statements.cost();
        CostPerTransaction p = processes.cost();
        assertThat(s.databaseCpuSource()).contains("pg_stat_kcache");
        assertThat(p.databaseCpuSource()).contains("PID");
        assertThat(s.databaseCpuMicros()).as(String.join("; ", s.notes())).isPositive();
        assertThat(s.databaseCpuMicros()).isLessThan(1.5 * p.databaseCpuMicros());
        assertThat(statements.configuration()).containsEntry("databaseCpu", "statements");
    }

    @Test
    void interactiveRun() throws Exception {
        config();
        interactiveLogicCommitsExactlyTheRequestedTransactions();
    }

    @Test
    void interactiveSession() throws Exception {
        config();
        interactiveSessionShowsTheNewBalance();
    }
}
