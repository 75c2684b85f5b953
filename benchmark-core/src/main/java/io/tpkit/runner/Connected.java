package io.tpkit.runner;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.Workload;
import java.sql.Connection;
import java.sql.SQLException;

/** A workload bound to a running target, with a HikariCP pool: what every command starts from. */
final class Connected implements AutoCloseable {
    final BenchmarkConfig config;
    final Workload workload;
    final Target target;
    final BoundWorkload bound;
    final HikariDataSource pool;

    /** Whether closing this also closes the target (false for a target held across runs). */
    private final boolean ownsTarget;

    private Connected(BenchmarkConfig config, Workload workload, Target target, BoundWorkload bound,
                      HikariDataSource pool, boolean ownsTarget) {
        this.config = config;
        this.workload = workload;
        this.target = target;
        this.bound = bound;
        this.pool = pool;
        this.ownsTarget = ownsTarget;
    }

    static Connected open(BenchmarkConfig config, int poolSize, RunListener listener) {
        return open(config, bound -> poolSize, listener);
    }

    /**
     * Opens as {@link #open(BenchmarkConfig, java.util.function.ToIntFunction, RunListener, Target)}, then,
     * when the user gave no scale, takes the scale the database holds (as pgbench does), so that
     * {@code run} and {@code check} need not repeat it; a scale given is kept, and a contradiction
     * is refused later by the command.
     */
    static Connected openAtLoadedScale(BenchmarkConfig config, java.util.function.ToIntFunction<BoundWorkload> poolSize,
                                       RunListener listener, Target held) throws SQLException {
        Connected db = open(config, poolSize, listener, held);
        if (config.scale() != null || config.loadPolicy() == io.tpkit.config.LoadPolicy.ALWAYS) {
            return db;
        }
        try {
            long loaded;
            try (Connection c = db.connection()) {
                loaded = db.bound.loadedScale(c);
            }
            if (loaded <= 0 || loaded == db.bound.scale() || loaded > Integer.MAX_VALUE) {
                return db;
            }
            BenchmarkConfig adopted = config.toBuilder().scale((int) loaded).build();
            BoundWorkload bound = db.workload.bind(adopted, db.target.plugin());
            listener.message("the database holds " + db.workload.name() + " at scale " + loaded + ": using it "
                    + "(give --scale to insist on another)");
            return new Connected(adopted, db.workload, db.target, bound, db.pool, db.ownsTarget);
        } catch (SQLException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /**
     * @param poolSize sizes the pool for the bound workload; it also checks the workload's
     *                 configuration (throwing) before any connection is made
     */
    static Connected open(BenchmarkConfig config, java.util.function.ToIntFunction<BoundWorkload> poolSize,
                          RunListener listener) {
        return open(config, poolSize, listener, null);
    }

    /**
     * @param held a target already running that this one uses and leaves running (a series of
     *             runs on one server, see {@link Series}), or null to open the configuration's own
     */
    static Connected open(BenchmarkConfig config, java.util.function.ToIntFunction<BoundWorkload> poolSize,
                          RunListener listener, Target held) {
        Workload workload = Plugins.workload(config.workload());
        if (!config.target().startsWith("jdbc:") && config.user() != null) {
            // a user for a server tpkit starts itself makes no sense; say so rather than ignore it
            throw new BadInputException("--user applies to a JDBC URL target, not to --db " + config.target());
        }
        TargetProvider provider = Plugins.target(config.target());
        // bind and size first: a bad workload option costs no server start
        BoundWorkload bound = workload.bind(config, provider.plugin(config.target()));
        int size = poolSize.applyAsInt(bound);
        Target target = held != null ? held : provider.open(config, listener::message);
        try {
            HikariDataSource pool = pool(target, size, config.isolation());
            return new Connected(config, workload, target, bound, pool, held == null);
        } catch (RuntimeException e) {
            if (held == null) {
                target.close();
            }
            throw e;
        }
    }

    private static HikariDataSource pool(Target target, int size, io.tpkit.config.Isolation isolation) {
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(target.jdbcUrl());
        if (target.user() != null) {
            hc.setUsername(target.user());
        }
        if (target.password() != null) {
            hc.setPassword(target.password());
        }
        target.plugin().connectionProperties().forEach(hc::addDataSourceProperty);
        hc.setPoolName("tpkit");
        if (isolation != io.tpkit.config.Isolation.DEFAULT) {
            hc.setTransactionIsolation("TRANSACTION_" + isolation.name());
        }
        hc.setMaximumPoolSize(size);
        hc.setMinimumIdle(0);
        hc.setConnectionTimeout(30_000);
        hc.setInitializationFailTimeout(1);
        try {
            return new HikariDataSource(hc);
        } catch (RuntimeException e) {
            throw new BadInputException("cannot connect to " + target.label() + ": " + rootMessage(e)
                    + " (check that the server is running and --db, --user, --password-env)", e);
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    Connection connection() throws SQLException {
        return pool.getConnection();
    }

    String targetKind() {
        return config.target().startsWith("jdbc:") ? target.plugin().name() : config.target().replace(':', '-');
    }

    @Override
    public void close() {
        try {
            pool.close();
        } finally {
            if (ownsTarget) {
                target.close();
            }
        }
    }
}
