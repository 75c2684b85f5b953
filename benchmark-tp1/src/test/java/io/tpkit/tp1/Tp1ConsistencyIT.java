package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each TP1 check fails on data broken the way it guards against, and it alone. The breakages
 * are DebitCredit transactions gone wrong in one way each, on one load of 2 branches (tellers
 * 1-10 in branch 1, 11-20 in branch 2; accounts 1-5,000 in branch 1). The checks commit their
 * read transaction, so each test's damage is undone after it: a fresh load's balances are 0 and
 * its history empty.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Tp1ConsistencyIT {
    @TempDir
    static Path temp;

    private Target target;
    private Connection c;
    private BoundWorkload tp1;

    @BeforeAll
    void load() throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("tp1").scale(2).option("accounts-per-branch", "5000")
                .dataDir(temp.resolve("pg")).build();
        Tpkit.load(config, RunListener.SILENT);
        target = new EmbeddedPostgresTarget().open(config, m -> { });
        c = DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
        tp1 = new Tp1Workload().bind(config, target.plugin());
    }

    @AfterEach
    void backToTheLoadedState() throws SQLException {
        assertThat(failingAfter("DELETE FROM tp1_history", "UPDATE tp1_account SET abalance = 0",
                "UPDATE tp1_teller SET tbalance = 0", "UPDATE tp1_branch SET bbalance = 0",
                "DELETE FROM tp1_account WHERE aid > 10000")).as("the load restored").isEmpty();
    }

    @AfterAll
    void stop() throws SQLException {
        if (c != null) {
            c.close();
        }
        if (target != null) {
            target.close();
        }
    }

    @Test
    void correctTransactionsPassEveryCheck() throws SQLException {
        assertThat(failingAfter(transaction(3, 1, 1, 7))).isEmpty();
        assertThat(failingAfter(transaction(13, 2, 5001, -4))).isEmpty();
    }

    @Test
    void rowCounts() throws SQLException {
        assertThat(failingAfter("INSERT INTO tp1_account (aid, bid, abalance, filler) VALUES (10001, 2, 0, 'extra')"))
                .containsExactly("row-counts");
    }

    @Test
    void balanceSums() throws SQLException {
        // the account update found no row; every account still matches its own history
        assertThat(failingAfter(history(3, 1, 10_001, 7), teller(3, 7), branch(1, 7)))
                .containsExactly("balance-sums-equal");
    }

    @Test
    void tellerBalances() throws SQLException {
        // another teller of the same branch credited: the branch still matches its tellers
        assertThat(failingAfter(history(3, 1, 1, 7), account(1, 7), teller(4, 7), branch(1, 7)))
                .containsExactly("teller-balances-match-history");
    }

    @Test
    void branchBalances() throws SQLException {
        // history names the wrong branch; the balances themselves agree
        assertThat(failingAfter(history(3, 2, 1, 7), account(1, 7), teller(3, 7), branch(1, 7)))
                .containsExactly("branch-balances-match-history");
    }

    @Test
    void accountBalances() throws SQLException {
        assertThat(failingAfter(history(3, 1, 1, 7), account(2, 7), teller(3, 7), branch(1, 7)))
                .containsExactly("account-balances-match-history");
    }

    @Test
    void branchBalancesMatchTellers() throws SQLException {
        // a teller of branch 1 working for branch 2, as pgbench draws them: each balance matches its history
        assertThat(failingAfter(history(3, 2, 5001, 7), account(5001, 7), teller(3, 7), branch(2, 7)))
                .containsExactly("branch-balances-match-tellers");
    }

    private static String[] transaction(int tid, int bid, int aid, int delta) {
        return new String[] {history(tid, bid, aid, delta), account(aid, delta), teller(tid, delta), branch(bid, delta)};
    }

    private static String history(int tid, int bid, int aid, int delta) {
        return "INSERT INTO tp1_history (tid, bid, aid, delta, mtime, filler) VALUES (" + tid + ", " + bid + ", "
                + aid + ", " + delta + ", CURRENT_TIMESTAMP, 'h')";
    }

    private static String account(int aid, int delta) {
        return "UPDATE tp1_account SET abalance = abalance + " + delta + " WHERE aid = " + aid;
    }

    private static String teller(int tid, int delta) {
        return "UPDATE tp1_teller SET tbalance = tbalance + " + delta + " WHERE tid = " + tid;
    }

    private static String branch(int bid, int delta) {
        return "UPDATE tp1_branch SET bbalance = bbalance + " + delta + " WHERE bid = " + bid;
    }

    /** Runs the statements (committed), then the checks: the names of those that failed. */
    private List<String> failingAfter(String... statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.executeUpdate(sql);
            }
        }
        return tp1.checkConsistency(c).stream().filter(r -> !r.passed()).map(CheckResult::name).toList();
    }
}
