package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tpkit sweep hpss --threads on the embedded PostgreSQL and on the machine's MariaDB: every point
 * runs its thread count on tables loaded afresh, commits threads x creates x iterations as the
 * database counts them and passes its checks; the peak is found from the creates/s overall (all
 * iterations' creates over their total time), the report's mean of the iteration rates beside it.
 */
class HpssSweepIT {
    private static final int CREATES = 50;
    private static final int ITERATIONS = 2;

    @TempDir
    Path temp;

    private static JsonNode json(Path file) throws Exception {
        return ResultWriter.json().readTree(file.toFile());
    }

    private static Path folder(String out, String label) {
        Matcher m = Pattern.compile("(?m)^" + label + ": (.+)$").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Path.of(m.group(1).trim());
    }

    private Cli sweep(String... target) {
        List<String> args = new ArrayList<>(List.of("sweep", "hpss", "--threads", "2,1", "--creates-per-thread",
                Integer.toString(CREATES), "--iterations", Integer.toString(ITERATIONS), "--warm-up-creates", "20",
                "--point-order", "increasing", "--out", temp.resolve("results").toString()));
        args.addAll(List.of(target));
        return Cli.run(args.toArray(String[]::new));
    }

    /** The sweep's folder, checked against each point's own result.json. */
    private static JsonNode checked(Cli cli) throws Exception {
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).containsOnlyOnce("the data is loaded afresh before every point")
                .contains("sweep point 1 of 2: 1 threads", "sweep point 2 of 2: 2 threads");
        // loaded before each point, not only into an empty database
        assertThat(Pattern.compile("(?m)^loaded hpss").matcher(cli.err()).results().count()).isEqualTo(2);
        assertThat(cli.out()).contains("hpss sweep over threads on ", "creates/s overall", "peak: ",
                "MVA (from the first point): Z 0.000 s");
        JsonNode s = json(folder(cli.out(), "Sweep").resolve("sweep.json"));
        assertThat(s.path("axis").asText()).isEqualTo("threads");
        assertThat(s.at("/figure/id").asText()).isEqualTo("createsPerSecondOverall");
        assertThat(s.path("configuration").has("scale")).isFalse();
        assertThat(s.path("points")).hasSize(2);
        assertThat(s.at("/startingData/method").asText()).isEqualTo("reload");
        assertThat(s.at("/startingData/seconds")).hasSize(2);
        double best = -1;
        for (int i = 0; i < 2; i++) {
            int threads = i + 1;
            JsonNode p = s.path("points").get(i);
            JsonNode r = json(Path.of(p.path("resultDir").asText()).resolve("result.json"));
            assertThat(p.path("value").asDouble()).isEqualTo(threads);
            // the point ran its thread count, one connection each
            assertThat(r.at("/workload/parameters/threads").asInt()).isEqualTo(threads);
            assertThat(r.at("/workload/connections").asInt()).isEqualTo(threads);
            assertThat(r.at("/workload/terminals").asInt()).isEqualTo(threads);
            assertThat(r.at("/metrics/iterations")).hasSize(ITERATIONS);
            // on tables loaded for it, empty at its start
            assertThat(r.path("load").isObject()).isTrue();
            assertThat(r.at("/workload/parameters/filesAtStart").asLong()).isZero();
            assertThat(rule(r, "empty-at-start").path("status").asText()).isEqualTo("PASSED");
            // its creates as the database counted them, and its checks
            long creates = (long) threads * CREATES * ITERATIONS;
            assertThat(r.at("/metrics/totalCommitted").asLong()).isEqualTo(creates);
            assertThat(r.path("consistency")).isNotEmpty().allSatisfy(c -> assertThat(c.path("passed").asBoolean())
                    .as(c.toString()).isTrue());
            assertThat(check(r, "driver-count-matches-database").path("detail").asText())
                    .startsWith("the database recorded " + creates + " committed transactions");
            assertThat(check(r, "files-equal-bitfiles").path("detail").asText())
                    .isEqualTo(creates + " name-server file records, " + creates + " bitfile records");
            assertThat(p.path("consistent").asBoolean()).isTrue();
            // the sweep's figures are the point's own
            double mean = r.at("/headline/createsPerSecondOverall/value").asDouble();
            assertThat(mean).isPositive();
            assertThat(p.at("/headline/createsPerSecondOverall").asDouble()).isEqualTo(mean);
            // the report's arithmetic mean of the iteration rates is never below the harmonic one
            assertThat(r.at("/headline/createsPerSecondMean/value").asDouble()).isGreaterThanOrEqualTo(mean * (1 - 1e-12));
            assertThat(p.path("tps").asDouble()).isEqualTo(r.at("/metrics/throughput/overWallClock").asDouble());
            assertThat(p.at("/types/0/name").asText()).isEqualTo("create-file");
            assertThat(p.at("/types/0/p90Ms").asDouble()).isEqualTo(r.at("/metrics/types/0/response/p90Ms").asDouble());
            best = Math.max(best, mean);
        }
        // the peak is the point with the most creates/s overall, whatever its TPS
        JsonNode peak = s.path("points").get(s.at("/peak/point").asInt() - 1);
        assertThat(s.at("/peak/figureValue").asDouble()).isEqualTo(best)
                .isEqualTo(peak.at("/headline/createsPerSecondOverall").asDouble());
        assertThat(s.at("/peak/tps").asDouble()).isEqualTo(peak.path("tps").asDouble());
        // the model: one thread is one stream on one connection, no think time
        JsonNode in = s.at("/model/inputs");
        assertThat(in.path("thinkSeconds").asDouble()).isZero();
        assertThat(in.path("terminals").asInt()).isEqualTo(1);
        assertThat(in.path("connections").asInt()).isEqualTo(1);
        assertThat(s.at("/points/1/mva/requestsPerSecond").asDouble()).isPositive();
        String html = Files.readString(folder(cli.out(), "Sweep").resolve("sweep.html"));
        assertThat(html).contains("Throughput against threads", "creates/s overall (measured; the peak and knee are found "
                + "from it)", "in increasing order: 1, 2", "Data: each point started from the same data, dropped and "
                + "loaded again before every point", "--creates-per-thread 50",
                "data-key=\"peak.figureValue\"");
        return s;
    }

    private static JsonNode rule(JsonNode result, String id) {
        for (JsonNode r : result.at("/validity/rules")) {
            if (r.path("id").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError("no rule " + id + " in " + result.at("/validity"));
    }

    private static JsonNode check(JsonNode result, String name) {
        for (JsonNode c : result.path("consistency")) {
            if (c.path("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no check " + name + " in " + result.path("consistency"));
    }

    @Test
    void onTheEmbeddedPostgres() throws Exception {
        checked(sweep());
    }

    @Test
    void onTheMachinesMariaDb() throws Exception {
        String url = TestDatabases.externalMysqlUrl();
        String user = TestDatabases.externalMysqlUser();
        checked(sweep("--db", url, "--user", user));
        // the server's own count after the sweep: the last point's creates only, loaded afresh
        long creates = 2L * CREATES * ITERATIONS;
        long files = SqlAccess.withStatement(url, user, st -> SqlAccess.single(st,
                "SELECT COUNT(*) FROM hpss_nsobject WHERE object_type = 1"));
        long bitfiles = SqlAccess.withStatement(url, user, st -> SqlAccess.single(st, "SELECT COUNT(*) FROM hpss_bitfile"));
        assertThat(files).isEqualTo(creates);
        assertThat(bitfiles).isEqualTo(creates);
    }

    @Test
    void aThreadCountAboveTheServersConnectionLimitIsRefusedBeforeAnythingRuns() throws Exception {
        Path out = temp.resolve("results");
        // the embedded PostgreSQL allows 300 connections; a thread needs one
        Cli cli = Cli.run("sweep", "hpss", "--threads", "1,400", "--out", out.toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(2); // "starting embedded PostgreSQL", then the refusal
        assertThat(cli.errLines().getLast()).startsWith("tpkit: sweep point 400 threads needs 402 connections")
                .contains("max_connections 300", "use at most 298 threads", "nothing was run");
        try (Stream<Path> left = Files.list(out)) {
            assertThat(left).isEmpty();
        }
        // a single run names the option it was given too
        Cli run = Cli.run("run", "hpss", "--threads", "400", "--out", out.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines().getLast()).startsWith("tpkit: --threads 400 needs 402 connections")
                .contains("use at most 298 threads");
    }
}
