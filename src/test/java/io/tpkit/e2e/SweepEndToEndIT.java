package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.analysis.Knee;
import io.tpkit.analysis.StudentT;
import io.tpkit.result.ResultWriter;
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
 * tpkit run --repeat and tpkit sweep on the embedded PostgreSQL with TP1: the folders, their JSON
 * against the runs' own result.json files, compare of sweeps, and the refusal of a point above
 * the server's max_connections.
 */
class SweepEndToEndIT {
    @TempDir
    Path temp;

    private static Path folder(String out, String label) {
        Matcher m = Pattern.compile("(?m)^" + label + ": (.+)$").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Path.of(m.group(1).trim());
    }

    private static JsonNode json(Path file) throws Exception {
        return ResultWriter.json().readTree(file.toFile());
    }

    @Test
    void threeRepetitionsWithTheirSpread() throws Exception {
        Path out = temp.resolve("results");
        Cli cli = Cli.run("run", "tp1", "--repeat", "3", "--accounts-per-branch", "2000", "--transactions", "200",
                "--warmup", "0", "--seed", "42", "--out", out.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("repetition 1 of 3 (seed 42)", "repetition 3 of 3 (seed 44)");
        assertThat(cli.out()).contains("tp1: 3 repetitions on PostgreSQL", "95% confidence interval of the mean",
                "TPS ", "debit-credit p90 ms");
        Path set = folder(cli.out(), "Repetitions");
        assertThat(set.getFileName().toString()).startsWith("repeat-tp1-");
        for (String f : List.of("repeat.json", "repetitions.csv", "statistics.csv", "repeat.html")) {
            assertThat(set.resolve(f)).exists();
        }
        JsonNode r = json(set.resolve("repeat.json"));
        assertThat(r.path("tool").asText()).isEqualTo("tpkit repeat");
        assertThat(r.path("level").asDouble()).isEqualTo(0.95);
        assertThat(r.path("runs")).hasSize(3);
        assertThat(r.path("incomplete").asBoolean()).isFalse();

        // each repetition keeps its normal result folder; the figures are those of its result.json
        List<Double> tps = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            JsonNode rep = r.path("runs").get(i);
            JsonNode result = json(Path.of(rep.path("resultDir").asText()).resolve("result.json"));
            assertThat(rep.path("seed").asLong()).isEqualTo(42 + i).isEqualTo(result.at("/configuration/seed").asLong());
            assertThat(result.at("/metrics/totalCommitted").asLong()).isEqualTo(200);
            double v = result.at("/metrics/throughput/overWallClock").asDouble();
            assertThat(rep.at("/values/TPS").asDouble()).isEqualTo(v);
            assertThat(rep.at("/values/debit-credit p90 ms").asDouble())
                    .isEqualTo(result.at("/metrics/types/0/response/p90Ms").asDouble());
            assertThat(rep.path("verdict").asText()).isEqualTo(result.at("/validity/verdict").asText());
            // the data is loaded once, before the first repetition, copied, and restored before each
            assertThat(result.path("load").isNull() || result.path("load").isMissingNode()).isTrue();
            assertThat(result.at("/database/startingData/method").asText()).isEqualTo("restore");
            assertThat(result.at("/database/transactionsBefore").asLong()).isZero();
            assertThat(result.at("/database/startingData/seconds").asDouble())
                    .isEqualTo(r.at("/startingData/seconds/" + i).asDouble());
            tps.add(v);
        }
        assertThat(r.at("/startingData/load/rows").asLong()).isEqualTo(1 + 10 + 2000);
        assertThat(r.path("loadPolicy").asText()).startsWith("each repetition started from the same data, as loaded: "
                + "restored before it from a copy made after the load, in ")
                .endsWith("the copy: the whole database copied as a template (CREATE DATABASE ... TEMPLATE, a file "
                        + "copy), swapped in by name");
        assertThat(cli.out()).contains("Data: each repetition started from the same data");
        JsonNode spread = r.at("/statistics/0/spread");
        assertThat(r.at("/statistics/0/figure").asText()).isEqualTo("TPS");
        double mean = tps.stream().mapToDouble(Double::doubleValue).sum() / 3;
        double s = Math.sqrt(tps.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / 2);
        double half = StudentT.twoSided(0.95, 2) * s / Math.sqrt(3);
        assertThat(spread.path("mean").asDouble()).isCloseTo(mean, within(1e-9));
        assertThat(spread.path("median").asDouble()).isEqualTo(tps.stream().sorted().toList().get(1));
        assertThat(spread.path("stddev").asDouble()).isCloseTo(s, within(1e-9));
        assertThat(spread.path("cvPct").asDouble()).isCloseTo(100 * s / mean, within(1e-9));
        assertThat(spread.path("t").asDouble()).isCloseTo(4.3026527, within(1e-6));
        assertThat(spread.path("low").asDouble()).isCloseTo(mean - half, within(1e-9));
        assertThat(spread.path("high").asDouble()).isCloseTo(mean + half, within(1e-9));

        List<String> csv = Files.readAllLines(set.resolve("repetitions.csv"));
        assertThat(csv).hasSize(4);
        assertThat(csv.getFirst()).startsWith("repetition,seed,tps,");
        assertThat(Files.readAllLines(set.resolve("statistics.csv")).get(1)).startsWith("TPS,3,");
        String html = Files.readString(set.resolve("repeat.html"));
        assertThat(html).contains("TPS per repetition", "each repetition", "95% confidence interval, low",
                "data-key=\"statistics.0.spread.mean\"");
    }

