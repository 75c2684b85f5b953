package io.tpkit.tpcc;

import io.tpkit.api.BenchmarkConfig;
import io.tpkit.sql.SqlScript;
import io.tpkit.target.EmbeddedPostgresTarget;
import io.tpkit.target.Target;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** An embedded PostgreSQL holding a freshly loaded TPC-C database of W warehouses, for one test class. */
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
        Target target = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tpcc").build(), m -> { });
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
        Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
        c.setAutoCommit(true);
        return c;
    }

    @Override
    public void close() {
        target.close();
    }
}
