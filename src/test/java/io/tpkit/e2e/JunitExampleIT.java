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
 * The README's JUnit example (examples/junit-example, shown verbatim in the README, see
 * {@link ReadmeExampleTest}) is a user's project: built here with Maven as a user builds it,
 * against the tpkit jars of this build ({@link ExampleProject}).
 */
class JunitExampleIT {
    @Test
    void theReadmesJunitExampleCompilesAndPassesUnderPlainMvnTest() throws Exception {
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
}
