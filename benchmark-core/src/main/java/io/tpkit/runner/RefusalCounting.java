package io.tpkit.runner;

import io.tpkit.measurement.ConnectionHealth;
import io.tpkit.spi.database.ConnectionRefusal;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.function.Function;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The pool's way to the server: the JDBC driver, with each attempt to open a connection that
 * fails counted by class while a run measures. HikariCP opens connections on a thread of its own
 * and retries a refused one there, so the terminal waiting for it sees only the pool's timeout,
 * and the count of refusals would be lost without this.
 */
final class RefusalCounting implements DataSource {
    private final Function<SQLException, ConnectionRefusal> classes;
    private DataSource driver;
    private volatile ConnectionHealth health;

    RefusalCounting(Function<SQLException, ConnectionRefusal> classes) {
        this.classes = classes;
    }

    void open(DataSource through) {
        this.driver = through;
    }

    /** Counts in {@code h} from now on; null stops counting. */
    void countIn(ConnectionHealth h) {
        health = h;
    }

    @Override
    public Connection getConnection() throws SQLException {
        try {
            return driver.getConnection();
        } catch (SQLException e) {
            ConnectionHealth h = health;
            if (h != null) {
                h.refused(classes.apply(e), e.getMessage());
            }
            throw e;
        }
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return getConnection(); // the driver's data source holds the user and password
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return driver.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        driver.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        driver.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return driver.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return driver.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return type.isInstance(this) ? type.cast(this) : driver.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || driver.isWrapperFor(type);
    }
}
