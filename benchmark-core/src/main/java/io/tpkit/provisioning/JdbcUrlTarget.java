package io.tpkit.provisioning;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.TargetText;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/** {@code --db jdbc:...}: a server the user runs; tpkit only connects to it. */
public final class JdbcUrlTarget implements TargetProvider {
    @Override
    public String form() {
        return "a JDBC URL (jdbc:postgresql://host:5432/db) with --user and --password-env VAR";
    }

    @Override
    public String summary() {
        return "a server you run; tpkit connects with the plugin that accepts the URL";
    }

    @Override
    public boolean accepts(String db) {
        return db.startsWith("jdbc:");
    }

    @Override
    public DatabasePlugin plugin(String db) {
        return Plugins.databaseFor(db);
    }

    @Override
    public Target open(BenchmarkConfig config, Consumer<String> progress) {
        String url = config.target();
        DatabasePlugin plugin = Plugins.databaseFor(url);
        if (!config.serverSettings().isEmpty()) {
            throw new BadInputException("--server-setting applies to the servers tpkit starts (embedded-postgres, "
                    + "embedded-mariadb); a server you run keeps its own: set " + String.join(", ",
                    config.serverSettings().keySet()) + " on it (postgresql.conf or ALTER SYSTEM; my.cnf for "
                    + "MySQL and MariaDB) and drop --server-setting");
        }
        Driver driver;
        try {
            driver = DriverManager.getDriver(url);
        } catch (SQLException e) {
            throw new BadInputException("malformed JDBC URL '" + TargetText.redact(url)
                    + "': expected a form like jdbc:" + plugin.name() + "://host:port/database");
        }
        try {
            // pgjdbc, for one, accepts a URL only when it can parse it (a port that is no number...)
            if (!driver.acceptsURL(url)) {
                throw new SQLException("rejected");
            }
        } catch (SQLException e) {
            throw new BadInputException("malformed JDBC URL '" + TargetText.redact(url)
                    + "': expected a form like jdbc:" + plugin.name() + "://host:port/database");
        }
        return new Simple(url, config.user(), config.password(), plugin);
    }

    private record Simple(String jdbcUrl, String user, String password, DatabasePlugin plugin) implements Target {
        @Override
        public String label() {
            return TargetText.redact(jdbcUrl);
        }

        @Override
        public Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", "jdbc-url");
            m.put("url", label());
            if (user != null) m.put("user", user);
            return m;
        }

        @Override
        public String toString() {
            return label();
        }

        @Override
        public void close() {
            // a server we did not start: nothing to stop
        }
    }
}
