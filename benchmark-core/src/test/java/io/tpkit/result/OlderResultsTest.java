package io.tpkit.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.compare.Comparison;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.compare.Comparisons;
import io.tpkit.report.RunReport;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The result.json of each earlier version (test resources results/vN, written by that version's
 * {@code tpkit run tp1}; results/README.md names the revisions) reads into the typed sections,
 * reports and compares; and this version writes a result back with the same JSON paths.
 */
class OlderResultsTest {
    private static final List<String> VERSIONS = List.of("v0", "v1", "v2", "v3");

    private static Path sample(String version) {
        try {
            return Path.of(OlderResultsTest.class.getResource("/results/" + version + "/result.json").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"v0", "v1", "v2", "v3"})
    void eachVersionReadsIntoTheTypedSections(String version) {
        RunResult r = ResultReader.read(sample(version));

        assertThat(r.configuration().workload()).isEqualTo("tp1");
        assertThat(r.configuration().target()).isEqualTo("embedded-postgres");
        assertThat(r.configuration().connections()).isEqualTo(4);
        assertThat(r.configuration().durationSeconds()).isEqualTo(5.0);
        assertThat(r.configuration().warmupSeconds()).isEqualTo(2.0);
        assertThat(r.configuration().thinkFactorOrOne()).isEqualTo(1.0);
        assertThat(r.configuration().seed()).isNotNull();
        assertThat(r.configuration().options()).isEmpty();
        assertThat(r.configuration().rest()).isEmpty();

        assertThat(r.environment().tpkitVersion()).isNotBlank();
        assertThat(r.environment().cpus()).isPositive();
        assertThat(r.environment().host()).isNotBlank();
        assertThat(r.environment().maxHeapBytes()).isPositive();

        assertThat(r.database().kind()).isEqualTo("embedded-postgres");
        assertThat(r.database().url()).startsWith("jdbc:postgresql://");
        assertThat(r.database().dataDir()).isEqualTo("temporary");
        assertThat(r.database().plugin()).isEqualTo("postgresql");
        assertThat(r.database().product()).isEqualTo("PostgreSQL");
        assertThat(r.database().version()).isNotBlank();
        assertThat(r.database().durable()).isTrue();
        assertThat(r.database().durabilityIssues()).isEmpty();
        assertThat(r.database().settings()).containsKey("synchronous_commit");
        assertThat(r.database().rest()).isEmpty();

        assertThat(r.workload().name()).isEqualTo("tp1");
        assertThat(r.workload().arrival()).isEqualTo("streams");
        assertThat(r.workload().terminals()).isEqualTo(4);
        assertThat(r.workload().connections()).isEqualTo(4);
        assertThat(r.workload().transactionTypes()).contains("debit-credit");
        assertThat(r.workload().parameters()).containsEntry("scale", 1);
        assertThat(r.workload().part()).isNull();
        assertThat(r.workload().rest()).isEmpty();
    }

    /** What each version added, read where it is and unknown (null) where it was not yet written. */
    @Test
    void whatAVersionDidNotWriteIsUnknown() {
        RunResult v0 = ResultReader.read(sample("v0"));
        assertThat(v0.cost()).isNull();
        assertThat(v0.environment().driverCpuMicrosPerCommit()).isPositive();
        assertThat(v0.environment().jvmOptions()).isNull();
        assertThat(v0.database().transactionsBefore()).isNull();

        RunResult v1 = ResultReader.read(sample("v1"));
        assertThat(v1.environment().jvmOptions()).isNotNull();
        assertThat(v1.environment().driverCpuMicrosPerCommit()).isNull();
        assertThat(v1.database().transactionsBefore()).isNull();
        assertThat(v1.environment().machine()).isNull();

        RunResult v2 = ResultReader.read(sample("v2"));
        assertThat(v2.database().transactionsBefore()).isNotNull();
        assertThat(v2.environment().machine()).isNull();

        RunResult v3 = ResultReader.read(sample("v3"));
        assertThat(v3.environment().machine()).isNotBlank();
        assertThat(v3.environment().driverCpuSeconds()).isPositive();
        assertThat(v3.database().startingData()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v0", "v1", "v2", "v3"})
    void eachVersionReports(String version) throws Exception {
        Path dir = sample(version).getParent();
        String html = RunReport.render(dir, ResultReader.read(dir));
        assertThat(html).contains("<title>tp1 on PostgreSQL", "streams arrival, 4 terminals, 4 connections",
                "embedded-postgres, data directory temporary");
    }

    /** Every version side by side: one workload, one configuration, the driver's CPU from either record of it. */
    @Test
    void theVersionsCompare() {
        Comparison c = Comparisons.ofResults(VERSIONS.stream().map(v -> ResultReader.read(sample(v))).toList());
        assertThat(c.workload()).isEqualTo("tp1");
        assertThat(c.runs()).hasSize(4).allSatisfy(run -> assertThat(run.product()).isEqualTo("PostgreSQL"));
        assertThat(c.differences()).noneMatch(d -> d.startsWith("connections") || d.startsWith("durationSeconds"));
        Comparison.Row driverCpu = c.rows().stream().filter(row -> row.id().equals("driverCpu")).findFirst().orElseThrow();
        assertThat(driverCpu.values()).hasSize(4).doesNotContainNull();
        assertThat(ComparisonTable.render(c)).contains("tp1");
    }

    /**
     * The sections written back have the JSON paths they were read from: what jq and scripts
     * address in a result.json ({@code .configuration.connections}, {@code .database.product},
     * {@code .environment.cpus}) is where it was.
     */
    @ParameterizedTest
    @ValueSource(strings = {"v0", "v1", "v2", "v3"})
    void theSectionsWriteBackToTheirPaths(String version) throws Exception {
        JsonNode read = ResultWriter.json().readTree(Files.readString(sample(version)));
        // through text, so that a number is compared by its value, not by the width Jackson gave it
        JsonNode written = ResultWriter.json().readTree(ResultWriter.json()
                .writeValueAsString(ResultReader.read(sample(version))));
        for (String section : List.of("configuration", "environment", "database", "workload")) {
            assertThat(written.get(section)).as(version + " " + section).isEqualTo(read.get(section));
        }
    }
}
