package io.tpkit.e2e;

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

/**
 * One of examples/ as a user's project: copied fresh into run/target/NAME and built with Maven
 * as a user builds it, against the tpkit jars of this build. They go into a local repository of
 * the test's own (run/target/NAME-repository), never into the user's; every other artifact is
 * read from the build's local repository, which holds them all after the build of tpkit itself
 * (the examples pin the versions tpkit uses), so the example is built offline.
 */
final class ExampleProject {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** The copy Maven builds. */
    final Path work;
    private final Path repository;

    /** What one {@code mvn} run printed, and how it ended. */
    record Build(int exitCode, String output, Path log) {
        /** The last lines of the output, for an assertion's message. */
        String tail() {
            List<String> lines = output.lines().toList();
            return String.join(System.lineSeparator(), lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        }
    }

    private ExampleProject(Path work, Path repository) {
        this.work = work;
        this.repository = repository;
    }

    /** A fresh copy of {@code examples/NAME}, and this build's tpkit jars in a repository of its own. */
    static ExampleProject copy(String name) throws IOException, URISyntaxException {
        ExampleProject p = new ExampleProject(Path.of("target", name).toAbsolutePath(),
                Path.of("target", name + "-repository").toAbsolutePath());
        copyExample(ROOT.resolve("examples").resolve(name), p.work);
        install(p.repository, System.getProperty("tpkit.version", "0.1.0-SNAPSHOT"));
        return p;
    }

    /**
     * Runs {@code mvn -B -o GOAL... -f pom.xml} in the copy, with the JDK this test runs on and
     * without the user's settings for tpkit's own tests; its output goes to {@code log} beside
     * the copy.
     */
    Build mvn(String log, String... goalsAndProperties) throws IOException, InterruptedException {
        return mvn(log, java.util.Map.of(), goalsAndProperties);
    }

    /** As {@link #mvn(String, String...)}, with {@code environment} set for the build (e.g. TPKIT_DB). */
    Build mvn(String log, java.util.Map<String, String> environment, String... goalsAndProperties)
            throws IOException, InterruptedException {
        Path buildRepository = Path.of(System.getProperty("tpkit.maven.repository",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
        // the Maven of this build (the wrapper when run from an IDE)
        String mavenHome = System.getProperty("tpkit.maven.home", "");
        Path maven = mavenHome.isBlank() || !Files.isExecutable(Path.of(mavenHome, "bin", "mvn"))
                ? ROOT.resolve("mvnw") : Path.of(mavenHome, "bin", "mvn");
        List<String> command = new ArrayList<>(List.of(maven.toString(), "-B", "-o"));
        command.addAll(List.of(goalsAndProperties));
        command.addAll(List.of("-f", work.resolve("pom.xml").toString(), "-Dmaven.repo.local=" + repository,
                "-Dmaven.repo.local.tail=" + buildRepository));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        Path file = work.resolveSibling(log);
        pb.redirectOutput(file.toFile());
        // the JDK this test runs on (>= 21); the user's settings for tpkit's own tests stay out
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        for (String variable : new String[] {"TPKIT_DB", "TPKIT_USER", "TPKIT_PASSWORD_ENV", "MAVEN_ARGS",
                "TESTCONTAINERS_RYUK_DISABLED", "TESTCONTAINERS_HOST_OVERRIDE"}) {
            pb.environment().remove(variable);
        }
        pb.environment().putAll(environment);
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        return new Build(p.isAlive() ? -1 : p.exitValue(), Files.readString(file, StandardCharsets.UTF_8), file);
    }

    /** A fresh copy of the example project, without anything a build left in it. */
    private static void copyExample(Path example, Path work) throws IOException {
        delete(work);
        try (Stream<Path> files = Files.walk(example)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path relative = example.relativize(f);
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

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
