package io.tpkit.tp1;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The same tests against a MariaDB (or MySQL) server the machine runs (TPKIT_TEST_MYSQL_URL; CI sets it). */
class Tp1ExternalMariaDbIT extends Tp1DatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").target(TestDatabases.externalMysqlUrl())
                .user(TestDatabases.externalMysqlUser());
    }

    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        return SqlAccess.withStatement(TestDatabases.externalMysqlUrl(), TestDatabases.externalMysqlUser(), f);
    }

    @Override
    int clientStatements() {
        return 5;
    }

    @Override
    Map.Entry<String, String> durableSetting() {
        return Map.entry("innodb_flush_log_at_trx_commit", "1");
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
    void closedRun() throws Exception {
        config();
        closedTerminalsAreTpcAStyle();
    }

    @Test
    void t1WithoutConflict() throws Exception {
        config();
        t1AmendsEachStreamsOwnKeyOncePerCommit();
    }

    @Test
    void t1WithConflict() throws Exception {
        config();
        t1WithConflictAmendsOneKeyOnly();
    }

    @Test
    void t2() throws Exception {
        config();
        t2AppendsOneHistoryRowPerCommit();
    }

    @Test
    void upperBound() throws Exception {
        config();
        theBoundRunsTheFourOnTheSameDataAndComputesTheSeedsFormula();
    }

    @Test
    void loadAndCheck() throws Exception {
        config();
        loadWritesStandardRowsAndATamperedDatabaseFailsTheCheck();
    }

    /** MariaDB has no statement CPU counter: asked for one, the figure is absent and the note says why. */
    @Test
    void databaseCpuFromStatementCountersIsAbsentWithTheReason() throws Exception {
        config();
        io.tpkit.result.RunResult r = io.tpkit.api.Tpkit.run(small().databaseCpu(io.tpkit.config.DatabaseCpu.STATEMENTS).build());

        org.assertj.core.api.Assertions.assertThat(r.metrics().totalCommitted()).isPositive();
        org.assertj.core.api.Assertions.assertThat(r.cost().databaseCpuMicros()).isNull();
        org.assertj.core.api.Assertions.assertThat(r.cost().notes())
                .anyMatch(n -> n.startsWith("database CPU absent: MariaDB counts no CPU time per statement"));
    }
}
