package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kubernetes Jobs of deploy/kubernetes, run for real on one machine: the driver's image built
 * from deploy/Dockerfile with this build's jar, a PostgreSQL container under the service name the
 * manifests use, the load Job's and the run Job's pods as driver containers (their command lines
 * read from the manifests, with JOB_COMPLETION_INDEX set as Kubernetes sets it, every part at
 * once), the merge Job after them, all on a network of their own. Only the size is changed: two
 * parts instead of four, two warehouses, seconds instead of minutes. The merged result must hold
 * both parts' transactions and pass the consistency checks.
 */
class SplitRunInContainersIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path JOBS = ROOT.resolve("deploy/kubernetes");
    /** The base image of the driver's image when no registry is reachable (scripts/container-images jre). */
    private static final String LOCAL_JRE = "tpkit/jre:21";
    private static final String OFFICIAL_JRE = "eclipse-temurin:21-jre";
    private static final String DATABASE_IMAGE = "postgres:15";
    private static final int PARTS = 2;

    @TempDir
    Path temp;
    private final String suffix = "-it-" + ProcessHandle.current().pid();
    private final String network = "tpkit-split" + suffix;
    private final String database = "tpkit-split-db" + suffix;
    private final String image = "tpkit:split" + suffix;

    @AfterEach
    void removeWhatWasStarted() throws Exception {
        if (Docker.available()) {
            run(false, "docker", "rm", "-f", database);
            run(false, "docker", "network", "rm", network);
            run(false, "docker", "rmi", image);
        }
    }

    @Test
    void theIndexedJobsCommandLinesRunAsDriverContainersAndMerge() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a split run from driver containers");
        Docker.assumeImages("SplitRunInContainersIT", DATABASE_IMAGE);
        Path jar = ROOT.resolve("run/target/tpkit.jar");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(jar), "needs run/target/tpkit.jar (mvn package)");
        String base = hasImage(LOCAL_JRE) ? LOCAL_JRE : hasImage(OFFICIAL_JRE) ? OFFICIAL_JRE : null;
        if (base == null) {
            Docker.assumeImages("SplitRunInContainersIT", OFFICIAL_JRE + " or " + LOCAL_JRE);
        }
        run(true, "docker", "build", "-q", "-f", ROOT.resolve("deploy/Dockerfile").toString(),
                "--build-arg", "BASE_IMAGE=" + base, "-t", image, ROOT.toString());

        // the database the manifests name: jdbc:postgresql://postgres.benchmark.svc:5432/tpcc, user tpkit
        String password = "it-" + Long.toHexString(Double.doubleToLongBits(Math.random()));
        run(true, "docker", "network", "create", network);
        run(true, "docker", "run", "-d", "--name", database, "--network", network,
                "--network-alias", "postgres.benchmark.svc", "-e", "POSTGRES_DB=tpcc", "-e", "POSTGRES_USER=tpkit",
                "-e", "POSTGRES_PASSWORD=" + password, DATABASE_IMAGE);
        awaitReady(password);

        Path results = Files.createDirectories(temp.resolve("results"));
        // the pods run as user 1000 (the image's user; fsGroup on the volume in the manifest)
        Files.setPosixFilePermissions(results, PosixFilePermissions.fromString("rwxrwxrwx"));

        Job load = Job.read(JOBS.resolve("tpcc-load-job.yaml"));
        Job runJob = Job.read(JOBS.resolve("tpcc-partitioned-job.yaml"));
        Job merge = Job.read(JOBS.resolve("tpcc-merge-job.yaml"));
        assertThat(load.indexed).isTrue();
        assertThat(runJob.indexed).isTrue();

        List<String> loadLogs = pods(load, results, password);
        List<String> runLogs = pods(runJob, results, password);
        String mergeLog = pods(merge, results, password).getFirst();

        List<Path> merged;
        try (Stream<Path> s = Files.list(results.resolve("merged"))) {
            merged = s.filter(d -> Files.exists(d.resolve("result.json"))).toList();
        }
        assertThat(merged).as("the merged result in /results/merged:%n%s%n%s%n%s", loadLogs, runLogs, mergeLog)
                .hasSize(1);
        JsonNode r = new ObjectMapper().readTree(merged.getFirst().resolve("result.json").toFile());
        assertThat(r.toString()).doesNotContain(password);
        assertThat(r.path("consistency").isArray()).isTrue();
        for (JsonNode check : r.path("consistency")) {
            assertThat(check.path("passed").asBoolean()).as(check.toString()).isTrue();
        }
        long committed = r.path("metrics").path("totalCommitted").asLong();
        long parts = 0;
        for (int i = 1; i <= PARTS; i++) {
            try (Stream<Path> s = Files.list(results.resolve("part-" + i))) {
                Path part = s.filter(d -> Files.exists(d.resolve("result.json"))).findFirst().orElseThrow();
                parts += new ObjectMapper().readTree(part.resolve("result.json").toFile()).path("metrics")
                        .path("totalCommitted").asLong();
            }
        }
        assertThat(committed).isPositive().isEqualTo(parts);
        assertThat(mergeLog).contains("Consistency: passed");
    }

    /**
     * Runs a Job's pods as containers, all at once (an Indexed Job's pods must all run for the
     * parts to meet), and returns each pod's log after checking that it exited with 0.
     */
    private List<String> pods(Job job, Path results, String password) throws Exception {
        int pods = job.indexed ? PARTS : 1;
        List<Process> started = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int i = 0; i < pods; i++) {
            List<String> command = new ArrayList<>(List.of("docker", "run", "--rm", "--network", network,
                    "-v", results + ":/results", "-e", "TPKIT_PASSWORD=" + password,
                    "-e", "JOB_COMPLETION_INDEX=" + i));
            if (job.memoryLimit != null) {
                command.addAll(List.of("--memory", job.memoryLimit.replace("Gi", "g").replace("Mi", "m")));
            }
            command.addAll(List.of("--entrypoint", job.command.getFirst(), image));
            command.addAll(job.command.subList(1, job.command.size()));
            command.add(shrink(job.script));
            Path log = temp.resolve(job.name + "-" + i + ".log");
            logs.add(log);
            started.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pods; i++) {
            Process p = started.get(i);
            boolean ended = p.waitFor(5, TimeUnit.MINUTES);
            if (!ended) {
                p.destroyForcibly();
            }
            String log = Files.readString(logs.get(i), StandardCharsets.UTF_8);
            out.add(log);
            assertThat(ended && p.exitValue() == 0).as("pod %d of %s:%n%s", i, job.name, log).isTrue();
            assertThat(log).doesNotContain(password);
        }
        return out;
    }

    /** The manifest's command line at this test's size: 2 parts, 2 warehouses, seconds. */
    private static String shrink(String script) {
        return script.replaceAll("(--partition \\$\\(\\([^)]*\\)\\)/)\\d+", "$1" + PARTS)
                .replaceAll("--warehouses \\d+", "--warehouses 2")
                .replaceAll("--duration \\S+", "--duration 12s")
                .replaceAll("--warmup \\S+", "--warmup 3s");
    }

    private void awaitReady(String password) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (run(false, "docker", "exec", "-e", "PGPASSWORD=" + password, database, "psql", "-h", "127.0.0.1",
                    "-U", "tpkit", "-d", "tpcc", "-c", "select 1").exit == 0) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the database container never answered: "
                + run(false, "docker", "logs", "--tail", "5", database).output);
    }

    private static boolean hasImage(String name) throws Exception {
        return run(false, "docker", "image", "inspect", name).exit == 0;
    }

    private record Result(int exit, String output) {
    }

    private static Result run(boolean mustSucceed, String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(5, TimeUnit.MINUTES);
        if (mustSucceed) {
            assertThat(p.exitValue()).as("%s:%n%s", String.join(" ", command), out).isZero();
        }
        return new Result(p.exitValue(), out);
    }

    /** What the test takes from a Job manifest: its pod's command, script and memory limit. */
    private record Job(String name, boolean indexed, List<String> command, String script, String memoryLimit) {
        static Job read(Path file) throws IOException {
            JsonNode job = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
            JsonNode container = job.path("spec").path("template").path("spec").path("containers").get(0);
            List<String> command = new ArrayList<>();
            container.path("command").forEach(c -> command.add(c.asText()));
            String script = container.path("args").get(0).asText();
            JsonNode memory = container.path("resources").path("limits").path("memory");
            return new Job(file.getFileName().toString().replace(".yaml", ""),
                    "Indexed".equals(job.path("spec").path("completionMode").asText()), command, script,
                    memory.isMissingNode() ? null : memory.asText());
        }
    }
}
