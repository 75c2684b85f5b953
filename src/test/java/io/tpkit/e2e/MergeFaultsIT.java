package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Partition;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'tpkit merge' on the parts of real split runs of TP1 (two parts against one embedded
 * PostgreSQL), whose files are then damaged, or whose database is changed, the way they are in the
 * field: the merge refuses in one line what does not add up, names the right part, and judges the
 * outage rule and the machines' shares on the whole run.
 */
class MergeFaultsIT {
    private static Target server;
    /** Two parts of one clean split run, copied before each test damages them. */
    private static List<Path> clean;

    @TempDir
    static Path shared;
    @TempDir
    Path temp;

    @BeforeAll
    static void loadAndRunOnce() throws Exception {
        BenchmarkConfig c = BenchmarkConfig.builder("tp1").build();
        server = new EmbeddedPostgresTarget().open(c, line -> { });
        Tpkit.load(config().loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
        clean = folders(runParts("clean", shared.resolve("clean"), i -> null, null));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").target(server.jdbcUrl()).user(server.user()).scale(2)
                .option("accounts-per-branch", "2000").connections(2).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(4)).seed(29);
    }

    /** Both parts of a split run at once, each a whole tpkit run with its own pool. */
    private static List<RunResult> runParts(String name, Path out, IntFunction<RunControl> controls,
                                            BenchmarkConfig.Builder base) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<RunResult>> futures = new ArrayList<>();
            for (int i = 1; i <= 2; i++) {
                BenchmarkConfig c = (base == null ? config() : base).outDir(out)
                        .partition(new Partition(i, 2, name)).build();
                RunControl control = controls.apply(i);
                futures.add(pool.submit(() -> Tpkit.run(c, RunListener.SILENT,
                        control == null ? new RunControl() : control)));
            }
            List<RunResult> results = new ArrayList<>();
            for (Future<RunResult> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }

    private static List<Path> folders(List<RunResult> parts) {
        return parts.stream().map(p -> Path.of(p.resultDir())).toList();
    }

