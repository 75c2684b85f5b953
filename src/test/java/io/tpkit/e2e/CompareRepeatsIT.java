package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.result.ResultWriter;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.sweep.RepeatResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tpkit compare of repeat folders made on the embedded PostgreSQL: the verdicts and the gate as
 * the database's speed decides them, and a repetition cut short left out and counted.
 */
class CompareRepeatsIT {
    @TempDir
    Path temp;

    private static final String[] SMALL = {"--accounts-per-branch", "1000", "--connections", "1", "--warmup", "1s",
        "--duration", "3s"};

    /** {@code tpkit run tp1 --repeat N} with the small options and these settings; its repeat folder. */
    private Path repeat(int times, Path out, String... settings) {
        List<String> args = new ArrayList<>(List.of("run", "tp1", "--repeat", Integer.toString(times)));
        args.addAll(List.of(SMALL));
        args.addAll(List.of(settings));
        args.addAll(List.of("--out", out.toString()));
        Cli cli = Cli.run(args.toArray(String[]::new));
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        return folder(cli.out(), "Repetitions");
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

    @Test
    void theDatabasesSpeedDecidesTheVerdictsAndTheGate() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("repeat folders compared and gated");
        // commits that do not wait for the disk, against durable commits each delayed 2 ms by the server;
        // five runs of the fast side, whose CPU-bound speed moves most with the machine's other work
        Path fast = repeat(5, temp.resolve("fast"), "--server-setting", "synchronous_commit=off");
        Path slow = repeat(3, temp.resolve("slow"), "--server-setting", "commit_delay=2000", "--server-setting",
                "commit_siblings=0");

        Cli gated = Cli.run("compare", fast.toString(), slow.toString(), "--fail-if-slower", "10",
                "--out", temp.resolve("c1").toString());
        assertThat(gated.exitCode()).as(gated.out() + gated.err()).isEqualTo(3);
        String out = gated.out();
        assertThat(out).contains("Changes, set 2", "95% interval", "runs: 5 of 5 repetitions used", "runs: 3 of 3 repetitions used",
                "Fieller's interval for a ratio of independent means", "Noise threshold: 2%");
        // the TPS line of the changes: means, ratio, interval, runs per side, verdict
        assertThat(line(out, "TPS ")).matches("TPS +[\\d,.]+ +[\\d,.]+ +0\\.\\d+ +\\[-?[\\d.]+, 0\\.\\d+\\] +5 / 3 +slower");
        // a p99 of 3 and 5 runs moves with the machine's noise: it must never be judged better
        assertThat(line(out, "debit-credit: response p99 ms ")).doesNotEndWith("lower (better)")
                .containsAnyOf("higher (worse)", "no difference shown", "within noise");
        assertThat(line(out, "gate: ")).matches("gate: FAILED: TPS ratio 0\\.\\d+ \\[.+\\]: slower by more than 10% "
                + "\\(the whole interval below 0\\.900; 5 and 3 runs, Fieller-Welch 95%\\)");
        Path comparison = folder(out, "Comparison");
        JsonNode json = ResultWriter.json().readTree(comparison.resolve("comparison.json").toFile());
        JsonNode tps = json.at("/rows").findParents("id").stream().filter(r -> r.path("id").asText().equals("tps"))
                .findFirst().orElseThrow();
        assertThat(tps.at("/changes/1/verdict").asText()).isEqualTo("slower");
        assertThat(tps.at("/samples/0")).hasSize(5);
        assertThat(tps.at("/samples/1")).hasSize(3);
        assertThat(tps.at("/changes/1/estimate/high").asDouble()).isLessThan(0.9);
        assertThat(json.at("/level").asDouble()).isEqualTo(0.95);
        assertThat(json.at("/gate/outcome").asText()).isEqualTo("failed");
        assertThat(json.at("/runs/1/counts/used").asInt()).isEqualTo(3);
        String html = Files.readString(comparison.resolve("comparison.html"));
        assertThat(html).contains("id=\"changes-1\"", ">slower<", "id=\"gate\" class=\"fail\"", "repeat.html");

        // the other way round, without a gate: faster, and exit 0
        Cli reverse = Cli.run("compare", slow.toString(), fast.toString(), "--out", temp.resolve("c2").toString());
        assertThat(reverse.exitCode()).as(reverse.err()).isZero();
        assertThat(line(reverse.out(), "TPS ")).endsWith("3 / 5   faster");

        // the level and the noise threshold as given: a 95 % slower TPS is within a noise of 99 %
        Cli wide = Cli.run("compare", fast.toString(), slow.toString(), "--confidence", "90", "--noise", "99",
                "--out", temp.resolve("c3").toString());
        assertThat(wide.exitCode()).as(wide.err()).isZero();
        assertThat(wide.out()).contains("90% interval", "Noise threshold: 99%");
        assertThat(line(wide.out(), "TPS ")).endsWith("5 / 3   within noise");
    }

    @Test
    void aRepetitionCutShortIsLeftOutAndCountedByRepeatAndByCompare() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a repetition cut short, by repeat and by compare");
        BenchmarkConfig config = BenchmarkConfig.builder("tp1").option("accounts-per-branch", "1000").connections(1)
                .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3)).outDir(temp.resolve("cut")).build();
        RunControl control = new RunControl();
        // Ctrl-C, as a user presses it, a moment into the third repetition's measurement
        RunListener interrupting = new RunListener() {
            private volatile boolean third;

            @Override
            public void message(String line) {
                third |= line.startsWith("repetition 3 of 3");
            }

            @Override
            public void sample(IntervalSample sample, double phaseElapsed, double phaseLength, long measured) {
                if (third && measured > 0) {
                    control.abort();
                }
            }
        };
        RepeatResult r = Tpkit.repeat(config, 3, 0.95, interrupting, control);

        assertThat(r.runs()).hasSize(3);
        assertThat(r.runs().get(2).incomplete()).isTrue();
        assertThat(r.runs().get(2).leftOut()).isEqualTo("incomplete");
        assertThat(r.used().summary()).isEqualTo("2 of 3 repetitions used (1 incomplete)");
        assertThat(r.statistics()).allMatch(s -> s.spread().n() == 2);
        JsonNode json = ResultWriter.json().readTree(Path.of(r.folder()).resolve("repeat.json").toFile());
        assertThat(json.at("/used/used").asInt()).isEqualTo(2);
        assertThat(json.at("/runs/2/leftOut").asText()).isEqualTo("incomplete");

        // compare reads the folder with the same rule; against itself, every figure shows no difference
        Cli cli = Cli.run("compare", r.folder(), r.folder(), "--out", temp.resolve("c").toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("runs: 2 of 3 repetitions used (1 incomplete)", "left out (incomplete): "
                + r.runs().get(2).resultDir());
        assertThat(line(cli.out(), "TPS ")).endsWith("2 / 2   no difference shown");
        List<Path> runs;
        try (Stream<Path> s = Files.list(temp.resolve("cut"))) {
            runs = s.filter(p -> p.getFileName().toString().startsWith("tp1-")).toList();
        }
        assertThat(runs).hasSize(3);
    }
}
