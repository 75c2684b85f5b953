package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the end of a run meets on a PostgreSQL server of the test's own (embedded): a statement
 * limit set on the database, a check that cannot get its lock in time, the server frozen
 * (SIGSTOP) at the end of the measurement. The measurement is written in every case, and what
 * could not be checked is recorded as such.
 */
class ResultsKeptIT {
    private static Target server;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws Exception {
        server = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), line -> { });
        Tpkit.load(config().loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").target(server.jdbcUrl().replaceFirst("\\?.*", "")).user(server.user())
                .option("accounts-per-branch", "2000").connections(2).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(3)).seed(7).loadPolicy(LoadPolicy.NEVER);
    }

    private static Connection admin() throws Exception {
        return DriverManager.getConnection(server.jdbcUrl(), server.user(), null);
    }

    /** Listens; when the checks are about to start, runs {@code atChecks} (once). */
    private static RunListener listener(List<String> said, Runnable atChecks) {
        return new RunListener() {
            @Override
            public void message(String line) {
                said.add(line);
                if (line.startsWith("measurement done and written")) {
                    atChecks.run();
                }
            }
        };
    }

    /** The threads holding a lock for a test; each test's are ended with it (see {@link #releaseLocks()}). */
    private final List<Thread> lockers = new CopyOnWriteArrayList<>();

    /**
     * Holds an exclusive lock on tp1_branch from now for {@code millis}, on a connection of its own,
     * or until the test ends: a lock that outlived its test would block the next one's first query.
     */
    private void lockBranchesFor(long millis) {
        try {
            Connection c = admin();
            c.setAutoCommit(false);
            c.createStatement().execute("LOCK TABLE tp1_branch IN ACCESS EXCLUSIVE MODE");
            lockers.add(Thread.ofPlatform().daemon().start(() -> {
                try (c) {
                    try {
                        Thread.sleep(millis);
                    } catch (InterruptedException ended) {
                        // the test is over: release the lock now
                    }
                    c.commit();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void releaseLocks() throws InterruptedException {
        for (Thread t : lockers) {
            t.interrupt();
            t.join(10_000);
        }
    }

    private static JsonNode json(RunResult r) throws Exception {
        return ResultWriter.json().readTree(Path.of(r.resultDir(), "result.json").toFile());
    }

    /**
     * A database whose statement_timeout (1 s) is shorter than a check waits for its lock: the
     * check sessions use --check-timeout instead, so the checks wait and pass.
     */
    @Test
    void theChecksReplaceTheDatabasesStatementTimeoutWithTheirOwn() throws Exception {
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("ALTER DATABASE " + c.getCatalog() + " SET statement_timeout = '1s'");
        }
        try {
            List<String> said = new CopyOnWriteArrayList<>();
            RunResult r = Tpkit.run(config().checkTimeout(Duration.ofSeconds(30)).outDir(temp).build(),
                    listener(said, () -> lockBranchesFor(2_500)), new RunControl());

            assertThat(r.consistency()).as("%s", r.consistency()).allMatch(CheckResult::passed).isNotEmpty();
            assertThat(r.consistent()).isTrue();
            assertThat(r.validity().verdict()).doesNotContain("consistency");
        } finally {
            try (Connection c = admin(); Statement s = c.createStatement()) {
                s.execute("ALTER DATABASE " + c.getCatalog() + " RESET statement_timeout");
            }
        }
    }

    /** A check still waiting when --check-timeout passes: "could not be checked", the result written. */
    @Test
    void aCheckThatCannotCompleteIsRecordedAndTheMeasurementKept() throws Exception {
        List<String> said = new CopyOnWriteArrayList<>();
        long[] checksFrom = {0};
        RunResult r = Tpkit.run(config().checkTimeout(Duration.ofSeconds(2)).outDir(temp).build(),
                listener(said, () -> {
                    checksFrom[0] = System.nanoTime();
                    lockBranchesFor(15_000);
                }), new RunControl());

        assertThat(System.nanoTime() - checksFrom[0]).as("bounded by --check-timeout, not by the lock")
                .isLessThan(TimeUnit.SECONDS.toNanos(12));
        JsonNode result = json(r);
        assertThat(result.at("/metrics/totalCommitted").asLong()).isPositive();
        JsonNode last = result.at("/consistency").get(result.at("/consistency").size() - 1);
        assertThat(last.get("name").asText()).isEqualTo("consistency");
        assertThat(last.get("detail").asText()).startsWith("could not be checked: ").contains("statement timeout");
        // the driver's count against the database's came first and completed
        assertThat(result.at("/consistency/0/name").asText()).isEqualTo("driver-count-matches-database");
        assertThat(result.at("/consistency/0/passed").asBoolean()).isTrue();
        assertThat(r.consistent()).as("not a failure: the exit code stays as for a finished run").isTrue();
        assertThat(r.validity().verdict()).startsWith("consistency not checked");
        assertThat(said).anyMatch(l -> l.startsWith("consistency: could not be checked"));
        assertThat(Path.of(r.resultDir()).resolve("report.html")).exists();
        // no sliver of a second at the warm-up's edge (it read as 495,762 transactions per second)
        List<String> rows = Files.readAllLines(Path.of(r.resultDir(), "timeseries.csv"));
        assertThat(rows.subList(1, rows.size())).as("rows of under 0.1 s before the drain")
                .noneMatch(l -> !l.split(",")[2].equals("drain") && Double.parseDouble(l.split(",")[1]) < 0.1)
                .anyMatch(l -> l.split(",")[2].equals("measurement"));
    }

    /**
     * The server stopped by SIGSTOP in the last second of the measurement: the run ends, bounded by
     * --check-timeout and the pool's own limits, with its measurement written and the checks
     * recorded as not done.
     */
    @Test
    void aFrozenServerDoesNotHangTheRun() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a server frozen at the end of a run (about a minute of bounded waits)");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc")), "needs Linux signals");
        long postmaster;
        try (Connection c = admin(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            postmaster = ProcessHandle.of(rs.getLong(1)).flatMap(ProcessHandle::parent).orElseThrow().pid();
        }
        List<String> said = new CopyOnWriteArrayList<>();
        List<Long> frozen = new ArrayList<>();
        Thread freezer = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (said.stream().noneMatch(l -> l.startsWith("running tp1"))) {
                    Thread.sleep(20);
                }
                Thread.sleep(3_000); // a second of warm-up and 2 of the 3 measured seconds
                synchronized (frozen) {
                    frozen.add(postmaster);
                    ProcessHandle.of(postmaster).orElseThrow().descendants().forEach(p -> frozen.add(p.pid()));
                    signal("STOP", frozen);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long before = System.nanoTime();
        RunResult r;
        try {
            r = Tpkit.run(config().checkTimeout(Duration.ofSeconds(3)).outDir(temp).build(), listener(said, () -> { }),
                    new RunControl());
        } finally {
            freezer.join(10_000);
            synchronized (frozen) {
                signal("CONT", frozen);
            }
        }
        double seconds = (System.nanoTime() - before) / 1e9;
        assertThat(seconds).as("%s", said).isLessThan(90);
        JsonNode result = json(r);
        assertThat(result.at("/metrics/totalCommitted").asLong()).isPositive();
        JsonNode checks = result.at("/consistency");
        assertThat(checks.get(checks.size() - 1).get("detail").asText()).startsWith("could not be checked: ");
        assertThat(r.validity().verdict()).contains("consistency not checked");
    }

    /**
     * A tpkit killed (SIGKILL) during its run leaves its partial folder; the next run in the same
     * --out removes it, as it holds no result, and says so.
     */
    @Test
    void theNextRunRemovesTheFolderAKilledRunLeft() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a driver killed mid-run (a second JVM)");
        Path jar = Path.of("..").toAbsolutePath().normalize().resolve("run/target/tpkit.jar");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(jar), "needs run/target/tpkit.jar (mvn package)");
        Path out = temp.resolve("out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                jar.toString(), "run", "tp1", "--db", server.jdbcUrl().replaceFirst("\\?.*", ""), "--user",
                server.user(), "--no-load", "--accounts-per-branch", "2000", "--warmup", "1s", "--duration", "30s",
                "--out", out.toString()).redirectErrorStream(true).redirectOutput(temp.resolve("killed.log").toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(temp.resolve("killed.log")).contains("running tp1")) {
                assertThat(System.nanoTime()).as("the killed run started").isLessThan(deadline);
                Thread.sleep(50);
            }
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        List<Path> left;
        try (java.util.stream.Stream<Path> s = Files.list(out)) {
            left = s.toList();
        }
        assertThat(left).singleElement().matches(f -> f.getFileName().toString().contains(".partial-" + p.pid() + "@"));

        List<String> said = new CopyOnWriteArrayList<>();
        RunResult r = Tpkit.run(config().outDir(out).build(), listener(said, () -> { }), new RunControl());

        assertThat(said).anyMatch(l -> l.startsWith("removed " + left.getFirst()) && l.contains("has ended"));
        try (java.util.stream.Stream<Path> s = Files.list(out)) {
            assertThat(s.toList()).containsExactly(Path.of(r.resultDir()));
        }
    }

    private static void signal(String signal, List<Long> pids) throws Exception {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(p -> command.add(Long.toString(p)));
        new ProcessBuilder(command).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
    }
}
