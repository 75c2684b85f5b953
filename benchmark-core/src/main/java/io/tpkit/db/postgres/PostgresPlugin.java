package io.tpkit.db.postgres;

import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.database.ServerCpuClock;
import io.tpkit.spi.database.SettingsSnapshot;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;

/** PostgreSQL through pgjdbc: COPY for loading, SQLState-based error classes, durability check. */
public final class PostgresPlugin implements DatabasePlugin {
    /** The settings recorded with every result; the first three decide durability. */
    static final List<String> SETTINGS = List.of("fsync", "synchronous_commit", "full_page_writes",
            "wal_level", "wal_sync_method", "shared_buffers", "effective_cache_size", "work_mem",
            "max_connections", "max_wal_size", "checkpoint_timeout", "checkpoint_completion_target",
            "default_transaction_isolation", "autovacuum", "autovacuum_naptime", "jit", "huge_pages", "random_page_cost",
            "server_encoding", "data_checksums", "commit_delay", "commit_siblings");

    @Override
    public String name() {
        return "postgresql";
    }


    /** Data-modifying WITH queries with RETURNING, int[] parameters, and pgjdbc's BEGIN sent with the first statement. */
    @Override
    public java.util.Set<io.tpkit.spi.database.SqlFeature> sqlFeatures() {
        return java.util.EnumSet.of(io.tpkit.spi.database.SqlFeature.WRITES_RETURNING_ROWS,
                io.tpkit.spi.database.SqlFeature.ARRAY_PARAMETERS,
                io.tpkit.spi.database.SqlFeature.BEGIN_WITH_FIRST_STATEMENT);
    }

    /**
     * pgjdbc parses a statement anew for each of its first four executions and names it on the
     * server from the fifth ({@code prepareThreshold} 5); here from the first: the server parses
     * it at its first execution, in that execution's round trip, and then only binds and executes
     * it. pgjdbc has no call that parses without executing; DB2 CLI (deferred prepare, its
     * default) and Oracle's OCIStmtPrepare do not go to the server before the first execution either.
     */
    @Override
    public String prepareOnceHow() {
        return "pgjdbc's prepareThreshold 1: parsed and named on the server at its first execution, then bound "
                + "and executed";
    }

    @Override
    public PreparedStatement prepareOnce(Connection c, String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.unwrap(org.postgresql.PGStatement.class).setPrepareThreshold(1);
        return ps;
    }

    @Override
    public boolean accepts(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:postgresql:");
    }

    /** Every connection's bytes are counted per thread, for the bytes per transaction. */
    @Override
    public Map<String, String> connectionProperties() {
        return Map.of("socketFactory", CountingSocketFactory.class.getName());
    }

    /** The counting sockets' one-way delay, read by {@link CountingSocketFactory} from the connection's properties. */
    @Override
    public Map<String, String> networkDelayProperties(java.time.Duration oneWay) {
        return Map.of(io.tpkit.db.CountingSocket.DELAY_PROPERTY, Long.toString(oneWay.toNanos()));
    }

    @Override
    public boolean countsWireBytes() {
        return true;
    }

    @Override
    public int defaultPort() {
        return 5432;
    }

    /** The official images (postgres:17) and those named after them. */
    @Override
    public List<String> containerImages() {
        return List.of("postgres");
    }

    /** The official image's entrypoint creates the database and its owner from these. */
    @Override
    public Map<String, String> containerEnvironment(String database, String user, String password) {
        return Map.of("POSTGRES_DB", database, "POSTGRES_USER", user, "POSTGRES_PASSWORD", password);
    }

    /** The official entry point appends arguments that start with '-' to {@code postgres}. */
    @Override
    public List<String> containerServerArguments(Map<String, String> settings) {
        List<String> args = new java.util.ArrayList<>();
        settings.forEach((k, v) -> {
            args.add("-c");
            args.add(k + "=" + v);
        });
        return args;
    }

    @Override
    public List<String> serverProcessNames() {
        return List.of("postgres", "postmaster");
    }

    /** The postmaster: the parent of this connection's backend, when it is a process of this machine. */
    @Override
    public ServerCpuClock statementCpuClock(Connection connection)
            throws ServerCpuClock.Unavailable {
        return KcacheCpuClock.open(connection);
    }

