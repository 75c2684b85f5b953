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
    void upperBound() throws Exception {
        config();
        theBoundRunsTheFourOnTheSameDataAndComputesTheSeedsFormula();
    }

    /**
     * A sub-transaction's session commits without waiting for the WAL flush, and only it: the
     * server's setting, and any other session's, stays durable.
     */
    @Test
    void subTransactionSessionsAloneCommitWithoutTheFlush() throws Exception {
        Tpkit.load(smallCounted().build(), io.tpkit.runner.RunListener.SILENT);
        java.util.Properties props = new java.util.Properties();
        props.setProperty("user", TestDatabases.externalPostgresUser());
        try (java.sql.Connection jdbc = java.sql.DriverManager.getConnection(TestDatabases.externalPostgresUrl(), props);
             io.tpkit.spi.workload.SessionConnection c = new io.tpkit.spi.workload.SessionConnection(jdbc);
             SubTransactionSession t2 = new SubTransactionSession(c, Tp1Dialect.of("postgresql").sql(),
                     SubTransaction.T2, 3)) {
            assertThat(t2.execute(new SubTransactionRequest(new int[] {1, 2, 3}, new int[] {1, 2, 3},
                    new int[] {1, 1, 1}))).isEqualTo(io.tpkit.spi.workload.Outcome.COMMITTED);
            try (java.sql.Statement s = jdbc.createStatement();
                 java.sql.ResultSet rs = s.executeQuery("SHOW synchronous_commit")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("off");
            }
            jdbc.commit();
            assertThat(this.<String>query(s -> {
                try (java.sql.ResultSet rs = s.executeQuery("SHOW synchronous_commit")) {
                    rs.next();
                    return rs.getString(1);
                }
            })).isEqualTo("on");
        }
        assertThat(number("SELECT count(*) FROM tp1_history")).isEqualTo(3);
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
        assertThat(statements.configuration().databaseCpu()).isEqualTo("statements");
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
