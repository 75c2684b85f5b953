package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.testcontainers.mariadb.MariaDBContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The images tpkit starts for {@code --db container:postgres:15} and {@code container:mariadb:10.11}
 * keep the official images' contracts, as Testcontainers' own modules judge them: the module
 * sets the database, user and password through the official variables, waits the way it waits
 * for the official image (PostgreSQL: the readiness line twice; MariaDB: a JDBC connection), and
 * the server then runs with the settings given as the container's arguments. Where the official
 * images cannot be pulled, scripts/container-images builds these from Debian's packages; this
 * test holds either. Skipped (with the reason) without a Docker engine or without the image.
 */
class ContainerImagesIT {
    private static final String USER = "tpkit_user";
    private static final String PASSWORD = "tpkit-secret";
    private static final String DATABASE = "tpkit_db";

    @Test
    void postgresImageTakesTheOfficialVariablesAndItsArgumentsAsServerSettings() throws SQLException {
        DockerImageName image = needImage("postgres:15");
        // arguments that start with '-' go to postgres, as tpkit passes its server settings
        try (PostgreSQLContainer postgres = new PostgreSQLContainer(image)
                .withDatabaseName(DATABASE).withUsername(USER).withPassword(PASSWORD)
                .withCommand("-c", "work_mem=7MB", "-c", "synchronous_commit=off")) {
            postgres.start();

            try (Connection connection = DriverManager.getConnection(postgres.getJdbcUrl(), USER, PASSWORD);
                    Statement statement = connection.createStatement()) {
                assertThat(one(statement, "SHOW server_version_num")).startsWith("15");
                assertThat(one(statement, "SELECT current_user || '@' || current_database()"))
                        .isEqualTo(USER + "@" + DATABASE);
                assertThat(one(statement, "SHOW work_mem")).isEqualTo("7MB");
                assertThat(one(statement, "SHOW synchronous_commit")).isEqualTo("off");
                assertThat(one(statement, "SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user"))
                        .isEqualTo("true");
            }
            // a remote host needs the password
            assertThatThrownBy(() -> DriverManager.getConnection(postgres.getJdbcUrl(), USER, "wrong").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
        }
    }

    @Test
    void mariadbImageTakesTheOfficialVariablesAndItsArgumentsAsServerSettings() throws SQLException {
        DockerImageName image = needImage("mariadb:10.11");
        try (MariaDBContainer mariadb = new MariaDBContainer(image)
                .withDatabaseName(DATABASE).withUsername(USER).withPassword(PASSWORD)
                .withCommand("--max-connections=77", "--innodb-flush-log-at-trx-commit=2")) {
            mariadb.start();

            try (Connection connection = DriverManager.getConnection(mariadb.getJdbcUrl(), USER, PASSWORD);
                    Statement statement = connection.createStatement()) {
                assertThat(one(statement, "SELECT VERSION()")).startsWith("10.11.");
                assertThat(one(statement, "SELECT DATABASE()")).isEqualTo(DATABASE);
                assertThat(variable(statement, "max_connections")).isEqualTo("77");
                assertThat(variable(statement, "innodb_flush_log_at_trx_commit")).isEqualTo("2");
                // the user has its database: it can create a table there and use it
                statement.execute("CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(10))");
                statement.execute("INSERT INTO t VALUES (1, 'one')");
                assertThat(one(statement, "SELECT name FROM t WHERE id = 1")).isEqualTo("one");
            }
            // root, with the password (Testcontainers gives root the user's), from this host
            try (Connection root = DriverManager.getConnection(mariadb.getJdbcUrl(), "root", PASSWORD);
                    Statement statement = root.createStatement()) {
                assertThat(one(statement, "SELECT CURRENT_USER()")).isEqualTo("root@%");
            }
        }
    }

    private static String one(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).as(sql).isTrue();
            return rows.getString(1);
        }
    }

    private static String variable(Statement statement, String name) throws SQLException {
        try (ResultSet rows = statement.executeQuery("SHOW VARIABLES LIKE '" + name + "'")) {
            assertThat(rows.next()).as(name).isTrue();
            return rows.getString(2);
        }
    }

    /** The image, on this engine or pulled; else the test is skipped, saying why. */
    private static DockerImageName needImage(String name) {
        skipUnless(Docker.available(), "needs a Docker engine (none is reachable)");
        skipUnless(Docker.hasImage(name), name + " is not on this Docker engine and cannot be pulled:"
                + " scripts/container-images builds it from Debian's packages");
        return DockerImageName.parse(name);
    }

    private static void skipUnless(boolean condition, String reason) {
        if (!condition) {
            System.err.println("[tpkit tests] skipped ContainerImagesIT: " + reason);
        }
        assumeTrue(condition, reason);
    }
}
