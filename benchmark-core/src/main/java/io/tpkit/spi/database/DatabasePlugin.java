package io.tpkit.spi.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * What differs between database families (PostgreSQL, MySQL/MariaDB): recognised from the
 * JDBC URL, registered with {@link java.util.ServiceLoader} in
 * {@code META-INF/services/io.tpkit.spi.database.DatabasePlugin}. Adding a database is a plugin
 * and, where its SQL differs from the workloads' defaults, its dialect's SQL files
 * ({@code io/tpkit/WORKLOAD/sql/DIALECT.sql}, see {@code io.tpkit.sql.NamedSql}); no workload
 * names a database.
 */
public interface DatabasePlugin {
    /** Short name, e.g. {@code postgresql}. */
    String name();

    /**
     * The SQL dialect: workloads read their statements from {@code DIALECT.sql} over their
     * {@code default.sql}, and their stored routines from {@code procedures/DIALECT.sql}, e.g.
     * {@code postgresql} or {@code mysql}. A dialect without files of its own runs the defaults.
     * Lower-case letters, digits, '-' and '_'; by default the plugin's {@link #name()}.
     */
    default String dialect() {
        return name();
    }

    /**
     * What this database's SQL and driver can do beyond the common core; workloads choose by it
     * how many statements and round trips a transaction takes. None by default.
     */
    default java.util.Set<SqlFeature> sqlFeatures() {
        return java.util.Set.of();
    }

    /**
     * Whether a COMMIT must go on its own on this connection, never in one request after other
     * statements of its transaction: true where an error partway through such a request can
     * leave the request's remaining statements running in a new transaction, which a COMMIT
     * among them would commit, half a transaction that the client retries whole (a MariaDB
     * Galera node after a certification conflict, see {@code io.tpkit.sql.Galera}). Asked once
     * for each session's connection before the session opens, which keeps the answer
     * ({@link io.tpkit.spi.workload.SessionConnection#commitApart()}); sessions then send such a
     * COMMIT after reading the statements' results, a round trip more. False by default, without
     * a query.
     */
    default boolean commitApart(Connection c) throws SQLException {
        return false;
    }

    boolean accepts(String jdbcUrl);

    /**
     * A statement the server parses once and then only binds and executes, for sessions that
     * prepare their statements once and execute them many times (a C program's SQLPrepare or
     * OCIStmtPrepare before its loop), whatever the driver does by default. By default the
     * driver's own {@link Connection#prepareStatement}. The caller closes it.
     */
    default java.sql.PreparedStatement prepareOnce(Connection c, String sql) throws SQLException {
        return c.prepareStatement(sql);
    }

    /** How {@link #prepareOnce} prepares, in a few words, for the record. */
    default String prepareOnceHow() {
        return "the driver's own prepared statement";
    }

    /**
     * Driver properties tpkit sets on every connection it opens to this database (e.g. what the
     * bulk path needs), on top of those in the URL.
     */
    default Map<String, String> connectionProperties() {
        return Map.of();
    }

    /**
     * Driver properties, on top of {@link #connectionProperties()}, that make the driver's sockets
     * hold every message {@code oneWay} in each direction ({@code --network-delay}: a round trip
     * then costs twice that), or an empty map when this plugin's sockets cannot (the run then
     * refuses the option).
     */
    default Map<String, String> networkDelayProperties(java.time.Duration oneWay) {
        return Map.of();
    }

    /**
     * Whether {@link #connectionProperties()} give the driver a socket factory that counts the
     * bytes on the wire per thread ({@link io.tpkit.measurement.WireBytes}).
     */
    default boolean countsWireBytes() {
        return false;
    }

    /** The port a URL without one means, and the one the server listens on in a container. */
    default int defaultPort() {
        return -1;
    }

    /**
     * The JDBC URL of {@code database} on a server at {@code host:port}, as this plugin
     * {@linkplain #accepts accepts} it (for a server tpkit started, e.g. in a container).
     */
    default String jdbcUrl(String host, int port, String database) {
        return "jdbc:" + name() + "://" + host + ":" + port + "/" + database;
    }

    /**
     * The container images that hold this database, for {@code --db container:IMAGE}: an image
     * is this plugin's when the last element of its repository name (without registry, path or
     * tag) contains one of these, e.g. {@code postgres} for {@code postgres:17}. Empty (the
     * default) when tpkit does not start this database in a container.
     */
    default List<String> containerImages() {
        return List.of();
    }

    /**
     * The environment that makes a container of {@link #containerImages()} create
     * {@code database} with a user who owns it, e.g. {@code POSTGRES_DB}, {@code POSTGRES_USER}
     * and {@code POSTGRES_PASSWORD}. The server in it listens on {@link #defaultPort()}.
     */
    default Map<String, String> containerEnvironment(String database, String user, String password) {
        return Map.of();
    }

    /**
     * The arguments that start a container of {@link #containerImages()} with these server
     * settings ({@code --server-setting NAME=VALUE}), passed after the image's entry point as
     * the official images take them: {@code -c NAME=VALUE} for PostgreSQL, {@code --NAME=VALUE}
     * for MySQL and MariaDB. Empty settings give no arguments (the image's own command).
     */
    default List<String> containerServerArguments(Map<String, String> settings) {
        if (!settings.isEmpty()) {
            throw new io.tpkit.config.BadInputException("--server-setting is not applied to " + name()
                    + " containers: the plugin does not say how its server takes settings");
        }
        return List.of();
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
     * Names a session of tpkit's own on the server, where the server shows names (PostgreSQL's
     * {@code application_name} in pg_stat_activity), so that a DBA can tell the monitor's
     * connection from the benchmark's. Nothing by default.
     */
    default void nameSession(Connection c, String name) throws SQLException {
    }

    /**
     * Readies a session for tpkit's consistency checks: the server's own limit on a statement's
     * time (set for a user, a database or the server, say 50 ms, which would cancel a check that
     * reads every row) replaced by {@code limit}, tpkit's {@code --check-timeout}. Nothing by default.
     */
    default void limitStatementTime(Connection c, java.time.Duration limit) throws SQLException {
    }

    /**
     * Why an attempt to open a connection failed (the run counts refused connections by class).
     * By SQLState unless the plugin knows better (MySQL's limits carry vendor codes).
     */
    default ConnectionRefusal refusal(SQLException e) {
        return ConnectionRefusal.bySqlState(e);
    }

    /**
     * Opens the fast bulk path into {@code table} (PostgreSQL COPY, MySQL LOAD DATA...). Rows
     * are streamed: nothing is held in memory beyond a buffer.
     */
    BulkWriter bulkWriter(Connection c, String table, List<String> columns) throws SQLException;

    /** Gathers planner statistics (and cleans up) after a load; runs in auto-commit mode. */
    void analyze(Connection c, List<String> tables) throws SQLException;

    /**
     * The ways this database keeps a copy of a workload's data beside it, fastest first (see
     * {@link DataCopy}); empty when it keeps none, and a series then loads the data again before
     * every run.
     */
    default List<DataCopy> dataCopies(DataCopy.Source source) {
        return List.of();
    }

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

    /**
     * Whether this plugin's settings snapshots name their server {@code product} (e.g.
     * "PostgreSQL"): how a rule that has only the snapshot finds the plugin that knows the server.
     */
    default boolean describesProduct(String product) {
        return false;
    }

    /** What the server shows of its checkpoints and vacuum to the {@code long-enough} rule. */
    default ServerUpkeep upkeep() {
        return ServerUpkeep.NONE;
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
