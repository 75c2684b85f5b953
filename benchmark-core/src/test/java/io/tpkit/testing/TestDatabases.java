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

    private static volatile boolean told;
    private static volatile boolean toldMysql;

    private TestDatabases() {
    }

    /** The external PostgreSQL's JDBC URL; skips the calling test when none is configured. */
    public static String externalPostgresUrl() {
        String url = System.getenv(PG_URL);
        boolean present = url != null && !url.isBlank();
        String why = "skipped: needs an external PostgreSQL server; set " + PG_URL
                + " (e.g. jdbc:postgresql://127.0.0.1:5432/test) and " + PG_USER + " to run it (.ci/run does)";
        if (!present && !told) {
            told = true; // once per test JVM, on the console, where people read the build output
            System.err.println("[tpkit tests] " + why);
        }
        assumeTrue(present, why);
        return url;
    }

    public static String externalPostgresUser() {
        String user = System.getenv(PG_USER);
        return user == null || user.isBlank() ? "postgres" : user;
    }

    /** The external MySQL or MariaDB server's JDBC URL; skips the calling test when none is configured. */
    public static String externalMysqlUrl() {
        String url = System.getenv(MYSQL_URL);
        boolean present = url != null && !url.isBlank();
        String why = "skipped: needs an external MariaDB or MySQL server; set " + MYSQL_URL
                + " (e.g. jdbc:mysql://127.0.0.1:3306/test) and " + MYSQL_USER + " to run it (.ci/run does)";
        if (!present && !toldMysql) {
            toldMysql = true;
            System.err.println("[tpkit tests] " + why);
        }
        assumeTrue(present, why);
        return url;
    }

    public static String externalMysqlUser() {
        String user = System.getenv(MYSQL_USER);
        return user == null || user.isBlank() ? "root" : user;
    }
}
