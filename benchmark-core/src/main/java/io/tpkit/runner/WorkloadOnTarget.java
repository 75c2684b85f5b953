package io.tpkit.runner;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Isolation;
import io.tpkit.config.LoadPolicy;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.Workload;
import io.tpkit.split.Share;
import io.tpkit.split.Shares;
import java.sql.Connection;
import java.sql.SQLException;

/** A workload bound to a running target, with a HikariCP pool: what every command starts from. */
final class WorkloadOnTarget implements AutoCloseable {
    final Binding binding;
    final BenchmarkConfig config;
    final Workload workload;
    final Target target;
    final BoundWorkload bound;
    final HikariDataSource pool;
    /** This process's share of the command: the whole, or one part of a split one ({@code --partition}). */
    final Share share;
    /** Where the pool's failed attempts to open a connection go (the running measurement's count). */
    private final RefusalCounting connecting;

    /** Whether closing this also closes the target (false for a target held across runs). */
    private final boolean ownsTarget;

    private WorkloadOnTarget(Binding binding, Target target, HikariDataSource pool, RefusalCounting connecting,
                             boolean ownsTarget) {
        this.binding = binding;
        this.config = binding.config();
        this.workload = binding.workload();
        this.bound = binding.bound();
        this.target = target;
        this.pool = pool;
        this.share = Shares.of(config.partition());
        this.connecting = connecting;
        this.ownsTarget = ownsTarget;
    }

    /**
     * Counts every attempt of the pool to open a connection that fails in {@code health} (by the
     * plugin's classes), until {@link #stopCountingRefusals}: the pool retries on a thread of its
     * own, so a refused connection is seen here and not by the terminal that waits for it.
     */
    void countRefusals(io.tpkit.measurement.ConnectionHealth health) {
        connecting.countIn(health);
    }

    void stopCountingRefusals() {
        connecting.countIn(null);
    }

    /**
     * Starts the binding's target (or uses {@code held}) and opens a pool on it.
     *
     * @param held a target already running that this one uses and leaves running (a series of
     *             runs on one server, see {@link Series}), or null to open the configuration's own
     */
    static WorkloadOnTarget start(Binding binding, int poolSize, RunListener listener, Target held) {
        Target target = held != null ? held : binding.provider().open(binding.config(), listener::message);
        try {
            RefusalCounting connecting = new RefusalCounting(target.plugin()::refusal);
            HikariDataSource pool = pool(target, poolSize, binding.config().isolation(), connecting,
                    binding.config().networkDelay());
            return new WorkloadOnTarget(binding, target, pool, connecting, held == null);
        } catch (RuntimeException e) {
            if (held == null) {
                target.close();
            }
            throw e;
        }
    }

    /**
     * This, or, when the user gave no scale, the workload bound at the scale the database holds
     * (as pgbench does), so that {@code run} and {@code check} need not repeat it; a scale given
     * is kept, and a contradiction is refused later by the command. Closes this on failure.
     */
    WorkloadOnTarget atLoadedScale(RunListener listener) throws SQLException {
        if (config.scale() != null || config.loadPolicy() == LoadPolicy.ALWAYS) {
            return this;
        }
        try {
            long loaded;
            try (Connection c = connection()) {
                loaded = bound.loadedScale(c);
            }
            if (loaded <= 0 || loaded == bound.scale() || loaded > Integer.MAX_VALUE) {
                return this;
            }
            Binding adopted = binding.atScale((int) loaded);
            listener.message("the database holds " + workload.name() + " at scale " + loaded + ": using it "
                    + "(give --scale to insist on another)");
            return new WorkloadOnTarget(adopted, target, pool, connecting, ownsTarget);
        } catch (SQLException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * The same target and pool with the workload bound again ({@link Binding#withSeedAndScale}).
     * Not to be closed: this one owns the pool and the target and closes them.
     */
    WorkloadOnTarget rebound(Binding other) {
        return new WorkloadOnTarget(other, target, pool, connecting, false);
    }

    /**
     * @param networkDelay added by the driver's sockets to every message each way (every
     *                     connection of the pool: the load's, the run's and the checks'), or zero
     */
    private static HikariDataSource pool(Target target, int size, Isolation isolation, RefusalCounting connecting,
                                         java.time.Duration networkDelay) {
        HikariConfig hc = new HikariConfig();
        java.util.Properties properties = new java.util.Properties();
        target.plugin().connectionProperties().forEach(properties::put);
        if (!networkDelay.isZero()) {
            java.util.Map<String, String> delayed = target.plugin().networkDelayProperties(networkDelay);
            if (delayed.isEmpty()) {
                throw new BadInputException("--network-delay works through tpkit's sockets in the driver, which the "
                        + target.plugin().name() + " plugin does not give its driver: leave --network-delay out");
            }
            delayed.forEach(properties::put);
        }
        // the driver as HikariCP would use it from a URL, wrapped to see each attempt that fails
        connecting.open(new com.zaxxer.hikari.util.DriverDataSource(target.jdbcUrl(), null, properties,
                target.user(), target.password()));
        hc.setDataSource(connecting);
        hc.setPoolName("tpkit");
        if (isolation != Isolation.DEFAULT) {
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

    /**
     * How long closing the pool may take: a server that stopped answering holds HikariCP's
     * shutdown for its login timeout and more; the pool then finishes closing on its own.
     */
    private static final long POOL_CLOSE_WAIT_MILLIS = 10_000;

    @Override
    public void close() {
        try {
            Thread closing = Thread.ofPlatform().daemon().name("tpkit-pool-close").start(pool::close);
            closing.join(POOL_CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (ownsTarget) {
                target.close();
            }
        }
    }
}
