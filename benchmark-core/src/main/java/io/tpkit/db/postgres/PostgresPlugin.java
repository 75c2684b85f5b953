package io.tpkit.db.postgres;

import io.tpkit.spi.BulkWriter;
import io.tpkit.spi.DatabasePlugin;
import io.tpkit.spi.ErrorClass;
import io.tpkit.spi.ServerCpuClock;
import io.tpkit.spi.SettingsSnapshot;
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
            "server_encoding", "data_checksums");

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public String dialect() {
        return "postgresql";
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

    @Override
    public boolean countsWireBytes() {
        return true;
    }

    @Override
    public int defaultPort() {
        return 5432;
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
            return java.util.OptionalInt.of(io.tpkit.metrics.ProcStat.parentPid(stat));
        } catch (java.io.IOException | RuntimeException e) {
            return java.util.OptionalInt.empty();
        }
    }

    @Override
    public ErrorClass classify(SQLException e) {
        return PostgresErrors.classify(e);
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

    @Override
    public long databaseSizeBytes(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_database_size(current_database())")) {
            rs.next();
            return rs.getLong(1);
        }
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
    public io.tpkit.spi.ServerStatsSampler serverStatsSampler() {
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
