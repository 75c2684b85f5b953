package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.sql.SqlScript;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Loads W=1 and W=2 into one embedded PostgreSQL and checks the population rules with SQL. */
class TpccLoaderIT {
    private static final long MB = 1024 * 1024;
    private static Target target;

    @BeforeAll
    static void start() {
        target = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tpcc").build(), m -> { });
    }

    @AfterAll
    static void stop() {
        if (target != null) {
            target.close();
        }
    }

    @Test
    void oneWarehouseWithoutForeignKeys() throws Exception {
        loadAndCheck(1, false);
    }

    @Test
    void twoWarehousesWithForeignKeys() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a two-warehouse load with foreign keys");
        loadAndCheck(2, true);
    }

    @Test
    void theFirstFailureStopsTheLoadAndIsReported() throws Exception {
        RecordingLoadContext context = new RecordingLoadContext(target, 2) {
            @Override
            public DatabasePlugin database() {
                return new FailingPlugin(target.plugin(), TpccTables.STOCK);
            }
        };
        TpccDialect dialect = TpccDialect.of(io.tpkit.spi.Plugins.database("postgresql"));
        try (Connection c = context.connect()) {
            SqlScript.execute(c, dialect.schema());
        }
        long started = System.nanoTime();
        assertThatThrownBy(() -> new TpccLoader(3, dialect, context, true, 1).load())
                .isInstanceOf(SQLException.class).hasMessageContaining("injected failure");
        // the failure came before any key was built, and no worker kept loading
        assertThat(context.steps).doesNotContain("primary keys");
        assertThat(System.nanoTime() - started).isLessThan(30_000_000_000L);
    }

    private void loadAndCheck(int w, boolean foreignKeys) throws Exception {
        RecordingLoadContext context = new RecordingLoadContext(target, 2);
        TpccDialect dialect = TpccDialect.of(context.database());
        try (Connection c = context.connect()) {
            SqlScript.execute(c, dialect.schema());
        }
        long started = System.nanoTime();
        NURandConstants constants = new TpccLoader(w, dialect, context, foreignKeys, 2026).load();
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(context.done.get()).isEqualTo(context.expected.get());
        assertThat(context.steps).containsSubsequence("primary keys", "indexes", "analyze");
        assertThat(context.steps.contains("foreign keys")).isEqualTo(foreignKeys);

        try (Connection c = context.connect(); Statement s = c.createStatement()) {
            long size = context.database().databaseSizeBytes(c);
            System.out.printf("tpcc load W=%d (foreign keys %s): %.1f s, database %d MB, %d MB per warehouse%n",
                    w, foreignKeys, millis / 1000.0, size / MB, size / MB / w);
            // about 100 MB of data per warehouse plus indexes; a doubled load would be far above
            assertThat(size / w).isBetween(80 * MB, 160 * MB);

            cardinalities(s, w);
            distributions(s, w);
            lastNames(s, w);
            assertThat(longValue(s, "SELECT cfg_value::int FROM tpcc_config WHERE cfg_name = 'c_last_load'"))
                    .isEqualTo(constants.cLast());
            assertThat(longValue(s, "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conrelid IN "
                    + "(SELECT oid FROM pg_class WHERE relname IN ('" + String.join("','", TpccTables.ALL) + "'))"))
                    .isEqualTo(foreignKeys ? 10 : 0);
            consistency(s, dialect);
        }
    }

    /** The exact row counts of a load of {@code w} warehouses (plain SQL: any dialect). */
    static void cardinalities(Statement s, int w) throws SQLException {
        Map<String, Long> expected = Map.of("warehouse", (long) w, "district", 10L * w, "customer", 30_000L * w,
                "history", 30_000L * w, "oorder", 30_000L * w, "new_order", 9_000L * w, "item", 100_000L,
                "stock", 100_000L * w);
        for (var e : expected.entrySet()) {
            assertThat(longValue(s, "SELECT count(*) FROM " + e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
        long lines = longValue(s, "SELECT count(*) FROM order_line");
        assertThat(lines).isEqualTo(longValue(s, "SELECT sum(o_ol_cnt) FROM oorder"))
                .isBetween(295_000L * w, 305_000L * w);
        assertThat(longValue(s, "SELECT count(*) FROM oorder WHERE o_ol_cnt NOT BETWEEN 5 AND 15")).isZero();
        assertThat(longValue(s, "SELECT count(DISTINCT o_ol_cnt) FROM oorder")).isEqualTo(11);
        // every district: 3000 orders, every customer exactly once (O_C_ID is a permutation)
        assertThat(longValue(s, "SELECT count(*) FROM (SELECT o_w_id, o_d_id FROM oorder GROUP BY 1, 2 "
                + "HAVING count(DISTINCT o_c_id) = 3000 AND min(o_c_id) = 1 AND max(o_c_id) = 3000 "
                + "AND min(o_id) = 1 AND max(o_id) = 3000) x")).isEqualTo(10L * w);
    }

    private static void distributions(Statement s, int w) throws SQLException {
        assertThat(fraction(s, "SELECT avg((c_credit = 'BC')::int) FROM customer")).isBetween(0.09, 0.11);
        assertThat(longValue(s, "SELECT count(*) FROM customer WHERE c_credit NOT IN ('BC', 'GC')")).isZero();
        assertThat(fraction(s, "SELECT avg((i_data LIKE '%ORIGINAL%')::int) FROM item")).isBetween(0.095, 0.105);
        assertThat(fraction(s, "SELECT avg((s_data LIKE '%ORIGINAL%')::int) FROM stock")).isBetween(0.095, 0.105);
        assertThat(longValue(s, "SELECT count(*) FROM oorder WHERE (o_carrier_id IS NULL) <> (o_id > 2100)"))
                .isZero();
        assertThat(longValue(s, "SELECT count(*) FROM oorder WHERE o_carrier_id NOT BETWEEN 1 AND 10")).isZero();
        assertThat(longValue(s, "SELECT count(*) FROM order_line WHERE (ol_delivery_d IS NULL) <> (ol_o_id > 2100)"
                + " OR (ol_amount = 0) <> (ol_o_id <= 2100) OR ol_quantity <> 5 OR ol_supply_w_id <> ol_w_id"))
                .isZero();
        assertThat(longValue(s, "SELECT count(*) FROM order_line l JOIN oorder o ON o.o_w_id = l.ol_w_id "
                + "AND o.o_d_id = l.ol_d_id AND o.o_id = l.ol_o_id WHERE l.ol_delivery_d <> o.o_entry_d")).isZero();
        assertThat(longValue(s, "SELECT count(*) FROM district WHERE d_next_o_id <> 3001 OR d_ytd <> 30000"))
                .isZero();
        assertThat(longValue(s, "SELECT count(*) FROM warehouse WHERE w_ytd <> 300000")).isZero();
        assertThat(longValue(s, "SELECT count(*) FROM (SELECT no_w_id, no_d_id FROM new_order GROUP BY 1, 2 "
                + "HAVING min(no_o_id) = 2101 AND max(no_o_id) = 3000 AND count(*) = 900) x")).isEqualTo(10L * w);
        assertThat(longValue(s, "SELECT count(*) FROM customer WHERE c_balance <> -10 OR c_ytd_payment <> 10 "
                + "OR c_middle <> 'OE' OR c_discount NOT BETWEEN 0 AND 0.5 OR length(c_data) NOT BETWEEN 300 AND 500 "
                + "OR c_zip NOT LIKE '%11111' OR length(c_first) NOT BETWEEN 8 AND 16")).isZero();
        assertThat(longValue(s, "SELECT count(*) FROM item WHERE i_price NOT BETWEEN 1 AND 100 "
                + "OR length(i_name) NOT BETWEEN 14 AND 24")).isZero();
        assertThat(longValue(s, "SELECT count(*) FROM stock WHERE s_quantity NOT BETWEEN 10 AND 100")).isZero();
    }

    /** Customers 1..1000 of every district walk through the names; the rest are skewed by NURand. */
    private static void lastNames(Statement s, int w) throws SQLException {
        int checked = 0;
        try (ResultSet rs = s.executeQuery("SELECT c_id, c_last FROM customer WHERE c_id <= 1000")) {
            while (rs.next()) {
                assertThat(rs.getString(2)).isEqualTo(LastNames.of(rs.getInt(1) - 1));
                checked++;
            }
        }
        assertThat(checked).isEqualTo(10_000 * w);
        // 2000 NURand names per district over 1000 values: the hottest name is far above 2 per district
        assertThat(longValue(s, "SELECT max(n) FROM (SELECT count(*) n FROM customer WHERE c_id > 1000 "
                + "GROUP BY c_last) x")).isGreaterThan(10L * 2 * w);
    }

    /** The consistency conditions of §3.3.2 that hold after a load: all twelve. */
    private static void consistency(Statement s, TpccDialect dialect) throws SQLException {
        for (CheckResult r : TpccConsistency.checkAll(s.getConnection(), dialect, false)) {
            assertThat(r.passed()).as(r.name() + ": " + r.detail()).isTrue();
        }
    }

    private static long longValue(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static double fraction(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getDouble(1);
        }
    }

    /** Fails opening the bulk path into one table, as a full disk or a lost connection would. */
    private record FailingPlugin(DatabasePlugin real, String table) implements DatabasePlugin {
        @Override
        public String name() {
            return real.name();
        }

        @Override
        public String dialect() {
            return real.dialect();
        }

        @Override
        public java.util.Set<io.tpkit.spi.database.SqlFeature> sqlFeatures() {
            return real.sqlFeatures();
        }

        @Override
        public boolean accepts(String jdbcUrl) {
            return real.accepts(jdbcUrl);
        }

        @Override
        public ErrorClass classify(SQLException e) {
            return real.classify(e);
        }

        @Override
        public BulkWriter bulkWriter(Connection c, String t, List<String> columns) throws SQLException {
            if (t.equals(table)) {
                throw new SQLException("injected failure on " + t);
            }
            return real.bulkWriter(c, t, columns);
        }

        @Override
        public void analyze(Connection c, List<String> tables) throws SQLException {
            real.analyze(c, tables);
        }

        @Override
        public SettingsSnapshot settings(Connection c) throws SQLException {
            return real.settings(c);
        }
    }
}
