package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.result.LoadReport;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-C on a MariaDB (or MySQL) server the machine runs (TPKIT_TEST_MYSQL_URL; CI sets it): one
 * load of W=1 with its foreign keys, then, in order, the exact cardinalities, a short run whose
 * consistency check passes, repetitions from the same data, and a check that fails once the data
 * is corrupted.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpccExternalMariaDbIT {
    @TempDir
    Path temp;

    private static BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tpcc").target(TestDatabases.externalMysqlUrl())
                .user(TestDatabases.externalMysqlUser()).scale(1);
    }

    private static <T> T query(SqlFunction<T> f) throws SQLException {
        try (Connection c = DriverManager.getConnection(TestDatabases.externalMysqlUrl(),
                TestDatabases.externalMysqlUser(), null); Statement s = c.createStatement()) {
            return f.apply(s);
        }
    }

    interface SqlFunction<T> {
        T apply(Statement s) throws SQLException;
    }

    private static long number(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    @Order(1)
    void loadsOneWarehouseWithExactCardinalitiesAndItsForeignKeys() throws Exception {
        BenchmarkConfig config = config().build();
        LoadReport load = Tpkit.load(config, RunListener.SILENT);

        assertThat(load.rows()).isPositive();
        query(s -> {
            TpccLoaderIT.cardinalities(s, 1);
            assertThat(number(s, "SELECT count(*) FROM information_schema.referential_constraints "
                    + "WHERE constraint_schema = DATABASE() AND table_name IN ('" + String.join("','", TpccTables.ALL)
                    + "')")).isEqualTo(10);
            assertThat(number(s, "SELECT count(*) FROM information_schema.tables WHERE table_schema = DATABASE() "
                    + "AND table_name = 'stock' AND engine = 'InnoDB'")).isEqualTo(1);
            return null;
        });
        // all twelve conditions hold on a fresh load
        assertThat(Tpkit.check(config, RunListener.SILENT)).hasSize(12).allMatch(CheckResult::passed);
    }

    @Test
    @Order(2)
    void aShortRunCommitsNewOrdersThatTheDatabaseCountsToo() throws Exception {
        RunResult r = Tpkit.run(config().loadPolicy(LoadPolicy.IF_EMPTY).connections(2).thinkFactor(0.005)
                .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(6)).outDir(temp).build());

        assertThat(r.metrics().types().getFirst().name()).isEqualTo("new-order");
        assertThat(r.metrics().types().getFirst().committed()).isPositive();
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database",
                "tpcc consistency 12: C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT)");
        assertThat(r.validity().rules()).filteredOn(RuleResult::failed).extracting(RuleResult::id)
                .contains("keying-think-times", "measurement-interval").doesNotContain("consistency", "durability");
    }

    /**
     * On the data the run above changed, with its foreign keys: every repetition starts from it,
     * and afterwards the database holds the orders of the last repetition only.
     */
    @Test
    @Order(3)
    void repetitionsStartFromTheSameOrders() throws Exception {
        long ordersBefore = query(s -> number(s, "SELECT count(*) FROM oorder"));

        io.tpkit.sweep.RepeatResult set = SameDataRepetitions.runAndCheck(config().loadPolicy(LoadPolicy.IF_EMPTY)
                .connections(2).thinkFactor(0).warmup(Duration.ZERO).duration(Duration.ofSeconds(2)).outDir(temp)
                .build());

        List<RunResult> runs = SameDataRepetitions.results(set);
        long last = SameDataRepetitions.recorded(runs.getLast());
        query(s -> {
            assertThat(number(s, "SELECT sum(d_next_o_id) FROM district"))
                    .isEqualTo(SameDataRepetitions.newOrdersBefore(runs.getFirst()) + last);
            assertThat(number(s, "SELECT count(*) FROM oorder")).isEqualTo(ordersBefore + last);
            // the tables kept their foreign keys, and the copies are gone
            assertThat(number(s, "SELECT count(*) FROM information_schema.referential_constraints "
                    + "WHERE constraint_schema = DATABASE() AND table_name IN ('" + String.join("','", TpccTables.ALL)
                    + "')")).isEqualTo(10);
            assertThat(number(s, "SELECT count(*) FROM information_schema.tables WHERE table_schema = DATABASE() "
                    + "AND table_name LIKE 'tpkit_copy%'")).isZero();
            return null;
        });
    }

    @Test
    @Order(4)
    void theCheckFailsOnDeliberatelyCorruptedData() throws Exception {
        BenchmarkConfig config = config().build();
        assertThat(Tpkit.check(config, RunListener.SILENT)).isNotEmpty().allMatch(CheckResult::passed);

        // W_YTD = sum(D_YTD) (condition 1) and W_YTD = sum(H_AMOUNT) (condition 8) no longer hold
        query(s -> s.executeUpdate("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1"));
        List<CheckResult> checks = Tpkit.check(config, RunListener.SILENT);
        assertThat(checks).filteredOn(r -> !r.passed()).extracting(CheckResult::name).containsExactly(
                "tpcc consistency 1: W_YTD = sum(D_YTD)", "tpcc consistency 8: W_YTD = sum(H_AMOUNT)");
    }
}
