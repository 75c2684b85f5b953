package io.tpkit.tpcc;

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
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each consistency condition fails on data broken the way it guards against, and no condition
 * fails that the breakage leaves true. One load at W=1 serves every test: each breaks the data
 * in a transaction that is rolled back after the check. Where a breakage unavoidably breaks two
 * conditions, the test says why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpccCheckIT {
    @TempDir
    static Path temp;

    private Target target;
    private Connection c;
    private BoundWorkload tpcc;

    @BeforeAll
    void load() throws Exception {
        // without foreign keys, so that rows can go missing
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").scale(1).option("foreign-keys", "off")
                .dataDir(temp.resolve("pg")).build();
        Tpkit.load(config, RunListener.SILENT);
        assertThat(Tpkit.check(config, RunListener.SILENT)).hasSize(12).allMatch(CheckResult::passed);

        target = new EmbeddedPostgresTarget().open(config, m -> { });
        c = DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
        c.setAutoCommit(false);
        tpcc = new TpccWorkload().bind(config, target.plugin());
    }

    @AfterEach
    void undo() throws SQLException {
        c.rollback();
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
    void aFreshLoadPassesEveryCondition() throws SQLException {
        assertThat(failingAfter()).isEmpty();
    }

    @Test
    void condition1WarehouseYtd() throws SQLException {
        // W_YTD is compared with D_YTD (1) and with history (8), which agree (9): it cannot differ from one alone
        assertThat(failingAfter("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1"))
                .containsExactly(conditions(1, 8));
    }

    @Test
    void condition2NextOrderId() throws SQLException {
        assertThat(failingAfter("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = 1 AND d_id = 1"))
                .containsExactly(conditions(2));
    }

    @Test
    void condition3DeliveryOutOfOrderLeavesAHoleInTheQueue() throws SQLException {
        // a complete Delivery, but of an order in the middle of the queue instead of its oldest
        assertThat(failingAfter(delivery(2500, true))).containsExactly(conditions(3));
    }

    @Test
    void condition4LinesOfAnOrderNeverRecorded() throws SQLException {
        // conditions 6, 7, 10 and 12 start from ORDER rows: only the district's totals see these lines
        String columns = "ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, "
                + "ol_amount, ol_dist_info";
        assertThat(failingAfter("INSERT INTO order_line (ol_o_id, " + columns + ") SELECT 3001, " + columns
                + " FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 3000"))
                .containsExactly(conditions(4));
    }

    @Test
    void condition5DeliveryThatKeptItsNewOrderRow() throws SQLException {
        assertThat(failingAfter(delivery(2101, false))).containsExactly(conditions(5));
    }

    @Test
    void condition6LineFiledUnderTheWrongOrder() throws SQLException {
        // the district keeps its number of lines, so condition 4 holds
        assertThat(failingAfter("UPDATE order_line SET ol_o_id = 2102, ol_number = 16 "
                + "WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 2101 AND ol_number = 1"))
                .containsExactly(conditions(6));
    }

    @Test
    void condition7DeliveredOrderWithAnUndeliveredLine() throws SQLException {
        // lines of the loaded delivered orders are worth 0.00: the customer sums (10, 12) do not move
        assertThat(failingAfter("UPDATE order_line SET ol_delivery_d = NULL "
                + "WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 1 AND ol_number = 1"))
                .containsExactly(conditions(7));
    }

    @Test
    void condition8PaymentThatMissedTheYtdTotals() throws SQLException {
        // a Payment recorded in history and on the customer, but in neither W_YTD nor D_YTD; W_YTD
        // alone cannot miss a payment while D_YTD agrees with history, or condition 1 would fail instead
        assertThat(failingAfter(
                "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
                        + "VALUES (1, 1, 1, 1, 1, CURRENT_TIMESTAMP, 5.00, 'lost ytd')",
                "UPDATE customer SET c_balance = c_balance - 5.00, c_ytd_payment = c_ytd_payment + 5.00 "
                        + "WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"))
                .containsExactly(conditions(8, 9));
    }

    @Test
    void condition9PaymentBookedToTheWrongDistrict() throws SQLException {
        // the warehouse's total over its districts is unchanged, so condition 1 holds
        assertThat(failingAfter("UPDATE district SET d_ytd = d_ytd + CASE d_id WHEN 1 THEN 5 ELSE -5 END "
                + "WHERE d_w_id = 1 AND d_id IN (1, 2)"))
                .containsExactly(conditions(9));
    }

    @Test
    void condition10PaymentRecordedForTheWrongCustomer() throws SQLException {
        // condition 12 does not read history; 8 and 9 see the same district's payments
        assertThat(failingAfter("UPDATE history SET h_c_id = 2 WHERE h_c_w_id = 1 AND h_c_d_id = 1 AND h_c_id = 1"))
                .containsExactly(conditions(10));
    }

    @Test
    void condition11OrderLost() throws SQLException {
        // the oldest order, with its lines (worth 0.00, see condition 7): nothing else counts it
        assertThat(failingAfter("DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 1",
                "DELETE FROM oorder WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 1"))
                .containsExactly(conditions(11));
    }

    @Test
    void condition12PaymentCountedTwiceInYtdPayment() throws SQLException {
        // condition 10 does not read C_YTD_PAYMENT
        assertThat(failingAfter("UPDATE customer SET c_ytd_payment = c_ytd_payment + 5.00 "
                + "WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"))
                .containsExactly(conditions(12));
    }

    // The sums and counts over no rows at all are zero: a warehouse or district whose rows went
    // missing entirely must fail its conditions too.

    @Test
    void aWarehouseWithoutDistricts() throws SQLException {
        // the other per-district conditions start from DISTRICT rows and have none left to check
        assertThat(failingAfter("DELETE FROM district WHERE d_w_id = 1")).containsExactly(conditions(1));
    }

    @Test
    void aDistrictWithoutOrders() throws SQLException {
        // conditions 5, 6 and 7 start from orders; the lost delivered lines were worth 0.00 (10, 12)
        assertThat(failingAfter("DELETE FROM oorder WHERE o_w_id = 1 AND o_d_id = 1"))
                .containsExactly(conditions(2, 4, 11));
    }

    @Test
    void aDistrictWithoutOrderLines() throws SQLException {
        // each of its orders misses its lines (6)
        assertThat(failingAfter("DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1"))
                .containsExactly(conditions(4, 6));
    }

    @Test
    void historyLost() throws SQLException {
        // every customer's balance counts a payment of 10.00 that history no longer holds (10)
        assertThat(failingAfter("DELETE FROM history")).containsExactly(conditions(8, 9, 10));
    }

    /**
     * A Delivery of one order of district (1,1) in SQL: the carrier, the lines' delivery date,
     * the customer charged and, if {@code dequeue}, its NEW-ORDER row deleted. Any order from
     * 2,101 on delivered tells the check that condition 11 no longer applies.
     */
    private static String[] delivery(int order, boolean dequeue) {
        String lines = " WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = " + order;
        String[] steps = {
            "UPDATE oorder SET o_carrier_id = 1 WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = " + order,
            "UPDATE order_line SET ol_delivery_d = CURRENT_TIMESTAMP" + lines,
            "UPDATE customer SET c_balance = c_balance + (SELECT SUM(ol_amount) FROM order_line" + lines + "), "
                    + "c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = "
                    + "(SELECT o_c_id FROM oorder WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = " + order + ")",
            "DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = " + order};
        return dequeue ? steps : Arrays.copyOf(steps, 3);
    }

    /** Runs the statements (in the open transaction), then the check: the names of the failed conditions. */
    private List<String> failingAfter(String... statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                assertThat(s.executeUpdate(sql)).as(sql).isPositive();
            }
        }
        return tpcc.checkConsistency(c).stream().filter(r -> !r.passed()).map(CheckResult::name).toList();
    }

    /** The names of the check results of the given conditions. */
    static String[] conditions(int... numbers) {
        return IntStream.of(numbers).mapToObj(n -> TpccConsistency.CONDITIONS.get(n - 1).name())
                .toArray(String[]::new);
    }
}
