package io.tpkit.tpcc;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.sql.SqlScript;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A freshly loaded TPC-C database of W warehouses for one test class: on an embedded
 * PostgreSQL, or on the MariaDB/MySQL server the machine runs (dropped and loaded again). With
 * the SQL helpers the TPC-C tests share (each on a connection of the caller's), written in SQL
 * both databases understand.
 */
final class TpccTestDatabase implements AutoCloseable {
    private final Target target;
    private final int warehouses;
    private final NURandConstants loadConstants;
    /** The database of its own this made on an external server, dropped on close; or null. */
    private String ownDatabase;

    private TpccTestDatabase(Target target, int warehouses, NURandConstants loadConstants) {
        this.target = target;
        this.warehouses = warehouses;
        this.loadConstants = loadConstants;
    }

    /** Starts a server and loads {@code warehouses} (without foreign keys) from {@code seed}. */
    static TpccTestDatabase load(int warehouses, long seed) throws Exception {
        return load(new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tpcc").build(), m -> { }), warehouses, seed);
    }

    /**
     * Loads into a database of its own on the external MariaDB/MySQL server, named after the
     * calling test class and dropped when this closes; skips the calling test without a server.
     * The step-by-step comparisons need their tables, not the server alone: they run beside each
     * other (io.tpkit.testing.SharedServers).
     */
    static TpccTestDatabase loadExternalMysql(Class<?> test, int warehouses, long seed) throws Exception {
        String database = "tpkit_" + test.getSimpleName().toLowerCase(java.util.Locale.ROOT);
        String url = io.tpkit.testing.TestDatabases.externalMysqlDatabaseOfItsOwn(database);
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").target(url)
                .user(io.tpkit.testing.TestDatabases.externalMysqlUser()).build();
        TpccTestDatabase db = load(new io.tpkit.provisioning.JdbcUrlTarget().open(config, m -> { }), warehouses, seed);
        db.ownDatabase = database;
        return db;
    }

    private static TpccTestDatabase load(Target target, int warehouses, long seed) throws Exception {
        try {
            RecordingLoadContext context = new RecordingLoadContext(target, 2);
            TpccDialect dialect = TpccDialect.of(target.plugin());
            try (Connection c = context.connect()) {
                SqlScript.execute(c, dialect.schema());
            }
            NURandConstants constants = new TpccLoader(warehouses, dialect, context, false, seed).load();
            return new TpccTestDatabase(target, warehouses, constants);
        } catch (Exception | Error e) {
            target.close();
            throw e;
        }
    }

    int warehouses() {
        return warehouses;
    }

    NURandConstants loadConstants() {
        return loadConstants;
    }

    /** A new connection in autocommit mode (sessions switch it off themselves). */
    Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(target.jdbcUrl(), properties());
        c.setAutoCommit(true);
        return c;
    }

    TpccDialect dialect() {
        return TpccDialect.of(target.plugin());
    }

    /** A client session in the database's own dialect, on a new connection. */
    TpccClientSession clientSession() throws SQLException {
        return TpccClientSession.open(new io.tpkit.spi.workload.SessionConnection(connect()), dialect());
    }

    /**
     * A client session on a new connection that sends COMMIT apart, as on a Galera node
     * ({@link io.tpkit.spi.workload.SessionConnection#commitApart()}), whatever the server.
     */
    TpccClientSession clientSessionCommittingApart() throws SQLException {
        return TpccClientSession.open(new io.tpkit.spi.workload.SessionConnection(connect(), true), dialect());
    }

    /** An interactive session ({@code --logic interactive}) on a new connection. */
    TpccInteractiveSession interactiveSession() throws SQLException {
        return new TpccInteractiveSession(new io.tpkit.spi.workload.SessionConnection(connect()), dialect().sql());
    }

    /** A stored-procedure session on a new connection (install the procedures first). */
    TpccProcedureSession procedureSession() throws SQLException {
        return new TpccProcedureSession(new io.tpkit.spi.workload.SessionConnection(connect()), dialect());
    }

    /** Installs the dialect's procedures as a run does; returns whether the script ran. */
    boolean installProcedures() throws SQLException {
        try (Connection c = connect()) {
            return io.tpkit.sql.StoredRoutines.install(c, "tpcc", dialect().proceduresScript());
        }
    }

    /** Opens a session for a terminal of {@link #concurrentMix}. */
    interface Sessions {
        TpccSession open() throws SQLException;
    }

    /**
     * Terminals at once, each on its own session, their homes alternating between the
     * warehouses so that stock rows are locked across them, each dealing {@code perTerminal}
     * transactions from its deck and retrying a failed one with the same input as the scheduler
     * does (rolling back first unless in auto-commit mode).
     *
     * @return the deadlocks among the failures: the sessions' lock order must keep it at zero
     */
    int concurrentMix(Sessions sessions, long seed, int terminals, int perTerminal) throws Exception {
        TpccRandom random = new TpccRandom(seed);
        NURandConstants run = NURandConstants.forRun(random.split(), loadConstants.cLast());
        java.util.concurrent.atomic.AtomicInteger deadlocks = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger retries = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(terminals);
        List<java.util.concurrent.Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < terminals; t++) {
            // homes alternate between the warehouses: remote stock rows are locked across them
            TpccInputs inputs = new TpccInputs(random.split(), run, warehouses, 1 + t % warehouses, t + 1);
            CardDeck deck = CardDeck.smallest(new java.util.SplittableRandom(t));
            futures.add(pool.submit(() -> {
                try (TpccSession s = sessions.open()) {
                    for (int i = 0; i < perTerminal; i++) {
                        io.tpkit.spi.workload.Request r = inputs.next(deck.deal());
                        for (int attempt = 0; ; attempt++) {
                            try {
                                s.execute(r);
                                break;
                            } catch (SQLException e) {
                                if (!s.connection().autoCommit()) {
                                    s.connection().rollback(); // as the scheduler does
                                }
                                if ("40P01".equals(e.getSQLState()) || e.getErrorCode() == 1213) {
                                    deadlocks.incrementAndGet();
                                }
                                retries.incrementAndGet();
                                if (attempt > 10) {
                                    throw e;
                                }
                            }
                        }
                    }
                }
                return null;
            }));
        }
        pool.shutdown();
        for (java.util.concurrent.Future<?> f : futures) {
            f.get();
        }
        System.out.printf("tpcc concurrent mix: %d terminals x %d, %d retries, %d deadlocks%n", terminals, perTerminal,
                retries.get(), deadlocks.get());
        return deadlocks.get();
    }

    // ---------------------------------------------------------------- copies of the tables

    /** The tables the transactions change (ITEM never changes). */
    static final List<String> CHANGED_TABLES = List.of("warehouse", "district", "customer", "history", "oorder",
            "new_order", "order_line", "stock");
    private static final String COPY = "tpcc_it_copy_";

    /**
     * Copies each of {@link #CHANGED_TABLES}, with its keys and indexes, so that
     * {@link #replaceByCopies} can later put the database back as it is now.
     */
    void copyTables() throws SQLException {
        boolean postgres = dialect().key().equals("postgresql");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String t : CHANGED_TABLES) {
                s.execute("DROP TABLE IF EXISTS " + COPY + t);
                s.execute(postgres ? "CREATE TABLE " + COPY + t + " (LIKE " + t + " INCLUDING ALL)"
                        : "CREATE TABLE " + COPY + t + " LIKE " + t);
                s.execute("INSERT INTO " + COPY + t + " SELECT * FROM " + t);
                s.execute(postgres ? "ANALYZE " + COPY + t : "ANALYZE TABLE " + COPY + t);
            }
        }
    }

    /** Replaces each changed table by its copy: the database is as {@link #copyTables} found it. Connect again after. */
    void replaceByCopies() throws SQLException {
        boolean postgres = dialect().key().equals("postgresql");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String t : CHANGED_TABLES) {
                if (postgres) {
                    s.execute("DROP TABLE " + t);
                    s.execute("ALTER TABLE " + COPY + t + " RENAME TO " + t);
                } else {
                    s.execute("RENAME TABLE " + t + " TO tpcc_it_old_" + t + ", " + COPY + t + " TO " + t);
                    s.execute("DROP TABLE tpcc_it_old_" + t);
                }
            }
        }
    }

    /**
     * An order-independent digest of the rows of {@code rows}, a query of one text column:
     * their count and two sums of hashes, computed by the server.
     */
    String digest(Connection c, String rows) throws SQLException {
        String hash = dialect().key().equals("postgresql") ? "hashtext(%s)::bigint" : "CRC32(%s)";
        return string(c, "SELECT CONCAT(count(*), ':', sum(" + String.format(hash, "r") + "), ':', sum("
                + String.format(hash, "reverse(r)") + ")) FROM (" + rows + ") t");
    }

    // ---------------------------------------------------------------- SQL helpers

    /** Sums over every table the read-write transactions change. */
    static String checksum(Connection c) throws SQLException {
        return string(c, "SELECT CONCAT_WS('/', (SELECT sum(w_ytd) FROM warehouse), "
                + "(SELECT CONCAT(sum(d_ytd), ':', sum(d_next_o_id)) FROM district), "
                + "(SELECT CONCAT(sum(c_balance), ':', sum(c_ytd_payment), ':', sum(c_payment_cnt), ':', "
                + "sum(c_delivery_cnt), ':', sum(length(c_data))) FROM customer), "
                + "(SELECT CONCAT(count(*), ':', sum(h_amount)) FROM history), "
                + "(SELECT CONCAT(count(*), ':', count(o_carrier_id)) FROM oorder), "
                + "(SELECT CONCAT(count(*), ':', sum(no_o_id)) FROM new_order), "
                + "(SELECT CONCAT(count(*), ':', count(ol_delivery_d), ':', sum(ol_amount)) FROM order_line), "
                + "(SELECT CONCAT(sum(s_quantity), ':', sum(s_ytd), ':', sum(s_order_cnt), ':', sum(s_remote_cnt)) "
                + "FROM stock))");
    }

    /** The first column of the one row {@code sql} returns, with int parameters. */
    static long value(Connection c, String sql, int... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setInt(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new AssertionError("no row: " + sql);
                }
                return rs.getLong(1);
            }
        }
    }

    static List<Long> values(Connection c, String sql) throws SQLException {
        List<Long> values = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                values.add(rs.getLong(1));
            }
        }
        return values;
    }

    static BigDecimal decimal(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                throw new AssertionError("no row: " + sql);
            }
            return rs.getBigDecimal(1);
        }
    }

    static String string(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                throw new AssertionError("no row: " + sql);
            }
            return rs.getString(1);
        }
    }

    static void update(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.executeUpdate();
        }
    }

    /** The connection properties tpkit's pool sets, with the user and password. */
    private java.util.Properties properties() {
        java.util.Properties props = new java.util.Properties();
        props.putAll(target.plugin().connectionProperties());
        if (target.user() != null) {
            props.setProperty("user", target.user());
        }
        if (target.password() != null) {
            props.setProperty("password", target.password());
        }
        return props;
    }

    @Override
    public void close() {
        target.close();
        if (ownDatabase != null) {
            try {
                io.tpkit.testing.TestDatabases.dropExternalMysqlDatabase(ownDatabase);
            } catch (SQLException e) {
                System.err.println("[tpkit tests] could not drop the test database " + ownDatabase + ": " + e.getMessage());
            }
        }
    }
}
