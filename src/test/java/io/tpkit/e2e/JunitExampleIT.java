package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's JUnit example (examples/junit-example, shown verbatim in the README, see
 * {@link ReadmeExampleTest}) is a user's project: built here with Maven as a user builds it,
 * against the tpkit jars of this build. They go into a local repository of the test's own
 * (run/target/junit-example-repository), never into the user's; every other artifact is read
 * from the build's local repository, which holds them all after the build of tpkit itself (the
 * example pins the versions tpkit uses), so the example is built offline.
 */
class JunitExampleIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path EXAMPLE = ROOT.resolve("examples/junit-example");

    @Test
    void theReadmesJunitExampleCompilesAndPassesUnderPlainMvnTest() throws Exception {
        String version = System.getProperty("tpkit.version", "0.1.0-SNAPSHOT");
        Path work = Path.of("target", "junit-example").toAbsolutePath();
        Path repository = Path.of("target", "junit-example-repository").toAbsolutePath();
        copyExample(work);
        install(repository, version);

        Path buildRepository = Path.of(System.getProperty("tpkit.maven.repository",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
        // the Maven of this build (the wrapper when run from an IDE); offline: everything the
        // example needs is in the two repositories already
        String mavenHome = System.getProperty("tpkit.maven.home", "");
        Path maven = mavenHome.isBlank() || !Files.isExecutable(Path.of(mavenHome, "bin", "mvn"))
                ? ROOT.resolve("mvnw") : Path.of(mavenHome, "bin", "mvn");
        List<String> command = new ArrayList<>(List.of(maven.toString(), "-B", "-o", "test",
                "-f", work.resolve("pom.xml").toString(),
                "-Dmaven.repo.local=" + repository,
                "-Dmaven.repo.local.tail=" + buildRepository));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        Path log = work.resolveSibling("junit-example.log");
        pb.redirectOutput(log.toFile());
        // the JDK this test runs on (>= 21); the user's settings for tpkit's own tests stay out
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        for (String variable : new String[] {"TPKIT_DB", "TPKIT_USER", "TPKIT_PASSWORD_ENV", "MAVEN_ARGS"}) {
            pb.environment().remove(variable);
        }
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.isAlive() ? -1 : p.exitValue()).as("mvn test of the example (%s):%n%s", log, tail(output))
                .isZero();

        // OurDatabaseTest ran under plain `mvn test`, on a database the extension started
        assertThat(output).contains("Running com.example.OurDatabaseTest",
                "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0");
        // an SLF4J provider is on the class path: no "No SLF4J providers were found" warning
        assertThat(output).doesNotContain("SLF4J");
        List<Path> results;
        try (Stream<Path> s = Files.list(work.resolve("target/tpkit-results"))) {
            results = s.filter(d -> Files.exists(d.resolve("result.json"))).toList();
        }
        assertThat(results).hasSize(1);
        assertThat(results.getFirst().getFileName().toString()).matches("tp1-\\d{8}-\\d{6}-embedded-postgres");
        JsonNode result = new ObjectMapper().readTree(results.getFirst().resolve("result.json").toFile());
        assertThat(result.path("database").path("kind").asText()).isEqualTo("embedded-postgres");
        assertThat(result.path("configuration").path("target").asText()).isEqualTo("embedded-postgres");
    }

    /** A fresh copy of the example project, without anything a build left in it. */
    private static void copyExample(Path work) throws IOException {
        delete(work);
        try (Stream<Path> files = Files.walk(EXAMPLE)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path relative = EXAMPLE.relativize(f);
                if (relative.startsWith("target")) {
                    continue;
                }
                Files.createDirectories(work.resolve(relative).getParent());
                Files.copy(f, work.resolve(relative));
            }
        }
    }

    /**
     * What {@code ./mvnw install} puts into a local repository for the example: the parent POM,
     * benchmark-core and benchmark-tp1, from this build (the jars the test's own class path holds).
     */
    private static void install(Path repository, String version) throws IOException, URISyntaxException {
        Path tpkit = repository.resolve("io/tpkit");
        delete(tpkit);
        put(tpkit, "tpkit-parent", version, ROOT.resolve("pom.xml"), null);
        put(tpkit, "benchmark-core", version, ROOT.resolve("benchmark-core/pom.xml"),
                codeSource(io.tpkit.junit.TpkitBench.class));
        put(tpkit, "benchmark-tp1", version, ROOT.resolve("benchmark-tp1/pom.xml"),
                codeSource(io.tpkit.tp1.Tp1Workload.class));
    }

    private static void put(Path tpkit, String artifact, String version, Path pom, Path classes) throws IOException {
        Path dir = Files.createDirectories(tpkit.resolve(artifact).resolve(version));
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"));
        if (classes == null) {
            return;
        }
        Path jar = dir.resolve(artifact + "-" + version + ".jar");
        if (Files.isRegularFile(classes)) {
            Files.copy(classes, jar);
        } else {
            jar(classes, jar); // a module's target/classes, when the jar was not packaged (an IDE)
        }
    }

    private static Path codeSource(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static void jar(Path classes, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static String tail(String output) {
        List<String> lines = output.lines().toList();
        return String.join(System.lineSeparator(), lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
