package io.tpkit.spi.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * What differs between database families (PostgreSQL, MySQL/MariaDB): recognised from the
 * JDBC URL, registered with {@link java.util.ServiceLoader} in
 * {@code META-INF/services/io.tpkit.spi.database.DatabasePlugin}.
 */
public interface DatabasePlugin {
    /** Short name, e.g. {@code postgresql}. */
    String name();

    /**
     * The SQL dialect key that workloads use to pick their DDL and procedure scripts, e.g.
     * {@code postgresql} or {@code mysql}.
     */
    String dialect();

    boolean accepts(String jdbcUrl);

    /**
     * Driver properties tpkit sets on every connection it opens to this database (e.g. what the
     * bulk path needs), on top of those in the URL.
     */
    default Map<String, String> connectionProperties() {
        return Map.of();
    }

    /**
     * Whether {@link #connectionProperties()} give the driver a socket factory that counts the
     * bytes on the wire per thread ({@link io.tpkit.measurement.WireBytes}).
     */
    default boolean countsWireBytes() {
        return false;
    }

    /** The port a URL without one means. */
    default int defaultPort() {
        return -1;
    }

    /** Command names of the server's main process ({@code /proc/PID/stat}), to find its CPU time. */
    default List<String> serverProcessNames() {
        return List.of();
    }

    /**
     * The server's main process id as the server itself tells it, or empty; used to find a
     * server on this machine whose listening socket another user owns.
     */
    default java.util.OptionalInt serverPid(Connection c) throws SQLException {
        return java.util.OptionalInt.empty();
    }

    /**
     * The server's CPU time from its own per-statement counters, for a server whose processes
     * tpkit cannot see (on another machine, in a container).
     *
     * @param connection a connection the clock keeps for the run (auto-commit); the caller closes it
     * @throws ServerCpuClock.Unavailable when the server has no such counter, saying why
     */
    default ServerCpuClock statementCpuClock(Connection connection) throws ServerCpuClock.Unavailable {
        throw new ServerCpuClock.Unavailable(name() + " has no per-statement CPU counter that tpkit reads");
    }

    /** Sorts an error into the classes the scheduler retries or counts. */
    ErrorClass classify(SQLException e);

    /**
     * Opens the fast bulk path into {@code table} (PostgreSQL COPY, MySQL LOAD DATA...). Rows
     * are streamed: nothing is held in memory beyond a buffer.
     */
    BulkWriter bulkWriter(Connection c, String table, List<String> columns) throws SQLException;

    /** Gathers planner statistics (and cleans up) after a load; runs in auto-commit mode. */
    void analyze(Connection c, List<String> tables) throws SQLException;

    /** The size of the current database in bytes, or -1 when the server does not say. */
    default long databaseSizeBytes(Connection c) throws SQLException {
        return -1;
    }

    /**
     * How many more connections the server accepts from this connection's user (its limit minus
     * the connections in use, this one excluded, and those reserved for others), or empty when
     * the plugin cannot tell. {@code tpkit sweep} refuses points that need more before it starts.
     */
    default java.util.Optional<ConnectionLimit> connectionLimit(Connection c) throws SQLException {
        return java.util.Optional.empty();
    }

    /** The server's product, version and the settings that matter for a benchmark. */
    SettingsSnapshot settings(Connection c) throws SQLException;

    /**
     * A fresh sampler of the server's statistics for one run's monitor (monitor.csv), or
     * {@link ServerStatsSampler#NONE}. It may look at the server version on its first sample.
     */
    default ServerStatsSampler serverStatsSampler() {
        return ServerStatsSampler.NONE;
    }
}
