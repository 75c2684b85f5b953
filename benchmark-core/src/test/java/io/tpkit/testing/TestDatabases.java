package io.tpkit.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where the integration tests find databases. The embedded PostgreSQL needs nothing; the
 * external servers are named by environment variables (set by .ci/run on the CI machine), and
 * tests that need them are skipped with a message when they are absent.
 */
public final class TestDatabases {
    /** e.g. jdbc:postgresql://127.0.0.1:5432/test */
    public static final String PG_URL = "TPKIT_TEST_PG_URL";
    public static final String PG_USER = "TPKIT_TEST_PG_USER";

    /** e.g. jdbc:mysql://127.0.0.1:3306/test (a MySQL or MariaDB server) */
    public static final String MYSQL_URL = "TPKIT_TEST_MYSQL_URL";
    public static final String MYSQL_USER = "TPKIT_TEST_MYSQL_USER";

    /**
     * The JDBC URLs of a Galera cluster's nodes, comma-separated, e.g.
     * jdbc:mysql://127.0.0.1:3316/test,jdbc:mysql://127.0.0.1:3317/test,jdbc:mysql://127.0.0.1:3318/test
     * (scripts/galera-cluster start, then scripts/galera-cluster urls); user root, no password.
     */
    public static final String GALERA_URLS = "TPKIT_GALERA_URLS";

    private static final java.util.concurrent.atomic.AtomicBoolean TOLD_PG = new java.util.concurrent.atomic.AtomicBoolean();
    private static final java.util.concurrent.atomic.AtomicBoolean TOLD_MYSQL = new java.util.concurrent.atomic.AtomicBoolean();

    private TestDatabases() {
    }

    /** The external PostgreSQL's JDBC URL; skips the calling test when none is configured. */
    public static String externalPostgresUrl() {
        String url = external(PG_URL, PG_USER, "an external PostgreSQL server", "jdbc:postgresql://127.0.0.1:5432/test",
                TOLD_PG);
        SharedServers.take(SharedServers.Server.POSTGRES);
        return url;
    }

    public static String externalPostgresUser() {
        String user = System.getenv(PG_USER);
        return user == null || user.isBlank() ? "postgres" : user;
    }

    /** The external MySQL or MariaDB server's JDBC URL; skips the calling test when none is configured. */
    public static String externalMysqlUrl() {
        String url = external(MYSQL_URL, MYSQL_USER, "an external MariaDB or MySQL server",
                "jdbc:mysql://127.0.0.1:3306/test", TOLD_MYSQL);
        SharedServers.take(SharedServers.Server.MYSQL);
        return url;
    }

    private static String external(String urlVariable, String userVariable, String what, String example,
                                   java.util.concurrent.atomic.AtomicBoolean told) {
        String url = System.getenv(urlVariable);
        boolean present = url != null && !url.isBlank();
        String why = "skipped: needs " + what + "; set " + urlVariable + " (e.g. " + example + ") and "
                + userVariable + " to run it (.ci/run does)";
        if (!present && told.compareAndSet(false, true)) {
            // once per test JVM, on the console, where people read the build output
            System.err.println("[tpkit tests] " + why);
        }
        assumeTrue(present, why);
        return url;
    }

