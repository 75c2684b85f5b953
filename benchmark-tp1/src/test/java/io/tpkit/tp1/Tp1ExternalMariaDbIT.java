package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.db.mysql.MysqlPlugin;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import java.sql.DriverManager;
import java.util.Map;
import java.util.Properties;
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

    /** The account update and the balance read, the history insert, the two updates, and a row guard after each update. */
    @Override
    int clientStatements() {
        return 5 + 3;
    }

    @Override
    int guardsPerUpdate() {
        return 1;
    }

    /**
     * On damaged data (a teller, a branch or an account deleted) a DebitCredit transaction fails
     * and nothing of it commits: the row guard after the update that found no row stops the
     * multi-statement query before its COMMIT. The same for a T1 amend of a missing account. A
     * transaction on rows that exist still commits.
     */
    @Test
    void onDamagedDataNothingOfATransactionCommits() throws Exception {
        Tpkit.load(smallCounted().build(), RunListener.SILENT);
        this.<Integer>query(s -> s.executeUpdate("SET FOREIGN_KEY_CHECKS = 0") // the damage: rows of the keys gone
                + s.executeUpdate("DELETE FROM tp1_teller WHERE tid = 7")
                + s.executeUpdate("DELETE FROM tp1_branch WHERE bid = 2")
                + s.executeUpdate("DELETE FROM tp1_account WHERE aid = 11"));
        String state = "SELECT CONCAT((SELECT count(*) FROM tp1_history), '/', (SELECT sum(abalance) FROM tp1_account), "
                + "'/', (SELECT sum(tbalance) FROM tp1_teller), '/', (SELECT sum(bbalance) FROM tp1_branch))";
        String before = this.<String>query(s -> text(s, state));
        Properties props = new Properties();
        props.putAll(new MysqlPlugin().connectionProperties());
        props.setProperty("user", TestDatabases.externalMysqlUser());
        SessionConnection c = new SessionConnection(DriverManager.getConnection(TestDatabases.externalMysqlUrl(), props));
        try (ClientSession s = new ClientSession(c, StatementOrder.DEFAULT, Tp1Dialect.of("mysql"))) {
            // teller 7 (branch 1) gone; branch 2 gone (teller 15 is its); account 11 gone
            for (Tp1Request damaged : java.util.List.of(new Tp1Request(12, 7, 1, 5), new Tp1Request(12, 15, 2, 5),
                    new Tp1Request(11, 3, 1, 5))) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute(damaged))
                        .isInstanceOf(java.sql.SQLException.class).hasMessageContaining("tp1")
                        .hasMessageContaining("reload it with --reload");
                c.rollbackQuietly(); // as the scheduler does
                assertThat(this.<String>query(st -> text(st, state))).as("after " + damaged).isEqualTo(before);
            }
            assertThat(s.execute(new Tp1Request(12, 3, 1, 5))).isEqualTo(Outcome.COMMITTED);
        }
        SessionConnection t1 = new SessionConnection(DriverManager.getConnection(TestDatabases.externalMysqlUrl(), props));
        try (SubTransactionSession s = new SubTransactionSession(t1, Tp1Dialect.of("mysql").sql(), SubTransaction.T1,
                3, Tp1Dialect.of("mysql").rowGuard(1))) {
            long accounts = number("SELECT sum(abalance) FROM tp1_account");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute(new SubTransactionRequest(
                    new int[] {10, 11, 12}, new int[3], new int[3]))).isInstanceOf(java.sql.SQLException.class)
                    .hasMessageContaining("tp1_account");
            t1.rollbackQuietly();
            assertThat(number("SELECT sum(abalance) FROM tp1_account")).isEqualTo(accounts);
        }
        // only the one good DebitCredit committed
        assertThat(number("SELECT count(*) FROM tp1_history")).isEqualTo(Long.parseLong(before.split("/")[0]) + 1);
    }

    private static String text(java.sql.Statement s, String sql) throws java.sql.SQLException {
        try (java.sql.ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Override
    Map.Entry<String, String> durableSetting() {
        return Map.entry("innodb_flush_log_at_trx_commit", "1");
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

    /**
     * Where COMMIT goes apart (a Galera node; forced here on a plain server), DebitCredit sends
     * its statements, reads their results, then sends COMMIT on its own: two round trips, the
     * same statements, and every transaction committed.
     */
    @Test
    void whereCommitGoesApartDebitCreditCommitsInARoundTripOfItsOwn() throws Exception {
        Tpkit.load(smallCounted().build(), RunListener.SILENT);
        long history = number("SELECT count(*) FROM tp1_history");
        long balances = number("SELECT sum(abalance) FROM tp1_account");
        Properties props = new Properties();
        props.putAll(new MysqlPlugin().connectionProperties());
        props.setProperty("user", TestDatabases.externalMysqlUser());
        SessionConnection c = new SessionConnection(DriverManager.getConnection(TestDatabases.externalMysqlUrl(), props),
                true);
        int transactions = 20;
        try (ClientSession s = new ClientSession(c, StatementOrder.DEFAULT, Tp1Dialect.of("mysql"))) {
            for (int i = 0; i < transactions; i++) {
                c.resetCounts();
                assertThat(s.execute(new Tp1Request(1 + 37 * i, 1 + i % 20, 1 + i % 2, 5))).isEqualTo(Outcome.COMMITTED);
                assertThat(c.roundTrips()).isEqualTo(2);
                assertThat(c.statements()).isEqualTo(clientStatements());
                assertThat(c.commits()).isEqualTo(1);
            }
        }
        assertThat(number("SELECT count(*) FROM tp1_history")).isEqualTo(history + transactions);
        assertThat(number("SELECT sum(abalance) FROM tp1_account")).isEqualTo(balances + 5L * transactions);
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
