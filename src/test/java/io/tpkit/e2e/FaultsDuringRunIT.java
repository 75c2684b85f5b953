package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against a real PostgreSQL (embedded) whose connections the server ends or refuses
 * mid-run: the monitor reconnects and marks the seconds it did not read, refused connections are
 * counted by class with the time fewer connections worked than asked, and the console says each
 * event in one line while the libraries' stack traces go to driver.log in the result folder.
 * Checked on the files a run writes (result.json, monitor.csv), as a user reads them.
 */
class FaultsDuringRunIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static Target server;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws Exception {
        BenchmarkConfig c = BenchmarkConfig.builder("tp1").build();
        server = new EmbeddedPostgresTarget().open(c, line -> { });
        Tpkit.load(config(server.user()).loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static BenchmarkConfig.Builder config(String user) {
        return BenchmarkConfig.builder("tp1").target(url()).user(user).option("accounts-per-branch", "2000")
                .connections(4).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(9)).seed(5);
    }

    /** The server's URL without the user it names (the embedded server's says user=postgres). */
    private static String url() {
        return server.jdbcUrl().replaceFirst("\\?.*", "");
    }

    private static Connection admin() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(), server.user(), null);
    }

    private static int sessions(Statement s, String where) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE " + where)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static int terminate(Statement s, String where) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                + where + " AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** Waits until a session matching {@code where} is there (the run's measurement has begun), then {@code delay}. */
    private static void awaitSession(Statement s, String where, long delayMillis) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (sessions(s, where) == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no session where " + where);
            }
            Thread.sleep(50);
        }
        Thread.sleep(delayMillis);
    }

    private static JsonNode json(RunResult r) throws IOException {
        return ResultWriter.json().readTree(Path.of(r.resultDir(), "result.json").toFile());
    }

    /** monitor.csv as rows of cells, the header first. */
    private static List<String[]> monitorCsv(Path folder) throws IOException {
        return Files.readAllLines(folder.resolve("monitor.csv")).stream().map(l -> l.split(",", -1)).toList();
    }

    @Test
    void theMonitorReconnectsAfterItsSessionIsTerminatedAndMarksTheGap() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the monitor reconnecting mid-run");
        Thread killer = Thread.ofPlatform().start(() -> {
            try (Connection c = admin(); Statement s = c.createStatement()) {
                awaitSession(s, "application_name = 'tpkit monitor'", 3_000);
                assertThat(terminate(s, "application_name = 'tpkit monitor'")).isEqualTo(1);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<String> said = new ArrayList<>();
        RunResult r = Tpkit.run(config(server.user()).outDir(temp).build(), new RunListener() {
            @Override
            public void message(String line) {
                said.add(line);
            }
        }, new io.tpkit.runner.RunControl());
        killer.join();

        List<String[]> csv = monitorCsv(Path.of(r.resultDir()));
        List<String> header = List.of(csv.getFirst());
        int commits = header.indexOf("db.commits_per_s");
        int connected = header.indexOf("monitor.db_connected");
        assertThat(connected).as("the gap is marked in monitor.csv").isPositive();
        List<String[]> rows = csv.subList(1, csv.size());
        assertThat(rows).as("seconds without the server's series").anyMatch(row -> row[connected].equals("0")
                && row[commits].isEmpty());
        // after the gap the server is read again, to the end of the run
        String[] last = rows.getLast();
        assertThat(last[commits]).as("db.commits_per_s in the last second").isNotEmpty();
        assertThat(last[connected]).isEqualTo("1");

        JsonNode gaps = json(r).at("/monitor/gaps");
        assertThat(gaps.size()).isEqualTo(1);
        assertThat(gaps.get(0).get("toSeconds").asDouble()).isGreaterThan(gaps.get(0).get("fromSeconds").asDouble());
        assertThat(gaps.get(0).get("reason").asText()).contains("terminating connection due to administrator command");
        assertThat(said).anyMatch(l -> l.startsWith("monitor: lost its connection"))
                .anyMatch(l -> l.startsWith("monitor: reconnected at"));
        // the rule on the checkpoint counter says which seconds it did not read
        JsonNode longEnough = rule(json(r), "long-enough");
        assertThat(longEnough.get("detail").asText()).contains("not read from");
    }

    @Test
    void connectionsRefusedMidRunAreCountedByClassWithTheTimeFewerWorked() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("connections refused mid-run");
        String role = "tpkit_limited";
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + role);
            s.execute("CREATE ROLE " + role + " LOGIN");
            s.execute("GRANT ALL ON ALL TABLES IN SCHEMA public TO " + role);
            s.execute("GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO " + role);
            s.execute("GRANT ALL ON SCHEMA public TO " + role);
        }
        Thread squeezer = Thread.ofPlatform().start(() -> {
            try (Connection c = admin(); Statement s = c.createStatement()) {
                String mine = "usename = '" + role + "'";
                awaitSession(s, mine, 3_000);
                // a tighter limit, then the sessions ended: only two get back in until it is lifted
                s.execute("ALTER ROLE " + role + " CONNECTION LIMIT 2");
                assertThat(terminate(s, mine)).isGreaterThanOrEqualTo(4);
                Thread.sleep(3_000);
                s.execute("ALTER ROLE " + role + " CONNECTION LIMIT -1");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        RunResult r = Tpkit.run(config(role).duration(Duration.ofSeconds(10)).outDir(temp).build());
        squeezer.join();

        JsonNode c = json(r).at("/metrics/connections");
        assertThat(c.isObject()).as("metrics.connections in result.json").isTrue();
        assertThat(c.get("asked").asInt()).isEqualTo(4);
        assertThat(c.get("lost").asLong()).isGreaterThanOrEqualTo(4);
        assertThat(c.at("/refused/tooManyConnections").asLong()).isPositive();
        assertThat(c.at("/firstRefusal/tooManyConnections").asText()).contains("too many connections for role");
        assertThat(c.get("secondsBelowAsked").asDouble()).isGreaterThan(2.0);
        assertThat(c.get("fewestWorking").asInt()).isLessThanOrEqualTo(2);
        assertThat(Files.readString(Path.of(r.resultDir(), "report.html"))).contains("attempts to connect refused");
    }

    /**
     * The same on MariaDB (the machine's, named by TPKIT_TEST_MYSQL_URL): an account's
     * MAX_USER_CONNECTIONS tightened and its sessions killed; MariaDB refuses with error 1226,
     * counted as "too many connections" by its code (its SQLState says nothing of the kind).
     */
    @Test
    void connectionsRefusedMidRunOnMariaDbAreCountedByClass() throws Exception {
        String url = io.tpkit.testing.TestDatabases.externalMysqlUrl();
        String root = io.tpkit.testing.TestDatabases.externalMysqlUser();
        String user = "tpkit_limited";
        String[] accounts = {"'" + user + "'@'%'", "'" + user + "'@'localhost'"};
        BenchmarkConfig.Builder base = BenchmarkConfig.builder("tp1").target(url).option("accounts-per-branch", "2000")
                .connections(4).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(10)).seed(5);
        Tpkit.load(base.user(root).loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
        try (Connection c = DriverManager.getConnection(url, root, null); Statement s = c.createStatement()) {
            for (String a : accounts) {
                s.execute("DROP USER IF EXISTS " + a);
                s.execute("CREATE USER " + a);
                s.execute("GRANT ALL ON " + c.getCatalog() + ".* TO " + a);
                s.execute("GRANT PROCESS ON *.* TO " + a); // the monitor's SHOW GLOBAL STATUS and the plugin's limits
            }
        }
        Thread squeezer = Thread.ofPlatform().start(() -> {
            try (Connection c = DriverManager.getConnection(url, root, null); Statement s = c.createStatement()) {
                String mine = "SELECT id FROM information_schema.PROCESSLIST WHERE user = '" + user + "'";
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (ids(s, mine).size() < 5 && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                Thread.sleep(3_000);
                for (String a : accounts) {
                    s.execute("ALTER USER " + a + " WITH MAX_USER_CONNECTIONS 2");
                }
                for (long id : ids(s, mine)) {
                    try {
                        s.execute("KILL CONNECTION " + id);
                    } catch (SQLException gone) {
                        // it ended on its own in between
                    }
                }
                Thread.sleep(3_000);
                for (String a : accounts) {
                    s.execute("ALTER USER " + a + " WITH MAX_USER_CONNECTIONS 0");
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        RunResult r;
        try {
            r = Tpkit.run(base.user(user).loadPolicy(LoadPolicy.IF_EMPTY).outDir(temp).build());
            squeezer.join();
        } finally {
            try (Connection c = DriverManager.getConnection(url, root, null); Statement s = c.createStatement()) {
                for (String a : accounts) {
                    s.execute("DROP USER IF EXISTS " + a);
                }
            }
        }

        JsonNode c = json(r).at("/metrics/connections");
        assertThat(c.get("lost").asLong()).isGreaterThanOrEqualTo(4);
        assertThat(c.at("/refused/tooManyConnections").asLong()).isPositive();
        assertThat(c.at("/firstRefusal/tooManyConnections").asText()).contains("max_user_connections");
        assertThat(c.get("secondsBelowAsked").asDouble()).isGreaterThan(2.0);
        assertThat(c.get("fewestWorking").asInt()).isLessThanOrEqualTo(2);
    }

    private static List<Long> ids(Statement s, String query) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    @Test
    void aLostConnectionIsOneLineOnTheConsoleAndItsStackTracesGoToDriverLog() throws Exception {
        Path jar = ROOT.resolve("run/target/tpkit.jar");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(jar), "needs run/target/tpkit.jar (mvn package)");
        Path out = temp.resolve("cli");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                jar.toString(), "run", "tp1", "--db", server.jdbcUrl(), "--user", server.user(), "--no-load",
                "--accounts-per-branch", "2000", "--warmup", "1s", "--duration", "8s", "--out", out.toString())
                .redirectOutput(temp.resolve("stdout").toFile()).redirectError(temp.resolve("stderr").toFile())
                .start();
        int killed = 0;
        try (Connection c = admin(); Statement s = c.createStatement()) {
            String driver = "datname = current_database() AND backend_type = 'client backend'";
            // the run's four connections and the monitor's: the measurement has begun
            awaitSession(s, "(SELECT count(*) FROM pg_stat_activity WHERE " + driver + ") >= 5", 2_000);
            for (int round = 0; round < 2; round++) {
                killed += terminate(s, driver);
                Thread.sleep(1_500);
            }
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String stdout = Files.readString(temp.resolve("stdout"), StandardCharsets.UTF_8);
        String stderr = Files.readString(temp.resolve("stderr"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(stderr).isZero();
        assertThat(killed).isGreaterThanOrEqualTo(8);

        // the console: a line per second with events, no stack trace, no library warning
        assertThat(stderr).doesNotContain("\tat ", "PSQLException", "WARN com.zaxxer");
        assertThat(stderr.lines().filter(l -> l.startsWith("connections at ")).count()).isBetween(1L, 8L);
        assertThat(stderr.lines().count()).as(stderr).isLessThan(25);
        Matcher driverLog = Pattern.compile("Driver log: .*: (.+driver\\.log)").matcher(stdout);
        assertThat(driverLog.find()).as(stdout).isTrue();
        String log = Files.readString(Path.of(driverLog.group(1)));
        assertThat(log).contains("terminating connection due to administrator command", "\tat org.postgresql");
        assertThat(stdout).contains("Connections: ");
    }

    private static JsonNode rule(JsonNode result, String id) {
        for (JsonNode r : result.at("/validity/rules")) {
            if (r.get("id").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError("no rule " + id);
    }
}
