package io.tpkit.db.mysql;

import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.database.ServerCpuClock;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.sql.Galera;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * MySQL and MariaDB through Connector/J: LOAD DATA LOCAL INFILE fed from memory for loading,
 * vendor-code error classes, and the InnoDB and binary-log settings that decide durability.
 */
public final class MysqlPlugin implements DatabasePlugin {
    /** The settings recorded with every result; the first four decide durability. */
    static final List<String> SETTINGS = List.of("innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin",
            "innodb_doublewrite", "transaction_isolation", "innodb_buffer_pool_size", "innodb_log_file_size",
            "max_connections", "autocommit");
    /** MariaDB before 11.1 names the isolation setting tx_isolation. */
    private static final String OLD_ISOLATION = "tx_isolation";

    /**
     * MariaDB's max_statement_time (seconds, every statement) or, on MySQL, max_execution_time
     * (milliseconds, read-only SELECTs: the only statements it limits).
     */
    @Override
    public void limitStatementTime(Connection c, java.time.Duration limit) throws SQLException {
        try (Statement s = c.createStatement()) {
            boolean mariaDb;
            try (ResultSet rs = s.executeQuery("SELECT VERSION()")) {
                rs.next();
                mariaDb = product(rs.getString(1)).equals("MariaDB");
            }
            s.execute(mariaDb ? String.format(Locale.ROOT, "SET SESSION max_statement_time = %.3f",
                    Math.max(0.001, limit.toMillis() / 1000.0))
                    : "SET SESSION max_execution_time = " + Math.max(1, limit.toMillis()));
        }
    }

    @Override
    public String name() {
        return "mysql";
    }


    @Override
    public boolean accepts(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:mysql:");
    }

    /**
     * LOAD DATA LOCAL from a stream needs the client to allow it when it connects; sessions send
     * several statements in one round trip ({@code allowMultiQueries}); every connection's bytes
     * are counted per thread, for the bytes per transaction.
     *
     * <p>Reads go through a plain 16 KiB {@code BufferedInputStream} ({@code useReadAheadInput}
     * and {@code useUnbufferedInput} off) rather than Connector/J's default read-ahead stream.
     * MariaDB and MySQL flush each statement's result of a multi-statement query on its own, so
     * the driver can wait for the next result once per statement; at each wait the read-ahead
     * stream asks the kernel how many bytes have arrived (an ioctl) and, none having arrived
     * yet, reads the 4-byte packet header alone, then the rest in a second read: six system
     * calls per result where the buffered stream makes three (a failed read, the poll, one read
     * of all that arrived). The bytes, the round trips and the server's work are the same; TP1's
     * driver CPU per transaction fell by 16% (docs/cost.md, "Connector/J").
     */
    @Override
    public Map<String, String> connectionProperties() {
        return Map.of("allowLoadLocalInfile", "true", "allowMultiQueries", "true",
                "socketFactory", CountingSocketFactory.class.getName(),
                "useReadAheadInput", "false", "useUnbufferedInput", "false");
    }

    /**
     * The counting sockets' one-way delay, in {@code connectionAttributes} (the one property of
     * its own Connector/J hands a socket factory; the server lists it with the connection).
     */
    @Override
    public Map<String, String> networkDelayProperties(java.time.Duration oneWay) {
        return Map.of("connectionAttributes", io.tpkit.db.CountingSocket.DELAY_ATTRIBUTE + ":" + oneWay.toNanos());
    }

    /**
     * On a MariaDB Galera node (wsrep on): a transaction that loses a certification conflict
     * partway through a multi-statement query is rolled back, but the query's remaining
     * statements still run, in a new transaction (see {@link Galera}). One query per connection;
     * elsewhere COMMIT keeps going with the statements.
     */
    @Override
    public boolean commitApart(Connection c) throws SQLException {
        return Galera.isNode(c);
    }

