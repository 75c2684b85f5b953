package io.tpkit.tpcc;

import io.tpkit.api.BenchmarkConfig;
import io.tpkit.sql.SqlScript;
import io.tpkit.target.EmbeddedPostgresTarget;
import io.tpkit.target.Target;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A freshly loaded TPC-C database of W warehouses for one test class: on an embedded
 * PostgreSQL, or on the MariaDB/MySQL server the machine runs (dropped and loaded again).
 */
final class TpccTestDatabase implements AutoCloseable {
    private final Target target;
    private final int warehouses;
    private final NURandConstants loadConstants;

    private TpccTestDatabase(Target target, int warehouses, NURandConstants loadConstants) {
        this.target = target;
        this.warehouses = warehouses;
        this.loadConstants = loadConstants;
    }

    /** Starts a server and loads {@code warehouses} (without foreign keys) from {@code seed}. */
    static TpccTestDatabase load(int warehouses, long seed) throws Exception {
        return load(new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tpcc").build(), m -> { }), warehouses, seed);
    }

    /** Loads into the external MariaDB/MySQL server; skips the calling test without one. */
    static TpccTestDatabase loadExternalMysql(int warehouses, long seed) throws Exception {
        String url = io.tpkit.testing.TestDatabases.externalMysqlUrl();
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").target(url)
                .user(io.tpkit.testing.TestDatabases.externalMysqlUser()).build();
        return load(new io.tpkit.target.JdbcUrlTarget().open(config, m -> { }), warehouses, seed);
    }

    private static TpccTestDatabase load(Target target, int warehouses, long seed) throws Exception {
        try {
            RecordingLoadContext context = new RecordingLoadContext(target, 2);
            TpccDialect dialect = TpccDialect.of(target.plugin().dialect());
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

    /** A client session in the database's own dialect, on a new connection. */
    TpccClientSession clientSession() throws SQLException {
        return TpccClientSession.open(new io.tpkit.spi.SessionConnection(connect()),
                TpccDialect.of(target.plugin().dialect()));
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
    }
}
