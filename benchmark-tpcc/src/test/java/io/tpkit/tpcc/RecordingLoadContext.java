package io.tpkit.tpcc;

import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.LoadContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A LoadContext on a test server that records what the loader reports. */
class RecordingLoadContext implements LoadContext {
    final AtomicLong expected = new AtomicLong();
    final AtomicLong done = new AtomicLong();
    final List<String> steps = new CopyOnWriteArrayList<>();
    private final Target target;
    private final int parallelism;

    RecordingLoadContext(Target target, int parallelism) {
        this.target = target;
        this.parallelism = parallelism;
    }

    @Override
    public DatabasePlugin database() {
        return target.plugin();
    }

    @Override
    public Connection connect() throws SQLException {
        java.util.Properties props = new java.util.Properties();
        props.putAll(target.plugin().connectionProperties()); // what the bulk path needs, as tpkit's pool sets it
        if (target.user() != null) {
            props.setProperty("user", target.user());
        }
        if (target.password() != null) {
            props.setProperty("password", target.password());
        }
        Connection c = DriverManager.getConnection(target.jdbcUrl(), props);
        c.setAutoCommit(true);
        return c;
    }

    @Override
    public int parallelism() {
        return parallelism;
    }

    @Override
    public void expectRows(long total) {
        expected.set(total);
    }

    @Override
    public void rowsDone(long rows) {
        done.addAndGet(rows);
    }

    @Override
    public void step(String name) {
        steps.add(name);
    }
}
