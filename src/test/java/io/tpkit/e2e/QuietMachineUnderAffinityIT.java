package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiet-machine} under an affinity: tpkit and its embedded PostgreSQL pinned to CPU 0 with
 * {@code taskset -c 0}, while a busy loop pinned to CPU 1 takes that CPU. The machine's busy time
 * comes from /proc/stat (both CPUs); the driver's and the database's shares must be of the same
 * two CPUs. Divided by the one CPU the JVM may use, they doubled, ate the other process's share,
 * and the rule passed whatever ran beside the benchmark. Needs Linux with taskset and at least
 * two CPUs; skipped with a message elsewhere.
 */
class QuietMachineUnderAffinityIT {
    @TempDir
    Path temp;

    @Test
    void anotherProcessOnTheOtherCpuIsSeenByTpkitPinnedToOne() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("another process on the other CPU under affinity");
        boolean usable = Files.isExecutable(Path.of("/usr/bin/taskset")) && Files.isReadable(Path.of("/proc/stat"))
                && Runtime.getRuntime().availableProcessors() >= 2;
        if (!usable) {
            System.err.println("[tpkit tests] skipped QuietMachineUnderAffinityIT: needs Linux, taskset and 2 CPUs");
        }
        assumeTrue(usable, "needs Linux, taskset and 2 CPUs");
        Process burner = new ProcessBuilder("taskset", "-c", "1", "sh", "-c", "while :; do :; done").start();
        try {
            Path tp1 = run("run", "tp1", "--accounts-per-branch", "2000", "--connections", "2", "--warmup", "1s",
                    "--duration", "6s");
            JsonNode tp1Rule = rule(tp1, "quiet-machine");
            assertThat(tp1Rule.at("/status").asText()).as(tp1Rule.toString()).isEqualTo("FAILED");
            // CPU 1, half the machine, was busy with the loop (and whatever else ran there): the
            // driver and the database on CPU 0 cannot have taken it
            java.util.regex.Matcher mean = java.util.regex.Pattern.compile("other processes took ([0-9.]+)% of the CPUs "
                    + "on average").matcher(tp1Rule.at("/detail").asText());
            assertThat(mean.find()).as(tp1Rule.toString()).isTrue();
            assertThat(Double.parseDouble(mean.group(1))).as(tp1Rule.toString()).isGreaterThan(40.0);
            // pinned to one CPU of two, the driver and the database together are at most half the machine
            List<double[]> shares = driverAndDatabase(tp1);
            assertThat(shares).isNotEmpty();
            assertThat(shares).allSatisfy(row -> assertThat(row[0] + row[1]).isLessThanOrEqualTo(55.0));
            assertThat(shares.stream().mapToDouble(row -> row[0] + row[1]).max().orElseThrow()).isGreaterThan(20.0);
            JsonNode json = ResultWriter.json().readTree(tp1.resolve("result.json").toFile());
            assertThat(json.at("/environment/cpus").asInt()).as("the JVM's CPUs under taskset").isEqualTo(1);
            assertThat(json.at("/monitor/notes").toString()).contains("shares of the machine's",
                    "this JVM may use 1 of them");

            // HPSS judges each iteration the same way
            Path hpss = run("run", "hpss", "--threads", "2", "--creates-per-thread", "300", "--iterations", "3");
            JsonNode hpssRule = rule(hpss, "quiet-machine");
            assertThat(hpssRule.at("/status").asText()).as(hpssRule.toString()).isEqualTo("FAILED");
        } finally {
            burner.destroyForcibly();
            burner.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** tpkit in a JVM of its own under taskset -c 0; the result folder it wrote. */
    private Path run(String... args) throws Exception {
        Path out = Files.createTempDirectory(temp, "results");
        List<String> command = new ArrayList<>(List.of("taskset", "-c", "0",
                ProcessHandle.current().info().command().orElse("java"), "-cp", System.getProperty("java.class.path"),
                "io.tpkit.cli.Main"));
        command.addAll(List.of(args));
        command.addAll(List.of("--out", out.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("tpkit-" + args[1] + ".log").toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String log = Files.readString(temp.resolve("tpkit-" + args[1] + ".log"));
        assertThat(p.exitValue()).as(log).isIn(0, 1);
        try (Stream<Path> folders = Files.list(out)) {
            return folders.filter(f -> Files.exists(f.resolve("result.json"))).findFirst().orElseThrow(
                    () -> new AssertionError("no result folder: " + log));
        }
    }

    /** driver.cpu_pct and db.cpu_pct of each second of monitor.csv that has both. */
    private static List<double[]> driverAndDatabase(Path dir) throws Exception {
        List<String> lines = Files.readAllLines(dir.resolve("monitor.csv"));
        List<String> header = List.of(lines.getFirst().split(","));
        int driver = header.indexOf("driver.cpu_pct");
        int db = header.indexOf("db.cpu_pct");
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (driver >= 0 && db >= 0 && !f[driver].isEmpty() && !f[db].isEmpty()) {
                rows.add(new double[] {Double.parseDouble(f[driver]), Double.parseDouble(f[db])});
            }
        }
        return rows;
    }

    private static JsonNode rule(Path dir, String id) throws Exception {
        JsonNode json = ResultWriter.json().readTree(dir.resolve("result.json").toFile());
        for (JsonNode r : json.at("/validity/rules")) {
            if (r.at("/id").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError("no rule " + id + " in " + json.at("/validity"));
    }
}