    /**
     * Connector/J prepares on the client by default (it sends the statement as text, with its
     * values written in, and the server parses every execution); this one is prepared on the
     * server when it is made (COM_STMT_PREPARE, one round trip) and each execution sends only its
     * values (COM_STMT_EXECUTE).
     */
    @Override
    public String prepareOnceHow() {
        return "Connector/J's server-side prepared statement: COM_STMT_PREPARE when the session opens, then "
                + "COM_STMT_EXECUTE";
    }

    @Override
    public java.sql.PreparedStatement prepareOnce(Connection c, String sql) throws SQLException {
        return c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).serverPrepareStatement(sql);
    }

    @Override
    public boolean countsWireBytes() {
        return true;
    }

    @Override
    public int defaultPort() {
        return 3306;
    }

    /** MySQL's images and MariaDB's, which take the same settings and speak to Connector/J. */
    @Override
    public List<String> containerImages() {
        return List.of("mysql", "mariadb");
    }

    /** Both images' entrypoints create the database and the user from these (MariaDB's also reads MYSQL_*). */
    @Override
    public Map<String, String> containerEnvironment(String database, String user, String password) {
        return Map.of("MYSQL_DATABASE", database, "MYSQL_USER", user, "MYSQL_PASSWORD", password,
                "MYSQL_ROOT_PASSWORD", password);
    }

    /** The official entry points append arguments that start with '-' to {@code mysqld} / {@code mariadbd}. */
    @Override
    public List<String> containerServerArguments(Map<String, String> settings) {
        List<String> args = new java.util.ArrayList<>();
        settings.forEach((k, v) -> args.add("--" + k + "=" + v));
        return args;
    }

    @Override
    public List<String> serverProcessNames() {
        return List.of("mariadbd", "mysqld");
    }

    @Override
    public ServerCpuClock statementCpuClock(Connection connection)
            throws ServerCpuClock.Unavailable {
        throw new ServerCpuClock.Unavailable("MariaDB counts no CPU time per statement, and MySQL's "
                + "(performance_schema CPU_TIME, 8.0.28+) is not read by tpkit yet");
    }

    @Override
    public ErrorClass classify(SQLException e) {
        return MysqlErrors.classify(e);
    }

    @Override
    public io.tpkit.spi.database.ConnectionRefusal refusal(SQLException e) {
        return MysqlErrors.refusal(e);
    }

    @Override
    public BulkWriter bulkWriter(Connection c, String table, List<String> columns) throws SQLException {
        return new LoadDataWriter(c, table, columns);
    }

    @Override
    public void analyze(Connection c, List<String> tables) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String table : tables) {
                // returns a result set (one row per table with a status); read it to the end
                try (ResultSet rs = s.executeQuery("ANALYZE TABLE " + table)) {
                    while (rs.next()) {
                        if ("error".equalsIgnoreCase(rs.getString("Msg_type"))) {
                            throw new SQLException("ANALYZE TABLE " + table + ": " + rs.getString("Msg_text"));
                        }
                    }
                }
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /**
     * The tables copied within the database, put back with TRUNCATE and INSERT ... SELECT, the
     * foreign keys and unique keys unchecked: measured on MariaDB 10.11 with TPC-C at 4 warehouses,
     * 24 to 29 s against 54 s for a load.
     */
    @Override
    public List<io.tpkit.spi.database.DataCopy> dataCopies(io.tpkit.spi.database.DataCopy.Source source) {
        return List.of(new io.tpkit.sql.TableCopy(source, this, new io.tpkit.sql.TableCopy.Dialect(
                "CREATE TABLE %s AS SELECT * FROM %s", List.of("SET foreign_key_checks = 0", "SET unique_checks = 0"),
                List.of("SET foreign_key_checks = 1", "SET unique_checks = 1"), false, false),
                "the tables copied within the database (" + io.tpkit.sql.TableCopy.PREFIX + "*), put back with "
                        + "TRUNCATE and INSERT ... SELECT"));
    }

    @Override
    public long databaseSizeBytes(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT COALESCE(SUM(data_length + index_length), 0) FROM information_schema.tables "
                        + "WHERE table_schema = DATABASE()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * max_connections less the connections in use (Threads_connected, this one excluded); lowered
     * to max_user_connections less this user's connections when that is set. The one extra
     * connection MySQL keeps for CONNECTION_ADMIN (SUPER) is not counted: tpkit's connections
     * should not need it.
     */
    @Override
    public java.util.Optional<io.tpkit.spi.database.ConnectionLimit> connectionLimit(Connection c) throws SQLException {
        int max;
        int perUser;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@max_connections, @@max_user_connections")) {
            if (!rs.next()) {
                return java.util.Optional.empty();
            }
            max = rs.getInt(1);
            perUser = rs.getInt(2);
        }
        int connected;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Threads_connected'")) {
            if (!rs.next()) {
                return java.util.Optional.empty();
            }
            connected = Integer.parseInt(rs.getString(2).trim());
        }
        int inUse = Math.max(0, connected - 1);
        int available = max - inUse;
        String how = "max_connections " + max + ", " + inUse + " in use (Threads_connected)";
        if (perUser > 0) {
            int mine;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM "
                    + "information_schema.PROCESSLIST WHERE USER = SUBSTRING_INDEX(CURRENT_USER(), '@', 1)")) {
                rs.next();
                mine = Math.max(0, rs.getInt(1) - 1);
            }
            if (perUser - mine < available) {
                available = perUser - mine;
                how += ", max_user_connections " + perUser + " with " + mine + " of this user's in use";
            }
        }
        return java.util.Optional.of(new io.tpkit.spi.database.ConnectionLimit(Math.max(0, available), how));
    }

    @Override
    public boolean describesProduct(String product) {
        return "MySQL".equals(product) || "MariaDB".equals(product);
    }

    @Override
    public io.tpkit.spi.database.ServerUpkeep upkeep() {
        return new MysqlUpkeep();
    }

    @Override
    public SettingsSnapshot settings(Connection c) throws SQLException {
        Map<String, String> found = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW VARIABLES WHERE Variable_name IN ('"
                + String.join("', '", SETTINGS) + "', '" + OLD_ISOLATION + "')")) {
            while (rs.next()) {
                found.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2));
            }
        }
        found.putIfAbsent("transaction_isolation", found.get(OLD_ISOLATION));
        Map<String, String> settings = new LinkedHashMap<>();
        for (String name : SETTINGS) {
            if (found.get(name) != null) {
                settings.put(name, found.get(name));
            }
        }
        String version;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION()")) {
            rs.next();
            version = rs.getString(1);
        }
        return new SettingsSnapshot(product(version), version, settings, durabilityIssues(settings));
    }

    static String product(String version) {
        return version != null && version.toLowerCase(Locale.ROOT).contains("mariadb") ? "MariaDB" : "MySQL";
    }

    static List<String> durabilityIssues(Map<String, String> s) {
        List<String> issues = new ArrayList<>();
        String flush = s.get("innodb_flush_log_at_trx_commit");
        if (flush != null && !"1".equals(flush)) {
            issues.add("innodb_flush_log_at_trx_commit is " + flush
                    + ", not 1: commits return before their redo log is flushed to disk");
        }
        String sync = s.get("sync_binlog");
        if (on(s.get("log_bin")) && sync != null && !"1".equals(sync)) {
            issues.add("sync_binlog is " + sync + " while log_bin is ON: committed transactions can be lost "
                    + "from the binary log in a crash");
        }
        String doublewrite = s.get("innodb_doublewrite");
        if (doublewrite != null && (!on(doublewrite) && !"DETECT_AND_RECOVER".equalsIgnoreCase(doublewrite)
                && !"fast".equalsIgnoreCase(doublewrite))) {
            issues.add("innodb_doublewrite is " + doublewrite + ": a crash can leave torn pages");
        }
        return issues;
    }

    private static boolean on(String value) {
        return "ON".equalsIgnoreCase(value) || "1".equals(value);
    }

    /** SHOW GLOBAL STATUS counters, once a second (see MysqlServerStats). */
    @Override
    public io.tpkit.spi.database.ServerStatsSampler serverStatsSampler() {
        return MysqlServerStats.sampler();
    }
}
