package io.tpkit.tpcc;

import static io.tpkit.tpcc.TpccCheckIT.conditions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.ForeignData;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code tpkit check tpcc} on TPC-C data tpkit did not load. The data is tpkit's own load at
 * W=2, moved into another kit's shape: the load marker dropped, the orders in {@code orders}
 * (HammerDB, go-tpc) and the new orders in {@code new_orders} (sysbench-tpcc), customers'
 * balances and year-to-date payments in {@code double precision} (BenchBase keeps
 * C_YTD_PAYMENT in a float) and history amounts in {@code real}. Tests that change the data do
 * it in a transaction that is rolled back after the test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpccForeignCheckIT {
    private static final int WAREHOUSES = 2;

    private Target server;
    private Connection c;
    private BenchmarkConfig foreign;
    private BoundWorkload tpcc;

    @BeforeAll
    void loadThenReshape() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the checks of a TPC-C schema loaded by another kit (W=2)");
        server = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tpcc").build(), m -> { });
        try (Connection admin = DriverManager.getConnection(server.jdbcUrl(), server.user(), null);
             Statement s = admin.createStatement()) {
            s.execute("CREATE DATABASE foreign_kit");
            s.execute("CREATE DATABASE no_tpcc");
        }
        BenchmarkConfig load = config("foreign_kit").scale(WAREHOUSES).option("foreign-keys", "off").build();
        Tpkit.load(load, RunListener.SILENT);
        assertThat(Tpkit.check(load, RunListener.SILENT)).hasSize(12).allMatch(CheckResult::passed);

        c = DriverManager.getConnection(url("foreign_kit"), server.user(), null);
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE tpcc_config");
            s.execute("ALTER TABLE oorder RENAME TO orders");
            s.execute("ALTER TABLE new_order RENAME TO new_orders");
            s.execute("ALTER TABLE customer ALTER COLUMN c_balance TYPE double precision, "
                    + "ALTER COLUMN c_ytd_payment TYPE double precision");
            s.execute("ALTER TABLE history ALTER COLUMN h_amount TYPE real");
        }
        c.commit();
        foreign = config("foreign_kit").build();
        tpcc = new TpccWorkload().bind(foreign, server.plugin());
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
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aCleanForeignDatabasePassesEveryConditionButElevenWhichIsSkipped() throws Exception {
        List<String> messages = new ArrayList<>();
        List<CheckResult> checks = Tpkit.check(foreign, new RunListener() {
            @Override
            public void message(String line) {
                messages.add(line);
            }
        });

        assertThat(messages).contains(
                "checking the consistency of tpcc data that tpkit did not load (no tpkit load marker in the database)",
                "tables used: warehouse, district, customer, history, orders, new_orders, order_line",
                "warehouses: 2, counted in the data (2 rows in warehouse, W_ID from 1 to 2)",
                "money in floating point: customer.c_balance (float8), customer.c_ytd_payment (float8), "
                        + "history.h_amount (float4); each value is read as the decimal the database prints for it, "
                        + "and sums are compared exactly, without tolerance");
        assertThat(checks).extracting(CheckResult::name).containsExactly(conditions(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
        assertThat(checks.get(10)).isEqualTo(CheckResult.skipped(conditions(11)[0], TpccConsistency.NOT_LOADED_BY_TPKIT));
        assertThat(checks.get(10).passed()).isFalse();
        assertThat(checks.get(10).failed()).isFalse();
        assertThat(checks).filteredOn(r -> r != checks.get(10)).allMatch(CheckResult::passed);
        assertThat(CheckResult.summary(checks)).isEqualTo("passed (11 checks, 1 skipped)");
    }

    /**
     * Three Payments of 1,234.56 to district (1,1), each recorded exactly in history and in the
     * district's and the warehouse's YTD (DECIMAL columns, updated in SQL), and on the customer
     * by a driver: customer 1's balance and customer 2's year-to-date payment computed in
     * single-precision floating point, as a driver that reads them with getFloat does; customer
     * 3's both computed in decimals and stored in the float columns as they are.
     */
    @Test
    void paymentsComputedInFloatingPointAreReportedAsTheyAre() throws SQLException {
        BigDecimal amount = new BigDecimal("1234.56");
        payment(1, amount, true, false);
        payment(2, amount, false, true);
        payment(3, amount, false, false);
        // the premise: single precision put 1234.56 off by 0.00005859375, less than a cent
        assertThat(stored("c_balance", 1)).isEqualTo("-1244.56005859375");
        assertThat(stored("c_ytd_payment", 1)).isEqualTo("1244.56");
        assertThat(stored("c_balance", 2)).isEqualTo("-1244.56");
        assertThat(stored("c_ytd_payment", 2)).isEqualTo("1244.56005859375");
        assertThat(stored("c_balance", 3)).isEqualTo("-1244.56");

        ForeignData data = tpcc.foreignData(c).orElseThrow();
        assertThat(data.scale()).isEqualTo(WAREHOUSES);
        assertThat(data.description()).contains(
                "tables used: warehouse, district, customer, history, orders, new_orders, order_line");
        List<CheckResult> checks = data.checkConsistency(c);
        Map<String, CheckResult> byName = checks.stream().collect(Collectors.toMap(CheckResult::name, r -> r));

        // customer 1: C_BALANCE is off (10) and so is C_BALANCE + C_YTD_PAYMENT (12)
        // customer 2: only C_YTD_PAYMENT is off, which condition 10 does not read
        // customer 3: the float nearest to each right amount is not blamed for the column's type
        assertThat(checks).filteredOn(CheckResult::failed).extracting(CheckResult::name)
                .containsExactly(conditions(10, 12));
        assertThat(byName.get(conditions(10)[0]).detail()).startsWith("1 violation(s), e.g. (1,1,1);")
                .contains("customer.c_balance (float8)");
        assertThat(byName.get(conditions(12)[0]).detail()).matches(
                "2 violation\\(s\\), e\\.g\\. (\\(1,1,1\\) \\(1,1,2\\)|\\(1,1,2\\) \\(1,1,1\\)); .*")
                .contains("customer.c_balance (float8), customer.c_ytd_payment (float8)");
        assertThat(byName.get(conditions(11)[0]).skipped()).isTrue();
        assertThat(checks).filteredOn(r -> !r.failed() && !r.skipped()).hasSize(9);
    }

    @Test
    void namesAreFoundInAnyCase() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("ALTER TABLE orders RENAME TO \"ORDERS\"");
            s.execute("ALTER TABLE customer RENAME COLUMN c_balance TO \"C_Balance\"");
        }
        ForeignData data = tpcc.foreignData(c).orElseThrow();
        assertThat(data.description()).contains(
                "tables used: warehouse, district, customer, history, ORDERS, new_orders, order_line");
        List<CheckResult> checks = data.checkConsistency(c);
        assertThat(checks).filteredOn(CheckResult::skipped).extracting(CheckResult::name).containsExactly(conditions(11));
        assertThat(checks).filteredOn(r -> !r.skipped()).hasSize(11).allMatch(CheckResult::passed);
    }

    @Test
    void sysbenchTpccNumbersItsTableSets() throws SQLException {
        renameAll("", "1");
        ForeignData data = tpcc.foreignData(c).orElseThrow();
        assertThat(data.description()).contains("tables used: warehouse1, district1, customer1, history1, orders1, "
                + "new_orders1, order_line1", "warehouses: 2, counted in the data (2 rows in warehouse1, W_ID from 1 to 2)");
        List<CheckResult> checks = data.checkConsistency(c);
        assertThat(checks).filteredOn(CheckResult::skipped).extracting(CheckResult::name).containsExactly(conditions(11));
        assertThat(checks).filteredOn(r -> !r.skipped()).hasSize(11).allMatch(CheckResult::passed);
    }

    @Test
    void benchmarkSqlPrefixesItsTables() throws SQLException {
        renameAll("bmsql_", "");
        assertThat(tpcc.foreignData(c).orElseThrow().description()).contains("tables used: bmsql_warehouse, "
                + "bmsql_district, bmsql_customer, bmsql_history, bmsql_orders, bmsql_new_orders, bmsql_order_line");
    }

    @Test
    void twoSetsOfTablesAreRefused() throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String table : List.of("warehouse", "district", "customer", "history", "orders", "new_orders",
                    "order_line")) {
                s.execute("CREATE VIEW " + table + "2 AS SELECT * FROM " + table);
            }
        }
        assertThatThrownBy(() -> tpcc.foreignData(c)).isInstanceOf(BadInputException.class)
                .hasMessage("the database holds 2 sets of TPC-C tables (warehouse, warehouse2...): tpkit check cannot "
                        + "tell which one to check");
    }

    @Test
    void aMissingTableIsNamedInOneLine() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE history");
        }
        assertThatThrownBy(() -> tpcc.foreignData(c)).isInstanceOf(BadInputException.class)
                .hasMessage("the database has TPC-C tables but no history: the consistency conditions read warehouse, "
                        + "district, customer, history, oorder (or orders), new_order (or new_orders) and order_line");
        // the set of five numbered tables is the nearest to complete: its missing ones are named
        try (Statement s = c.createStatement()) {
            for (String table : List.of("warehouse", "district", "customer", "new_orders", "order_line")) {
                s.execute("ALTER TABLE " + table + " RENAME TO " + table + "1");
            }
        }
        assertThatThrownBy(() -> tpcc.foreignData(c)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("the database has TPC-C tables but no history1, no oorder1 or orders1: ");
    }

    @Test
    void aMissingColumnIsNamedInOneLine() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("ALTER TABLE orders DROP COLUMN o_carrier_id");
        }
        assertThatThrownBy(() -> tpcc.foreignData(c)).isInstanceOf(BadInputException.class)
                .hasMessage("table orders has no column o_carrier_id: the consistency conditions read the spec's "
                        + "column names (in any case)");
    }

    @Test
    void aScaleThatContradictsTheDataIsRefused() {
        assertThatThrownBy(() -> Tpkit.check(config("foreign_kit").scale(3).build(), RunListener.SILENT))
                .isInstanceOf(BadInputException.class)
                .hasMessage("the database holds tpcc at scale 2 (counted in its data), not 3: drop --scale or pass "
                        + "--scale 2");
    }

    @Test
    void aDatabaseWithoutTpccTablesHoldsNoTpccData() {
        assertThatThrownBy(() -> Tpkit.check(config("no_tpcc").build(), RunListener.SILENT))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("the database holds no tpcc data: run 'tpkit load tpcc --db jdbc:postgresql:")
                // the hint reaches the same database when pasted
                .hasMessageContaining("/no_tpcc")
                .hasMessageNotContaining("\n");
    }

    /**
     * A Payment of customer (1,1,{@code customer}) in SQL, with the customer's new balance and
     * year-to-date payment computed by the driver: in single precision where asked, else in
     * decimals; both written to the double precision columns as computed.
     */
    private void payment(int customer, BigDecimal amount, boolean floatBalance, boolean floatYtd) throws SQLException {
        float balance;
        float ytd;
        BigDecimal exactBalance;
        BigDecimal exactYtd;
        try (PreparedStatement ps = c.prepareStatement("SELECT c_balance, c_ytd_payment FROM customer "
                + "WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = ?")) {
            ps.setInt(1, customer);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                balance = rs.getFloat(1) - amount.floatValue();
                ytd = rs.getFloat(2) + amount.floatValue();
                exactBalance = rs.getBigDecimal(1).subtract(amount);
                exactYtd = rs.getBigDecimal(2).add(amount);
            }
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE customer SET c_balance = ?, c_ytd_payment = ?, "
                + "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = ?")) {
            if (floatBalance) {
                ps.setFloat(1, balance);
            } else {
                ps.setBigDecimal(1, exactBalance);
            }
            if (floatYtd) {
                ps.setFloat(2, ytd);
            } else {
                ps.setBigDecimal(2, exactYtd);
            }
            ps.setInt(3, customer);
            assertThat(ps.executeUpdate()).isOne();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, "
                + "h_w_id, h_date, h_amount, h_data) VALUES (?, 1, 1, 1, 1, CURRENT_TIMESTAMP, ?, 'float kit')")) {
            ps.setInt(1, customer);
            ps.setBigDecimal(2, amount);
            assertThat(ps.executeUpdate()).isOne();
        }
        try (PreparedStatement d = c.prepareStatement("UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = 1 AND d_id = 1");
             PreparedStatement w = c.prepareStatement("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = 1")) {
            d.setBigDecimal(1, amount);
            w.setBigDecimal(1, amount);
            assertThat(d.executeUpdate()).isOne();
            assertThat(w.executeUpdate()).isOne();
        }
    }

    /** Renames the seven tables the conditions read to {@code prefix + name + number}. */
    private void renameAll(String prefix, String number) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String table : List.of("warehouse", "district", "customer", "history", "orders", "new_orders",
                    "order_line")) {
                s.execute("ALTER TABLE " + table + " RENAME TO " + prefix + table + number);
            }
        }
    }

    /** The value the database prints for a money column of customer (1,1,{@code customer}). */
    private String stored(String column, int customer) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CAST(" + column
                + " AS VARCHAR) FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = " + customer)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    private BenchmarkConfig.Builder config(String database) {
        return BenchmarkConfig.builder("tpcc").target(url(database)).user(server.user());
    }

    private String url(String database) {
        String url = server.jdbcUrl().replace("/postgres?", "/" + database + "?");
        assertThat(url).isNotEqualTo(server.jdbcUrl());
        return url;
    }
}