    /**
     * A database of the external MySQL or MariaDB server for the calling class alone, created
     * empty (dropped first if an earlier run left it); skips the calling test without a server.
     * For a class that needs its own tables and nothing of the server's (no server-wide counters,
     * no CPU measured, nothing timed): it shares the server with other such classes, each in a
     * database of its own, and waits while a class that needs the server alone has it.
     *
     * @param database a name of letters, digits and underscores
     * @return the JDBC URL of that database
     */
    public static String externalMysqlDatabaseOfItsOwn(String database) throws java.sql.SQLException {
        if (!database.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("not a plain database name: " + database);
        }
        String url = external(MYSQL_URL, MYSQL_USER, "an external MariaDB or MySQL server",
                "jdbc:mysql://127.0.0.1:3306/test", TOLD_MYSQL);
        SharedServers.share(SharedServers.Server.MYSQL);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, externalMysqlUser(), null);
             java.sql.Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database);
            s.execute("CREATE DATABASE " + database);
        }
        return withDatabase(url, database);
    }

    /** Drops a database {@link #externalMysqlDatabaseOfItsOwn} made (its tables take room on the server's disk). */
    public static void dropExternalMysqlDatabase(String database) throws java.sql.SQLException {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(System.getenv(MYSQL_URL), externalMysqlUser(), null);
             java.sql.Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /** {@code jdbc:KIND://HOSTS/DB?PARAMS} with another DB. */
    static String withDatabase(String url, String database) {
        int hosts = url.indexOf("://") + 3;
        int slash = url.indexOf('/', hosts);
        int query = url.indexOf('?', hosts);
        int end = query < 0 ? url.length() : query;
        String head = slash < 0 || slash > end ? url.substring(0, end) : url.substring(0, slash);
        return head + "/" + database + url.substring(end);
    }

    /**
     * The Galera cluster's node URLs (at least three); skips the calling test when
     * TPKIT_GALERA_URLS is not set.
     */
    public static java.util.List<String> galeraUrls() {
        String urls = System.getenv(GALERA_URLS);
        boolean present = urls != null && !urls.isBlank();
        String why = "skipped: needs a three-node Galera cluster; set " + GALERA_URLS + " to its nodes' JDBC URLs, "
                + "comma-separated (scripts/galera-cluster start prints them; .ci/run does it where galera-4 and "
                + "mariadbd are installed)";
        if (!present) {
            System.err.println("[tpkit tests] " + why);
        }
        assumeTrue(present, why);
        java.util.List<String> list = java.util.Arrays.stream(urls.split(",")).map(String::strip)
                .filter(u -> !u.isEmpty()).toList();
        if (list.size() < 3) {
            throw new IllegalArgumentException(GALERA_URLS + " names " + list.size() + " node(s); the test needs three: "
                    + urls);
        }
        return list;
    }

    /** Runs the slow tests of the full suite where set to 1 (a machine with named servers does anyway). */
    public static final String FULL_SUITE = "TPKIT_TEST_FULL";

    /**
     * Skips the calling test unless the full suite runs: where an external server is named (the CI
     * machine, whose .ci/run names them) or {@code TPKIT_TEST_FULL=1}. For the long comparisons on the
     * embedded servers, so that {@code ./mvnw verify} on a developer's machine stays short while CI
     * still runs every test.
     */
    public static void assumeFullSuite(String test) {
        boolean full = "1".equals(System.getenv(FULL_SUITE)) || present(PG_URL) || present(MYSQL_URL);
        String why = "skipped: " + test + " is a long test of the full suite: set " + FULL_SUITE
                + "=1, or name an external server with " + PG_URL + " or " + MYSQL_URL + " (.ci/run does)";
        if (!full) {
            System.err.println("[tpkit tests] " + why);
        }
        assumeTrue(full, why);
    }

    /**
     * Skips a test of an embedded PostgreSQL that the suite runs against the external one too (the
     * same test body, the same database logic), where an external PostgreSQL is named: the embedded
     * server adds only its own start to it, and CI's time is better spent elsewhere. Without an
     * external server (a developer's {@code ./mvnw verify}) it runs on the embedded server.
     */
    public static void assumeNotAlsoOnExternalPostgres(String test) {
        boolean external = present(PG_URL);
        String why = "skipped: " + test + " runs against the external PostgreSQL (" + PG_URL
                + ") in this suite; on the embedded one where none is named";
        if (external) {
            System.err.println("[tpkit tests] " + why);
        }
        assumeTrue(!external, why);
    }

    /**
     * Takes, in their order, those of the two external servers that are named, for a class that
     * uses both in an order of its own (its test methods run in JUnit's order, not the source's).
     */
    public static void takeBothExternalServers() {
        if (present(PG_URL)) {
            SharedServers.take(SharedServers.Server.POSTGRES);
        }
        if (present(MYSQL_URL)) {
            SharedServers.take(SharedServers.Server.MYSQL);
        }
    }

    private static boolean present(String variable) {
        String value = System.getenv(variable);
        return value != null && !value.isBlank();
    }

    public static String externalMysqlUser() {
        String user = System.getenv(MYSQL_USER);
        return user == null || user.isBlank() ? "root" : user;
    }
}
