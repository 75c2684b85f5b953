package io.tpkit.db.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The MySQL plugin against a MariaDB (or MySQL) server the machine runs (TPKIT_TEST_MYSQL_URL; CI sets it). */
class MysqlPluginIT {
    private static final String TABLE = "tpkit_bulk_roundtrip";
    /** Every character the text format escapes, NULL next to look-alikes, and multi-byte text. */
    private static final List<String> AWKWARD = Arrays.asList(null, "", "\\N", "N", "tab\there", "new\nline",
            "carriage\rreturn", "back\\slash", "trailing\\", "nul\0byte", "'quoted' \"double\"", "a,b;c",
            "caf\u00e9 \u00fcber \u65e5\u672c", "emoji \uD83D\uDE00", "  spaces  ", "\\t not a tab");

    private final MysqlPlugin plugin = new MysqlPlugin();

    private Connection connect() throws SQLException {
        Properties props = new Properties();
        props.putAll(plugin.connectionProperties());
        props.setProperty("user", TestDatabases.externalMysqlUser());
        return DriverManager.getConnection(TestDatabases.externalMysqlUrl(), props);
    }

    private static String variable(Statement s, String name) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT @@" + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * MariaDB's snapshot isolation (innodb_snapshot_isolation, 10.6.18+) refuses to change a row
     * changed after the transaction's snapshot with error 1020; the scheduler retries it as the
     * serialization failure it is.
     */
    /**
     * A session limited to 50 ms (MariaDB's max_statement_time, as a user or the server may set
     * it) gets --check-timeout's limit instead: a 0.3 s statement completes.
     */
    @Test
    void theCheckSessionsLimitReplacesTheSessionsOwn() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            boolean mariaDb;
            try (ResultSet rs = s.executeQuery("SELECT VERSION()")) {
                rs.next();
                mariaDb = rs.getString(1).toLowerCase(java.util.Locale.ROOT).contains("mariadb");
            }
            org.junit.jupiter.api.Assumptions.assumeTrue(mariaDb, "max_statement_time is MariaDB's");
            s.execute("SET SESSION max_statement_time = 0.05");
            assertThatThrownBy(() -> s.executeQuery("SELECT COUNT(*) FROM information_schema.columns a, "
                    + "information_schema.columns b, information_schema.columns c").close())
                    .as("the 50 ms limit holds first").isInstanceOf(SQLException.class);
            new MysqlPlugin().limitStatementTime(c, java.time.Duration.ofSeconds(30));
            assertThat(variable(s, "max_statement_time")).startsWith("30");
            try (ResultSet rs = s.executeQuery("SELECT SLEEP(0.3)")) {
                rs.next();
                assertThat(rs.getInt(1)).as("not interrupted").isZero();
            }
        }
    }

    @Test
    void aRowChangedSinceTheSnapshotIsASerializationFailure() throws Exception {
        try (Connection setup = connect(); Statement s = setup.createStatement()) {
            try (ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'innodb_snapshot_isolation'")) {
                org.junit.jupiter.api.Assumptions.assumeTrue(rs.next(),
                        "skipped: the server has no innodb_snapshot_isolation (MariaDB before 10.6.18, or MySQL)");
            }
            s.execute("DROP TABLE IF EXISTS tpkit_snapshot");
            s.execute("CREATE TABLE tpkit_snapshot (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
            s.execute("INSERT INTO tpkit_snapshot VALUES (1, 0)");
        }
        try (Connection reader = connect(); Connection writer = connect(); Statement r = reader.createStatement();
             Statement w = writer.createStatement()) {
            r.execute("SET SESSION innodb_snapshot_isolation = ON");
            r.execute("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            reader.setAutoCommit(false);
            try (ResultSet rs = r.executeQuery("SELECT v FROM tpkit_snapshot WHERE id = 1")) {
                rs.next();
            }
            w.executeUpdate("UPDATE tpkit_snapshot SET v = v + 1 WHERE id = 1");
            SQLException refused = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                    () -> r.executeUpdate("UPDATE tpkit_snapshot SET v = v + 10 WHERE id = 1"));
            reader.rollback();
            assertThat(refused.getErrorCode()).isEqualTo(1020);
            assertThat(plugin.classify(refused)).isEqualTo(io.tpkit.spi.database.ErrorClass.SERIALIZATION);
        } finally {
            try (Connection c = connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS tpkit_snapshot");
            }
        }
    }

    @Test
    void settingsAndDurabilityAreTheServers() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SettingsSnapshot snapshot = plugin.settings(c);
            String version = variable(s, "version");
            assertThat(snapshot.version()).isEqualTo(version);
            assertThat(snapshot.product()).isEqualTo(version.contains("MariaDB") ? "MariaDB" : "MySQL");
            assertThat(snapshot.settings()).containsKeys("innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin",
                    "innodb_doublewrite", "transaction_isolation", "innodb_buffer_pool_size",
                    "innodb_log_file_size", "max_connections", "autocommit");
            String flush = variable(s, "innodb_flush_log_at_trx_commit");
            assertThat(snapshot.settings()).containsEntry("innodb_flush_log_at_trx_commit", flush)
                    .containsEntry("max_connections", variable(s, "max_connections"));
            boolean binlog = "1".equals(variable(s, "log_bin"));
            assertThat(snapshot.settings().get("log_bin")).isEqualTo(binlog ? "ON" : "OFF");
            String doublewrite = snapshot.settings().get("innodb_doublewrite");
            boolean durable = flush.equals("1") && (!binlog || "1".equals(variable(s, "sync_binlog")))
                    && !doublewrite.equalsIgnoreCase("OFF") && !doublewrite.equalsIgnoreCase("DETECT_ONLY");
            assertThat(snapshot.durable()).as(snapshot.durabilityIssues().toString()).isEqualTo(durable);
            assertThat(snapshot.settings().get("transaction_isolation")).isIn("REPEATABLE-READ", "READ-COMMITTED",
                    "READ-UNCOMMITTED", "SERIALIZABLE");
            assertThat(plugin.databaseSizeBytes(c)).isNotNegative();
        }
    }

    @Test
    void theMonitorSeesCommitsAndRedoBytes() throws Exception {
        io.tpkit.spi.database.ServerStatsSampler sampler = plugin.serverStatsSampler();
        try (Connection monitor = connect(); Connection work = connect(); Statement s = work.createStatement()) {
            s.execute("DROP TABLE IF EXISTS tpkit_monitor_probe");
            s.execute("CREATE TABLE tpkit_monitor_probe (id INT PRIMARY KEY, v VARCHAR(100)) ENGINE = InnoDB");
            assertThat(sampler.sample(monitor, 1).values()).isEmpty(); // the baseline
            work.setAutoCommit(false);
            for (int i = 0; i < 200; i++) {
                s.executeUpdate("INSERT INTO tpkit_monitor_probe VALUES (" + i + ", REPEAT('x', 100))");
                work.commit();
            }
            work.setAutoCommit(true);
            java.util.Map<String, Double> v = sampler.sample(monitor, 1).values();
            assertThat(v.get("db.commits_per_s")).isGreaterThanOrEqualTo(200.0);
            assertThat(v.get("db.wal_bytes_per_s")).isPositive();
            assertThat(v).containsKeys("db.blks_hit_per_s", "db.rollbacks_per_s");
            assertThat(sampler.notes()).isEmpty();
            s.execute("DROP TABLE tpkit_monitor_probe");
        }
    }

    @Test
    void loadDataRoundTripKeepsNullsTabsNewlinesAndBackslashes() throws Exception {
        roundTrip((c, table, columns) -> new LoadDataWriter(c, table, columns));
    }

    private interface Opener {
        BulkWriter open(Connection c, String table, List<String> columns) throws SQLException;
    }

    private void roundTrip(Opener opener) throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id BIGINT NOT NULL PRIMARY KEY, txt VARCHAR(100), "
                    + "at DATETIME(6) NOT NULL, amount DECIMAL(6,2) NOT NULL) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4");
            try {
                List<String> columns = List.of("id", "txt", "at", "amount");
                // the awkward values, then enough plain rows to pass several chunks of the stream
                int plain = 150_000;
                try (BulkWriter w = opener.open(c, TABLE, columns)) {
                    for (int i = 0; i < AWKWARD.size(); i++) {
                        w.add(i).add(AWKWARD.get(i)).addTimestamp(1_700_000_000_123L).add("12.34");
                        w.endRow();
                    }
                    for (int i = 0; i < plain; i++) {
                        w.add(1000 + i).add("row " + i + " of the plain part").addTimestamp(0).add("0.01");
                        w.endRow();
                    }
                }
                List<String> back = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("SELECT txt, at, amount FROM " + TABLE + " WHERE id < 1000 ORDER BY id")) {
                    while (rs.next()) {
                        back.add(rs.getString(1));
                        assertThat(rs.getString(2)).isEqualTo("2023-11-14 22:13:20.123000");
                        assertThat(rs.getBigDecimal(3)).isEqualByComparingTo("12.34");
                    }
                }
                assertThat(back).containsExactlyElementsOf(AWKWARD);
                try (ResultSet rs = s.executeQuery("SELECT count(*), sum(amount), count(DISTINCT txt) FROM " + TABLE
                        + " WHERE id >= 1000")) {
                    rs.next();
                    assertThat(rs.getLong(1)).isEqualTo(plain);
                    assertThat(rs.getBigDecimal(2)).isEqualByComparingTo(String.valueOf(plain / 100));
                    assertThat(rs.getLong(3)).isEqualTo(plain);
                }

                // a value the column cannot hold fails the load instead of being cut down silently
                assertThatThrownBy(() -> {
                    try (BulkWriter w = opener.open(c, TABLE, columns)) {
                        w.add(999).add("x".repeat(101)).addTimestamp(0).add("1.00");
                        w.endRow();
                    }
                }).isInstanceOf(SQLException.class);
            } finally {
                s.execute("DROP TABLE IF EXISTS " + TABLE);
            }
        }
    }
}