    /** Copies of the clean parts, for one test to damage. */
    private List<Path> copies() throws IOException {
        List<Path> copies = new ArrayList<>();
        for (Path part : clean) {
            Path copy = Files.createDirectories(temp.resolve("parts").resolve(part.getFileName()));
            try (Stream<Path> files = Files.list(part)) {
                for (Path f : files.toList()) {
                    Files.copy(f, copy.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            copies.add(copy);
        }
        return copies;
    }

    private Cli merge(List<Path> parts, String... more) {
        List<String> args = new ArrayList<>(List.of("merge"));
        parts.forEach(p -> args.add(p.toString()));
        args.addAll(List.of("--out", temp.resolve("merged").toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    /** The line number of the first measured response-time interval of the hlog (a line with "Tag=debit-credit,"). */
    private static int firstMeasuredLine(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("Tag=debit-credit,")) {
                return i;
            }
        }
        throw new AssertionError("no measured interval in the hlog");
    }

    @Test
    void anHlogCutMidLineIsRefusedInOneLineNamingTheFileAndTheLine() throws Exception {
        List<Path> parts = copies();
        Path hlog = parts.get(1).resolve("histograms.hlog");
        List<String> lines = Files.readAllLines(hlog);
        int cut = firstMeasuredLine(lines) + 3;
        String half = lines.get(cut).substring(0, lines.get(cut).length() / 2);
        Files.writeString(hlog, String.join("\n", lines.subList(0, cut)) + "\n" + half, StandardCharsets.US_ASCII);

        Cli cli = merge(parts, "--verbose");

        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines().getFirst()).contains(hlog.toString() + ", line " + (cut + 1) + ":");
        assertThat(cli.errLines().getFirst()).doesNotContain("No line found", "--verbose");
        assertThat(temp.resolve("merged")).doesNotExist();
        Cli plain = merge(parts);
        assertThat(plain.errLines()).hasSize(1);
    }

    @Test
    void garbledBase64IsRefusedInOneLineNamingTheFileAndTheLine() throws Exception {
        List<Path> parts = copies();
        Path hlog = parts.get(0).resolve("histograms.hlog");
        List<String> lines = new ArrayList<>(Files.readAllLines(hlog));
        int garbled = firstMeasuredLine(lines) + 1;
        String line = lines.get(garbled);
        int at = line.indexOf("HISTF") + 12;
        lines.set(garbled, line.substring(0, at) + "!?" + line.substring(at + 2));
        Files.write(hlog, lines);

        Cli cli = merge(parts);

        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.errLines().getFirst()).contains(hlog.toString() + ", line " + (garbled + 1) + ":", "garbled");
    }

    @Test
    void mergeAcceptsVerbose() {
        Cli help = Cli.run("merge", "--help");
        assertThat(help.out()).contains("--verbose");
    }

    @Test
    void aPartFolderHoldingAnotherRunsHlogIsRefusedWithBothCounts() throws Exception {
        List<Path> parts = copies();
        // another run's histograms: part 1's, whose counts are not part 2's
        Files.copy(parts.get(0).resolve("histograms.hlog"), parts.get(1).resolve("histograms.hlog"),
                StandardCopyOption.REPLACE_EXISTING);
        RunResult own = io.tpkit.result.ResultReader.read(parts.get(1));
        RunResult other = io.tpkit.result.ResultReader.read(parts.get(0));
        long ownCount = own.metrics().types().getFirst().committed() + own.metrics().types().getFirst().businessRollbacks();
        long otherCount = other.metrics().types().getFirst().committed()
                + other.metrics().types().getFirst().businessRollbacks();
        org.junit.jupiter.api.Assumptions.assumeTrue(ownCount != otherCount, "the two parts happened to count alike");

        Cli cli = merge(parts);

        assertThat(cli.exitCode()).as(cli.err() + cli.out()).isEqualTo(2);
        assertThat(cli.errLines()).hasSize(1);
        assertThat(cli.errLines().getFirst()).contains("part 2 (" + parts.get(1),
                String.format(java.util.Locale.ROOT, "%,d", ownCount), String.format(java.util.Locale.ROOT, "%,d", otherCount));
    }

    @Test
    void theMergedVerdictNamesThePartThatWasInterrupted() throws Exception {
        RunControl second = new RunControl();
        Thread stopper = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(4_000); // the parts meet (about 3 s), warm up 1 s, measure 4 s: stop part 2 inside
                second.abort();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<RunResult> parts = runParts("interrupted", temp.resolve("runs"), i -> i == 2 ? second : null, null);
        stopper.join();
        assertThat(parts.get(1).metrics().incomplete()).isTrue();
        assertThat(parts.get(0).metrics().incomplete()).isFalse();

        RunResult merged = Tpkit.merge(folders(parts), temp.resolve("merged"), b -> b, RunListener.SILENT);

        RuleResult complete = rule(merged, "complete");
        assertThat(complete.failed()).isTrue();
        assertThat(complete.detail()).startsWith("part 2: ").doesNotContain("part 1");
    }

    @Test
    void anOutageOfTheDatabaseIsJudgedOnTheMergedSeconds() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("an outage judged on merged parts");
        String db = server.jdbcUrl();
        try (Connection admin = DriverManager.getConnection(db, server.user(), null);
             Statement s = admin.createStatement()) {
            s.execute("ALTER DATABASE " + admin.getCatalog() + " SET lock_timeout = '100ms'");
        }
        Thread locker = Thread.ofPlatform().start(() -> {
            try (Connection c = DriverManager.getConnection(db, server.user(), null); Statement s = c.createStatement()) {
                s.execute("SET lock_timeout = 0");
                Thread.sleep(5_000); // inside the measurement of both parts (they meet, warm up 1 s)
                c.setAutoCommit(false);
                s.execute("LOCK TABLE tp1_branch IN ACCESS EXCLUSIVE MODE");
                Thread.sleep(3_000);
                c.rollback();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<RunResult> parts;
        try {
            parts = runParts("outage", temp.resolve("runs"), i -> null,
                    config().maxRetries(0).duration(Duration.ofSeconds(8)));
            locker.join();
        } finally {
            try (Connection admin = DriverManager.getConnection(db, server.user(), null);
                 Statement s = admin.createStatement()) {
                s.execute("ALTER DATABASE " + admin.getCatalog() + " RESET lock_timeout");
            }
        }
        assertThat(rule(parts.get(0), "no-outage").failed()).as("part 1 saw the outage").isTrue();

        RunResult merged = Tpkit.merge(folders(parts), temp.resolve("merged"), b -> b, RunListener.SILENT);

        RuleResult outage = rule(merged, "no-outage");
        assertThat(outage.failed()).as(outage.detail()).isTrue();
        assertThat(outage.detail()).contains("outage(s)");
        assertThat(merged.outages()).isNotEmpty();
        assertThat(merged.validity().verdict()).contains("no-outage");
    }

    @Test
    void partsOnOneMachineCountItsCpusOnceAndTheServerCountersComeThrough() throws Exception {
        List<RunResult> parts = clean.stream().map(io.tpkit.result.ResultReader::read).toList();
        assertThat(parts.get(0).environment().machine()).isEqualTo(parts.get(1).environment().machine());

        RunResult merged = Tpkit.merge(clean, temp.resolve("merged"), b -> b, RunListener.SILENT);

        int cpus = Runtime.getRuntime().availableProcessors();
        assertThat(merged.environment().cpus()).isEqualTo(cpus);
        // the drivers' CPU over one machine's CPUs: the parts' own shares added
        double parts1 = parts.get(0).cost().driverMachinePct() * parts.get(0).metrics().measurementSeconds();
        double parts2 = parts.get(1).cost().driverMachinePct() * parts.get(1).metrics().measurementSeconds();
        assertThat(merged.cost().driverMachinePct())
                .isCloseTo((parts1 + parts2) / merged.metrics().measurementSeconds(), within(0.5));
        // WAL per transaction and the database's share, from the server counters every part read
        assertThat(parts.get(0).cost().walBytes()).isNotNull();
        assertThat(merged.cost().walBytes()).isNotNull().isPositive();
        assertThat(merged.cost().databaseMachinePct()).isNotNull().isPositive();
        assertThat(merged.cost().databaseMachinePct())
                .isCloseTo(100 * merged.cost().databaseCpuMicros() * 1e3 * merged.metrics().totalCommitted()
                        / (merged.metrics().measurementSeconds() * 1e9 * cpus), within(0.01));
    }

    @Test
    void aMergeAfterTheDatabaseWasReloadedIsRefusedInsteadOfANegativeCount() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a merge after a reload");
        List<RunResult> parts = runParts("reloaded", temp.resolve("runs"), i -> null, null);
        Tpkit.load(config().loadPolicy(LoadPolicy.ALWAYS).outDir(temp).build(), RunListener.SILENT);

        Cli cli = merge(folders(parts));

        assertThat(cli.exitCode()).as(cli.err() + cli.out()).isEqualTo(2);
        String error = cli.errLines().getLast();
        assertThat(error).startsWith("tpkit: the database at ").contains("holds 0 tp1 transactions",
                "reloaded since the parts ran");
        assertThat(Pattern.compile("(^|\\s)-\\d").matcher(error).find()).isFalse();
        assertThat(cli.out()).doesNotContain("recorded -");
    }

    @Test
    void aLateMergeSaysWhyTheCountsDisagree() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a merge of parts that ended apart");
        List<RunResult> parts = runParts("late", temp.resolve("runs"), i -> null, null);
        Tpkit.run(config().outDir(temp.resolve("another")).build()); // another run on the database before the merge

        RunResult merged = Tpkit.merge(folders(parts), temp.resolve("merged"), b -> b, RunListener.SILENT);

        CheckResult count = merged.consistency().stream()
                .filter(c -> c.name().equals("driver-count-matches-database")).findFirst().orElseThrow();
        assertThat(count.failed()).isTrue();
        assertThat(count.detail()).contains("another run or load wrote to the database after the parts ended");
        Matcher negative = Pattern.compile("(^|[^\\w])-\\d").matcher(count.detail());
        assertThat(negative.find()).as(count.detail()).isFalse();
    }

    private static RuleResult rule(RunResult r, String id) {
        return r.validity().rules().stream().filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no rule " + id + " in " + r.validity().rules()));
    }
}
