package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.testing.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A password given in the JDBC URL appears in no output and in no file of the result folder. */
class PasswordRedactionIT {
    /** Both external servers, in the order every test JVM takes them (the methods use them in JUnit's). */
    @org.junit.jupiter.api.BeforeAll
    static void takeTheServers() {
        io.tpkit.testing.TestDatabases.takeBothExternalServers();
    }

    private static final String SECRET = "Sekr1t-42-do-not-print";

    @TempDir
    Path temp;

    @Test
    void aPasswordInTheUrlIsNeverPrintedOrStored() throws Exception {
        String url = TestDatabases.externalPostgresUrl() + "?password=" + SECRET;
        Cli cli = Cli.run("run", "tp1", "--db", url, "--user", TestDatabases.externalPostgresUser(),
                "--accounts-per-branch", "1000", "--transactions", "100", "--warmup", "0", "--reload",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out() + cli.err()).doesNotContain(SECRET).contains("password=***");
        List<Path> files;
        try (Stream<Path> s = Files.walk(temp)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("result.json", "report.html", "timeseries.csv", "summary.csv");
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            assertThat(text).as(f.toString()).doesNotContain(SECRET);
        }
    }

    /**
     * MySQL's address form puts the password inside parentheses with more of the URL after it:
     * the password is hidden and the rest kept (the database's name, here).
     */
    @Test
    void aPasswordInParenthesesIsHiddenAndTheRestOfTheUrlKept() throws Exception {
        String base = TestDatabases.externalMysqlUrl();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("jdbc:mysql://([^:/]+):(\\d+)/([^?]+).*")
                .matcher(base);
        org.junit.jupiter.api.Assumptions.assumeTrue(m.matches(), "needs a jdbc:mysql://HOST:PORT/DB URL");
        String user = "tpkit_pw_" + m.group(3).replaceAll("\\W", "_");
        String[] accounts = {"'" + user + "'@'%'", "'" + user + "'@'localhost'"};
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(base, TestDatabases.externalMysqlUser(), null);
             java.sql.Statement s = c.createStatement()) {
            for (String a : accounts) {
                s.execute("DROP USER IF EXISTS " + a);
                s.execute("CREATE USER " + a + " IDENTIFIED BY '" + SECRET + "'");
                s.execute("GRANT ALL ON " + m.group(3) + ".* TO " + a);
            }
        }
        try {
            String url = "jdbc:mysql://address=(host=" + m.group(1) + ")(port=" + m.group(2) + ")(user=" + user
                    + ")(password=" + SECRET + ")/" + m.group(3);
            Cli cli = Cli.run("run", "tp1", "--db", url, "--accounts-per-branch", "1000", "--transactions", "100",
                    "--warmup", "0", "--reload", "--out", temp.toString());

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.out() + cli.err()).doesNotContain(SECRET);
            Path result;
            try (Stream<Path> s = Files.walk(temp)) {
                result = s.filter(p -> p.getFileName().toString().equals("result.json")).findFirst().orElseThrow();
            }
            String json = Files.readString(result);
            assertThat(json).doesNotContain(SECRET).contains("(password=***)/" + m.group(3));
        } finally {
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(base, TestDatabases.externalMysqlUser(),
                    null); java.sql.Statement s = c.createStatement()) {
                for (String a : accounts) {
                    s.execute("DROP USER IF EXISTS " + a);
                }
            }
        }
    }
}