    @Test
    void threePointSweepThenComparedAndRedrawn() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a three-point TP1 sweep (HpssSweepIT sweeps in every suite)");
        Path out = temp.resolve("results");
        Cli cli = Cli.run("sweep", "tp1", "--connections", "4,1,2", "--accounts-per-branch", "2000", "--duration", "2s",
                "--warmup", "1s", "--order-seed", "5", "--out", out.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        // shuffled by default, in the order the seed gives, announced before the points and recorded
        List<Integer> order = io.tpkit.sweep.Sweep.Order.shuffled(5).of(3);
        List<String> ran = order.stream().map(i -> String.valueOf(1 << i)).toList();
        assertThat(cli.err()).containsOnlyOnce("starting embedded PostgreSQL").containsOnlyOnce("loaded tp1")
                .contains("points in shuffled (seed 5) order: " + String.join(", ", ran),
                        "sweep point 1 of 3: " + ran.get(0) + " connections",
                        "sweep point 3 of 3: " + ran.get(2) + " connections");
        assertThat(cli.out()).contains("Order: shuffled (seed 5), as run: " + String.join(", ", ran),
                "Data: each point started from the same data, as loaded: restored before it from a copy made after "
                        + "the load");
        assertThat(cli.out()).contains("tp1 sweep over connections on PostgreSQL", "peak: ", "MVA (from the first point)");
        Path sweep = folder(cli.out(), "Sweep");
        for (String f : List.of("sweep.json", "sweep.csv", "sweep.html")) {
            assertThat(sweep.resolve(f)).exists();
        }
        JsonNode s = json(sweep.resolve("sweep.json"));
        assertThat(s.path("tool").asText()).isEqualTo("tpkit sweep");
        assertThat(s.path("axis").asText()).isEqualTo("connections");
        assertThat(s.path("points")).hasSize(3);
        assertThat(s.path("configuration").has("connections")).isFalse();
        assertThat(s.at("/order/kind").asText()).isEqualTo("shuffled");
        assertThat(s.at("/order/seed").asLong()).isEqualTo(5);
        List<String> recorded = new ArrayList<>();
        s.path("runOrder").forEach(v -> recorded.add(String.valueOf(v.asInt())));
        assertThat(recorded).isEqualTo(ran);
        assertThat(s.at("/startingData/method").asText()).isEqualTo("restore");
        assertThat(s.at("/startingData/sameData").asBoolean()).isTrue();

        List<Knee.Point> points = new ArrayList<>();
        java.time.OffsetDateTime[] started = new java.time.OffsetDateTime[3];
        long seed = -1;
        for (int i = 0; i < 3; i++) {
            JsonNode p = s.path("points").get(i);
            JsonNode result = json(Path.of(p.path("resultDir").asText()).resolve("result.json"));
            int connections = 1 << i;
            assertThat(p.path("value").asDouble()).isEqualTo(connections);
            assertThat(result.at("/workload/connections").asInt()).isEqualTo(connections);
            assertThat(p.path("tps").asDouble()).isEqualTo(result.at("/metrics/throughput/overWallClock").asDouble());
            assertThat(p.at("/types/0/p90Ms").asDouble()).isEqualTo(result.at("/metrics/types/0/response/p90Ms").asDouble());
            // TP1 commits every interaction: the model's measure is the TPS, and the mean is the type's
            assertThat(p.path("requestsPerSecond").asDouble()).isCloseTo(p.path("tps").asDouble(), within(1e-6));
            assertThat(p.path("meanResponseMs").asDouble())
                    .isCloseTo(result.at("/metrics/types/0/response/meanMs").asDouble(), within(1e-9));
            // one server and one load for the whole sweep, one seed for every point; each point
            // restored from the copy of the data as loaded, and checked against the database
            assertThat(result.path("load").isNull() || result.path("load").isMissingNode()).isTrue();
            assertThat(result.at("/database/startingData/method").asText()).isEqualTo("restore");
            assertThat(result.at("/database/transactionsBefore").asLong()).isZero();
            assertThat(result.path("consistency").findValuesAsText("name")).contains("driver-count-matches-database");
            assertThat(result.path("consistency").findValues("passed")).allMatch(JsonNode::asBoolean);
            started[i] = java.time.OffsetDateTime.parse(result.path("startedAt").asText());
            if (seed >= 0) {
                assertThat(result.at("/configuration/seed").asLong()).isEqualTo(seed);
            }
            seed = result.at("/configuration/seed").asLong();
            assertThat(p.at("/mva/requestsPerSecond").asDouble()).isPositive();
            double err = 100 * (p.at("/mva/requestsPerSecond").asDouble() - p.path("requestsPerSecond").asDouble())
                    / p.path("requestsPerSecond").asDouble();
            assertThat(p.at("/mva/requestsErrorPct").asDouble()).isCloseTo(err, within(1e-6));
            points.add(new Knee.Point(connections, p.path("tps").asDouble(), p.path("meanResponseMs").asDouble()));
        }
        // the points ran in the recorded order
        for (int k = 1; k < 3; k++) {
            assertThat(started[order.get(k)]).isAfter(started[order.get(k - 1)]);
        }
        // the peak and the knee are those of the points' own figures
        Knee.Finding f = Knee.find(points, 10, "connections");
        assertThat(s.at("/peak/point").asInt()).isEqualTo(f.peak() + 1);
        assertThat(s.at("/peak/tps").asDouble()).isEqualTo(points.get(f.peak()).throughput());
        assertThat(s.at("/knee/value").isNumber()).isEqualTo(f.kneeReached());
        // the model: demands from the first point, one stream there, so its response time is the service time
        JsonNode in = s.at("/model/inputs");
        assertThat(in.path("thinkSeconds").asDouble()).isZero();
        assertThat(in.path("cpus").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(in.path("cpuDemandMs").asDouble() + in.path("otherDemandMs").asDouble())
                .isCloseTo(Math.max(in.path("serviceDemandMs").asDouble(), in.path("cpuDemandMs").asDouble()), within(1e-9));
        assertThat(s.at("/points/0/mva/responseMs").asDouble())
                .isCloseTo(Math.max(in.path("serviceDemandMs").asDouble(), in.path("cpuDemandMs").asDouble()), within(1e-6));
        assertThat(s.at("/model/curve")).hasSize(4); // 1, 2, 3, 4 connections
        assertThat(in.path("other").asText()).isEqualTo("delay");
        assertThat(s.at("/model/alternative/other").asText()).isEqualTo("queue");
        assertThat(s.at("/model/alternative/curve")).hasSize(4);
        // with one stream the queue and the delay agree; beyond it the queue predicts no more throughput
        assertThat(s.at("/model/alternative/curve/0/requestsPerSecond").asDouble())
                .isCloseTo(s.at("/model/curve/0/requestsPerSecond").asDouble(), within(1e-6));
        assertThat(s.at("/model/alternative/curve/3/requestsPerSecond").asDouble())
                .isLessThanOrEqualTo(s.at("/model/curve/3/requestsPerSecond").asDouble());

        List<String> csv = Files.readAllLines(sweep.resolve("sweep.csv"));
        assertThat(csv).hasSize(4);
        assertThat(csv.getFirst()).startsWith("point,axis,value,arrival,connections,terminals,rate_per_s,tps,");
        String html = Files.readString(sweep.resolve("sweep.html"));
        assertThat(html).contains("Throughput against connections", "Latency against connections",
                "MVA prediction, interactions/s (other demand a delay)", "MVA, other demand a queue", "data-key=\"points.0.tps\"", "Queueing model (exact MVA)");

        // compare reads sweep folders and puts them side by side point by point
        Cli compare = Cli.run("compare", sweep.toString(), sweep.resolve("sweep.json").toString(), "--out",
                temp.resolve("compare").toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("peak TPS", "connections 1: TPS", "connections 4: debit-credit p90 ms",
                "The runs used the same configuration apart from the target");
        Path comparison = folder(compare.out(), "Comparison");
        JsonNode c = json(comparison.resolve("comparison.json"));
        for (JsonNode row : c.path("rows")) {
            if (row.path("metric").asText().equals("connections 2: TPS")) {
                assertThat(row.at("/values/0").asDouble()).isEqualTo(s.at("/points/1/tps").asDouble())
                        .isEqualTo(row.at("/values/1").asDouble());
            }
        }
        assertThat(Files.readString(comparison.resolve("comparison.html"))).contains("Throughput against connections");
        // a sweep and a single run do not compare
        Cli mixed = Cli.run("compare", sweep.toString(), s.at("/points/0/resultDir").asText());
        assertThat(mixed.exitCode()).isEqualTo(2);
        assertThat(mixed.errLines()).singleElement().asString().contains("not both");

        Files.delete(sweep.resolve("sweep.html"));
        Cli report = Cli.run("report", sweep.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(sweep.resolve("sweep.html"))).isEqualTo(html);
    }

    @Test
    void aPointAboveTheServersConnectionLimitIsRefusedBeforeAnythingRuns() throws Exception {
        Path out = temp.resolve("results");
        // the embedded PostgreSQL allows 300 connections
        Cli cli = Cli.run("sweep", "tp1", "--connections", "1,2,400", "--accounts-per-branch", "2000", "--out",
                out.toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(2); // "starting embedded PostgreSQL", then the refusal
        assertThat(cli.errLines().getLast()).startsWith("tpkit: sweep point 400 connections needs 402 connections")
                .contains("max_connections 300", "nothing was run");
        try (Stream<Path> left = Files.list(out)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void badSweepsAndRepeatsAreOneLineErrors() {
        Cli none = Cli.run("sweep", "tp1", "--connections", "4");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.errLines()).singleElement().asString().contains("nothing to sweep");
        Cli two = Cli.run("sweep", "tp1", "--connections", "1,2", "--rate", "100,200");
        assertThat(two.exitCode()).isEqualTo(2);
        assertThat(two.errLines()).singleElement().asString().contains("one variable at a time");
        Cli twice = Cli.run("sweep", "tp1", "--connections", "1,2,2");
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.errLines()).singleElement().asString().contains("names a value twice");
        Cli streams = Cli.run("sweep", "tp1", "--terminals", "5,10");
        assertThat(streams.exitCode()).isEqualTo(2);
        assertThat(streams.errLines()).singleElement().asString().contains("--arrival streams");
        // HPSS's concurrency is its threads: the other axes are refused naming --threads, and --threads elsewhere
        for (String axis : List.of("--connections", "--terminals", "--rate")) {
            Cli hpss = Cli.run("sweep", "hpss", axis, "1,2");
            assertThat(hpss.exitCode()).isEqualTo(2);
            assertThat(hpss.errLines()).singleElement().asString()
                    .endsWith("sweep --threads (e.g. --threads 1,2,4,8) instead of " + axis);
        }
        for (String workload : List.of("tp1", "tpcc")) {
            Cli threads = Cli.run("sweep", workload, "--threads", "1,2");
            assertThat(threads.exitCode()).isEqualTo(2);
            assertThat(threads.errLines()).singleElement().asString().contains("is the size of its data, not a count "
                    + "of threads: sweep its concurrency with --connections");
        }
        Cli noLoad = Cli.run("sweep", "hpss", "--threads", "1,2", "--no-load");
        assertThat(noLoad.exitCode()).isEqualTo(2);
        assertThat(noLoad.errLines()).singleElement().asString().contains("loads the tables afresh before every point")
                .endsWith("drop --no-load");
        Cli oneThread = Cli.run("sweep", "hpss", "--threads", "4");
        assertThat(oneThread.exitCode()).isEqualTo(2);
        assertThat(oneThread.errLines()).singleElement().asString()
                .contains("nothing to sweep: give two values or more to --threads");
        Cli duration = Cli.run("sweep", "hpss", "--threads", "1,2", "--duration", "5s");
        assertThat(duration.exitCode()).isEqualTo(2);
        assertThat(duration.errLines()).singleElement().asString().contains("--duration");
        Cli repeat = Cli.run("run", "tp1", "--repeat", "0");
        assertThat(repeat.exitCode()).isEqualTo(2);
        assertThat(repeat.errLines()).singleElement().asString().contains("--repeat must be at least 1");
        Cli order = Cli.run("sweep", "tp1", "--connections", "1,2", "--point-order", "sideways");
        assertThat(order.exitCode()).isEqualTo(2);
        assertThat(order.errLines()).singleElement().asString().contains("--point-order takes increasing or shuffled");
        Cli orderSeed = Cli.run("sweep", "tp1", "--connections", "1,2", "--point-order", "increasing", "--order-seed", "3");
        assertThat(orderSeed.exitCode()).isEqualTo(2);
        assertThat(orderSeed.errLines()).singleElement().asString().contains("--order-seed shuffles the points");
        Cli noReset = Cli.run("run", "tp1", "--no-reset");
        assertThat(noReset.exitCode()).isEqualTo(2);
        assertThat(noReset.errLines()).singleElement().asString().contains("--no-reset applies to repetitions");
        Cli both = Cli.run("sweep", "tp1", "--connections", "1,2", "--no-reset", "--reload");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.errLines()).singleElement().asString().contains("--no-reset and --reload contradict");
        Cli level = Cli.run("run", "tp1", "--confidence", "90");
        assertThat(level.exitCode()).isEqualTo(2);
        assertThat(level.errLines()).singleElement().asString().contains("--confidence applies to repetitions");
    }
}
