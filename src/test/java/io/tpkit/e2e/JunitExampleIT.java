package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The JUnit example of docs/java-api.md (examples/junit-example, shown verbatim there, see
 * {@link DocsExamplesTest}) is a user's project: built here with Maven as a user builds it,
 * against the tpkit jars of this build ({@link ExampleProject}).
 */
class JunitExampleIT {
    @Test
    void theReadmesJunitExampleCompilesAndPassesUnderPlainMvnTest() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the README's JUnit example built by Maven");
        ExampleProject example = ExampleProject.copy("junit-example");
        ExampleProject.Build build = example.mvn("junit-example.log", "test");
        assertThat(build.exitCode()).as("mvn test of the example (%s):%n%s", build.log(), build.tail()).isZero();

        // OurDatabaseTest ran under plain `mvn test`, on a database the extension started
        assertThat(build.output()).contains("Running com.example.OurDatabaseTest",
                "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0");
        // an SLF4J provider is on the class path: no "No SLF4J providers were found" warning
        assertThat(build.output()).doesNotContain("SLF4J");
        List<Path> results;
        try (Stream<Path> s = Files.list(example.work.resolve("target/tpkit-results"))) {
            results = s.filter(d -> Files.exists(d.resolve("result.json"))).toList();
        }
        assertThat(results).hasSize(1);
        assertThat(results.getFirst().getFileName().toString()).matches("tp1-\\d{8}-\\d{6}-embedded-postgres");
        JsonNode result = new ObjectMapper().readTree(results.getFirst().resolve("result.json").toFile());
        assertThat(result.path("database").path("kind").asText()).isEqualTo("embedded-postgres");
        assertThat(result.path("configuration").path("target").asText()).isEqualTo("embedded-postgres");
    }

    /**
     * The same user's test, unchanged, against a PostgreSQL container: only TPKIT_DB differs, as a
     * user's CI would set it. The extension starts the container for the class and removes it.
     */
    @Test
    void theSameTestRunsAgainstAContainerNamedByTpkitDb() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the JUnit example against a container");
        Docker.assumeImages("JunitExampleIT (container)", "postgres:15");
        ExampleProject example = ExampleProject.copy("junit-example");
        ExampleProject.Build build = example.mvn("junit-example-container.log",
                java.util.Map.of("TPKIT_DB", "container:postgres:15"), "test");
        assertThat(build.exitCode()).as("mvn test of the example (%s):%n%s", build.log(), build.tail()).isZero();
        assertThat(build.output()).contains("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0");

        List<Path> results;
        try (Stream<Path> s = Files.list(example.work.resolve("target/tpkit-results"))) {
            results = s.filter(d -> Files.exists(d.resolve("result.json"))).toList();
        }
        assertThat(results).hasSize(1);
        JsonNode result = new ObjectMapper().readTree(results.getFirst().resolve("result.json").toFile());
        assertThat(result.path("configuration").path("target").asText()).isEqualTo("container:postgres:15");
        assertThat(result.path("database").path("kind").asText()).isEqualTo("container");
        assertThat(result.path("database").path("version").asText()).startsWith("15.");
        String container = result.path("database").path("container").asText();
        assertThat(container).startsWith("tpkit-postgres-15-");
        Process ps = new ProcessBuilder("docker", "ps", "-a", "--filter", "name=" + container, "--format",
                "{{.Names}}").redirectErrorStream(true).start();
        String left = new String(ps.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(ps.waitFor()).isZero();
        assertThat(left).as("the extension's container after the build").isBlank();
    }
}