    @Override
    public java.util.OptionalInt serverPid(Connection c) throws SQLException {
        int backend;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            backend = rs.getInt(1);
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", backend + "/stat"));
            return java.util.OptionalInt.of(io.tpkit.measurement.ProcStat.parentPid(stat));
        } catch (java.io.IOException | RuntimeException e) {
            return java.util.OptionalInt.empty();
        }
    }

    @Override
    public ErrorClass classify(SQLException e) {
        return PostgresErrors.classify(e);
    }

    @Override
    public void limitStatementTime(Connection c, java.time.Duration limit) throws SQLException {
        try (java.sql.Statement s = c.createStatement()) {
            s.execute("SET statement_timeout = " + Math.max(1, limit.toMillis()));
        }
    }

    @Override
    public void nameSession(Connection c, String name) throws SQLException {
        try (java.sql.PreparedStatement s = c.prepareStatement("SELECT set_config('application_name', ?, false)")) {
            s.setString(1, name);
            s.execute();
        }
    }

    @Override
    public BulkWriter bulkWriter(Connection c, String table, List<String> columns) throws SQLException {
        String sql = "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN";
        return new CopyWriter(c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql));
    }

    @Override
    public void analyze(Connection c, List<String> tables) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(true); // VACUUM cannot run inside a transaction block
        try (Statement s = c.createStatement()) {
            for (String table : tables) {
                s.execute("VACUUM ANALYZE " + table);
            }
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** How the tables are copied within a database (see {@link #dataCopies}). */
    private static final io.tpkit.sql.TableCopy.Dialect TABLE_COPY = new io.tpkit.sql.TableCopy.Dialect(
            "CREATE UNLOGGED TABLE %s AS SELECT * FROM %s", List.of("SET session_replication_role = replica"),
            List.of("SET session_replication_role = DEFAULT"), true, true);

    /**
     * On a server tpkit started, a copy of the whole database ({@link TemplateCopy}): a file copy,
     * the fastest way measured (TPC-C at 4 warehouses, 434 MiB: about 3 s to restore, against 8 to
     * 11 s for the tables and 16 s for a load). Then, and on a user's server, the tables copied
     * within the database (unlogged: a copy lost in a crash is made again), put back with the
     * foreign keys' triggers off (session_replication_role replica: a superuser's right, or one
     * granted with GRANT SET ON PARAMETER); with the triggers on, the checks made a restore
     * slower than a load (31 to 52 s).
     */
    @Override
    public List<io.tpkit.spi.database.DataCopy> dataCopies(io.tpkit.spi.database.DataCopy.Source source) {
        List<io.tpkit.spi.database.DataCopy> ways = new ArrayList<>();
        if (source.ownsServer()) {
            ways.add(new TemplateCopy(source));
        }
        ways.add(new io.tpkit.sql.TableCopy(source, this, TABLE_COPY, "the tables copied within the database ("
                + io.tpkit.sql.TableCopy.PREFIX + "*), put back with TRUNCATE and INSERT ... SELECT"));
        return ways;
    }

    @Override
    public long databaseSizeBytes(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_database_size(current_database())")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * max_connections less the client backends in use (this one excluded) and, for a user who is
     * not a superuser, the slots reserved for superusers (superuser_reserved_connections) and,
     * from PostgreSQL 16, for members of pg_use_reserved_connections (reserved_connections);
     * lowered further by a connection limit of the role or the database (CONNECTION LIMIT).
     */
    /**
     * A client connection in pg_stat_activity. Without pg_read_all_stats a user sees other users'
     * sessions with a null backend_type; those with a database are counted too, which may count
     * an autovacuum worker (at most autovacuum_max_workers): the estimate errs on the safe side.
     */
    private static final String CLIENT = "(a.backend_type = 'client backend' OR a.backend_type IS NULL "
            + "AND a.datid IS NOT NULL)";

    @Override
    public java.util.Optional<io.tpkit.spi.database.ConnectionLimit> connectionLimit(Connection c) throws SQLException {
        String sql = """
                SELECT current_setting('max_connections')::int,
                       current_setting('superuser_reserved_connections')::int,
                       COALESCE(current_setting('reserved_connections', true), '0')::int,
                       r.rolsuper,
                       EXISTS (SELECT 1 FROM pg_roles u WHERE u.rolname = 'pg_use_reserved_connections'
                               AND pg_has_role(current_user, u.oid, 'member')),
                       (SELECT count(*) FROM pg_stat_activity a
                         WHERE %s AND a.pid <> pg_backend_pid())::int,
                       r.rolconnlimit,
                       (SELECT count(*) FROM pg_stat_activity a WHERE %s
                         AND a.pid <> pg_backend_pid() AND a.usename = current_user)::int,
                       d.datconnlimit,
                       (SELECT count(*) FROM pg_stat_activity a WHERE %s
                         AND a.pid <> pg_backend_pid() AND a.datname = current_database())::int
                  FROM pg_roles r, pg_database d
                 WHERE r.rolname = current_user AND d.datname = current_database()""".formatted(CLIENT, CLIENT, CLIENT);
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            if (!rs.next()) {
                return java.util.Optional.empty();
            }
            int max = rs.getInt(1);
            int superuserReserved = rs.getInt(2);
            int reserved = rs.getInt(3);
            boolean superuser = rs.getBoolean(4);
            boolean mayUseReserved = rs.getBoolean(5);
            int inUse = rs.getInt(6);
            int withheld = superuser ? 0 : superuserReserved + (mayUseReserved ? 0 : reserved);
            int available = max - inUse - withheld;
            StringBuilder how = new StringBuilder("max_connections " + max + ", " + inUse + " in use");
            how.append(superuser ? ", the " + superuserReserved + " reserved for superusers open to this superuser"
                    : ", " + withheld + " reserved for others (superuser_reserved_connections " + superuserReserved
                    + (reserved > 0 ? ", reserved_connections " + reserved : "") + ")");
            int roleLimit = rs.getInt(7);
            if (roleLimit >= 0 && !superuser && roleLimit - rs.getInt(8) < available) {
                available = roleLimit - rs.getInt(8);
                how.append(", role ").append("CONNECTION LIMIT ").append(roleLimit).append(" with ")
                        .append(rs.getInt(8)).append(" in use");
            }
            int databaseLimit = rs.getInt(9);
            if (databaseLimit >= 0 && !superuser && databaseLimit - rs.getInt(10) < available) {
                available = databaseLimit - rs.getInt(10);
                how.append(", database CONNECTION LIMIT ").append(databaseLimit).append(" with ")
                        .append(rs.getInt(10)).append(" in use");
            }
            return java.util.Optional.of(new io.tpkit.spi.database.ConnectionLimit(Math.max(0, available), how.toString()));
        }
    }

    @Override
    public boolean describesProduct(String product) {
        return "PostgreSQL".equals(product);
    }

    @Override
    public io.tpkit.spi.database.ServerUpkeep upkeep() {
        return new PostgresUpkeep();
    }

    @Override
    public SettingsSnapshot settings(Connection c) throws SQLException {
        Map<String, String> settings = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT name, current_setting(name) FROM pg_settings WHERE name = ANY (?)")) {
            ps.setArray(1, c.createArrayOf("text", SETTINGS.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                Map<String, String> found = new LinkedHashMap<>();
                while (rs.next()) {
                    found.put(rs.getString(1), rs.getString(2));
                }
                for (String name : SETTINGS) {
                    if (found.containsKey(name)) {
                        settings.put(name, found.get(name));
                    }
                }
            }
        }
        String version;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            version = rs.getString(1);
        }
        return new SettingsSnapshot("PostgreSQL", version, settings, durabilityIssues(settings));
    }

    @Override
    public io.tpkit.spi.database.ServerStatsSampler serverStatsSampler() {
        return PostgresServerStats.sampler();
    }

    static List<String> durabilityIssues(Map<String, String> s) {
        List<String> issues = new ArrayList<>();
        if ("off".equals(s.get("fsync"))) {
            issues.add("fsync is off: committed data can be lost in a crash");
        }
        if ("off".equals(s.get("synchronous_commit"))) {
            issues.add("synchronous_commit is off: commits return before their WAL is on disk");
        }
        if ("off".equals(s.get("full_page_writes"))) {
            issues.add("full_page_writes is off: a crash can leave torn pages");
        }
        return issues;
    }
}
