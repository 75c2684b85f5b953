package io.tpkit.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tpkit.analysis.ChangePoints;
import io.tpkit.config.BadInputException;
import io.tpkit.report.HistoryFolder;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading, grouping and ordering result folders written here as tpkit writes them, and the change
 * point of a series whose shift is known: run 8 is the first run after a server setting changed.
 */
class HistoriesTest {
    @TempDir
    Path temp;
    private Path results;
    private int folders;

    private static final String RESULT = """
            {"startedAt": "2026-11-20T10:00:00Z",
             "workload": {"name": "tp1", "arrival": "streams", "terminals": 1, "connections": 1,
               "parameters": {"scale": 1}},
             "configuration": {"workload": "tp1", "target": "jdbc:postgresql://db/bench?password=secret",
               "user": "bench", "scale": null, "connections": 1, "terminals": null, "arrival": null,
               "logic": "client", "thinkFactor": 1.0, "warmupSeconds": 0.0, "durationSeconds": 2.0,
               "isolation": "default", "load": "if_empty", "seed": 1, "options": {"accounts-per-branch": "2000"}},
             "database": {"product": "PostgreSQL", "version": "18.6", "settings": {"fsync": "on", "commit_delay": "0"}},
             "environment": {"tpkitVersion": "0.1.0", "host": "vm", "cpus": 2},
             "metrics": {"measurementSeconds": 2.0, "incomplete": false,
               "throughput": {"overWallClock": 600.0, "sumOfStreams": 600.0}, "types": []},
             "headline": {},
             "validity": {"verdict": "non-standard: measurement-interval", "conformant": false, "rules": [
               {"id": "measurement-interval", "rule": "at least 15 min", "status": "FAILED", "detail": "2 s"}]},
             "consistency": [{"name": "balances", "passed": true, "detail": "ok"}]}
            """;

    @BeforeEach
    void folder() {
        results = temp.resolve("results");
    }

    /** A run's folder with its result.json: {@code minute} minutes after the template's start. */
    private Path run(int minute, double tps, String commitDelay, String... edits) throws Exception {
        ObjectNode r = (ObjectNode) ResultWriter.json().readTree(RESULT);
        r.put("startedAt", Instant.parse("2026-11-20T10:00:00Z").plusSeconds(60L * minute).toString());
        ((ObjectNode) r.at("/metrics/throughput")).put("overWallClock", tps).put("sumOfStreams", tps);
        ((ObjectNode) r.at("/database/settings")).put("commit_delay", commitDelay);
        ((ObjectNode) r.path("configuration")).put("seed", minute);
        for (String edit : edits) {
            String[] kv = edit.split("=", 2);
            int slash = kv[0].lastIndexOf('/');
            ((ObjectNode) r.at(kv[0].substring(0, slash))).set(kv[0].substring(slash + 1),
                    ResultWriter.json().readTree(kv[1]));
        }
        // folder names out of time order: the history orders by startedAt, not by name
        Path dir = results.resolve(String.format("tp1-%03d-x%d", 97 * ++folders % 101, minute));
        Files.createDirectories(dir);
        r.put("resultDir", dir.toString());
        ResultWriter.writeJson(dir.resolve("result.json"), r);
        return dir;
    }

    /** A set of repetitions as --repeat writes it: its repeat.json beside its repetitions' folders. */
    private void repeat(int minute, double... tps) throws Exception {
        ObjectNode json = ResultWriter.json().createObjectNode();
        json.put("tool", "tpkit repeat").put("workload", "tp1").put("requested", tps.length)
                .put("startedAt", Instant.parse("2026-11-20T10:00:00Z").plusSeconds(60L * minute).toString())
                .put("product", "PostgreSQL").put("version", "18.6");
        ObjectNode configuration = (ObjectNode) ResultWriter.json().readTree(RESULT).path("configuration");
        configuration.remove("seed");
        json.set("configuration", configuration);
        ArrayNode runs = json.putArray("runs");
        for (int i = 0; i < tps.length; i++) {
            boolean incomplete = i == tps.length - 1;
            Path dir = run(minute, tps[i], "0", "/metrics/incomplete=" + incomplete);
            ObjectNode rep = runs.addObject();
            rep.put("index", i + 1).put("seed", i).put("verdict", "non-standard: measurement-interval")
                    .put("consistent", true).put("incomplete", incomplete).put("resultDir", dir.toString());
            rep.putObject("values").put("TPS", tps[i]);
        }
        Path dir = results.resolve("repeat-tp1-" + minute);
        Files.createDirectories(dir);
        ResultWriter.writeJson(dir.resolve("repeat.json"), json);
    }

    /**
     * 14 points of one configuration: 7 at about 600 TPS, then 7 at about 300 after commit_delay
     * went from 0 to 1000; point 3 a set of 3 repetitions (the last interrupted), point 5
     * interrupted, point 11 with a failed consistency check. Three runs of another duration.
     */
    private void series() throws Exception {
        double[] before = {605, 597, 0, 608, 40, 594, 602};
        double[] after = {301, 296, 305, 900, 298, 303, 299};
        for (int i = 0; i < 7; i++) {
            if (i == 2) {
                repeat(10 * (i + 1), 601, 599, 20);
            } else if (i == 4) {
                run(10 * (i + 1), before[i], "0", "/metrics/incomplete=true");
            } else {
                run(10 * (i + 1), before[i], "0");
            }
        }
        for (int i = 0; i < 7; i++) {
            if (i == 3) {
                run(70 + 10 * (i + 1), after[i], "1000", "/consistency/0/passed=false");
            } else {
                run(70 + 10 * (i + 1), after[i], "1000");
            }
        }
        for (int i = 0; i < 3; i++) {
            run(200 + i, 500, "0", "/configuration/durationSeconds=5.0");
        }
    }

    private History history() {
        return Histories.of(List.of(results), null, ChangePoints.Settings.DEFAULT, false);
    }

    @Test
    void aKnownShiftIsFoundBetweenTheRunsWhereTheSettingChanged() throws Exception {
        series();
        History h = history();
        assertThat(h.groups()).hasSize(2);
        HistoryGroup g = h.groups().getFirst();
        assertThat(g.points()).hasSize(14);
        assertThat(g.figure()).isEqualTo("tps");
        assertThat(g.changes()).hasSize(1);
        HistoryGroup.Change c = g.changes().getFirst();
        assertThat(c.lastBefore()).isEqualTo(7);
        assertThat(c.firstAfter()).isEqualTo(8);
        assertThat(c.meanBefore()).isBetween(595.0, 607.0);
        assertThat(c.meanAfter()).isBetween(296.0, 305.0);
        assertThat(c.relativePct()).isBetween(-52.0, -48.0);
        assertThat(c.pValue()).isLessThanOrEqualTo(0.05);
        assertThat(c.alsoChanged()).containsExactly("setting commit_delay 0 -> 1000");
        assertThat(c.nearby()).isEmpty();
        assertThat(g.segments()).extracting(HistoryGroup.Segment::n).containsExactly(6, 6);
        assertThat(g.contextChanges()).containsExactly("run 8: setting commit_delay 0 -> 1000");
        String text = HistoryText.render(h);
        assertThat(text).contains("change at run 8 (2026-11-20 11:20): TPS 601.0 -> 300.3 (-50.0 %), p = "
                + HistoryText.p(c.pValue()) + " (e-divisive means, 199 permutations)", "between run 7 (",
                "also changed between them: setting commit_delay 0 -> 1000",
                "segments: runs 1-7 mean 601.0 (6 points), runs 8-14 mean 300.3 (6 points)");
    }

    @Test
    void pointsAreInTimeOrderAndTheUnfitAreMarkedAndLeftOut() throws Exception {
        series();
        HistoryGroup g = history().groups().getFirst();
        List<String> starts = g.points().stream().map(HistoryPoint::startedAt).toList();
        assertThat(starts).isSorted();
        HistoryPoint set = g.points().get(2);
        assertThat(set.kind()).isEqualTo(HistoryPoint.REPETITIONS);
        // the interrupted repetition is left out of the mean: (601 + 599) / 2
        assertThat(set.value()).isEqualTo(600.0);
        assertThat(set.repetitions()).isEqualTo(2);
        assertThat(set.repetitionsDone()).isEqualTo(3);
        assertThat(set.used()).isTrue();
        assertThat(g.points().get(4).used()).isFalse();
        assertThat(g.points().get(4).leftOutBecause()).contains("incomplete");
        assertThat(g.points().get(10).used()).isFalse();
        assertThat(g.points().get(10).leftOutBecause()).contains("consistency");
        assertThat(g.everyRunFails()).containsExactly("measurement-interval");
        assertThat(g.note()).contains("1 change point among 12 points", "2 points left out");
        String text = HistoryText.render(history());
        assertThat(text).contains("LEFT OUT: incomplete (interrupted)", "LEFT OUT: consistency checks failed",
                "2/3", "2 of 3 repetitions used (1 incomplete)");
    }

    @Test
    void repetitionsAreOnePointAndNotCountedAgainAsRuns() throws Exception {
        series();
        History h = history();
        assertThat(h.repetitionSets()).isEqualTo(1);
        assertThat(h.repetitions()).isEqualTo(3);
        // 13 + 3 runs of their own; the 3 repetitions are in the set's point only
        assertThat(h.runs()).isEqualTo(16);
        assertThat(h.groups().stream().mapToInt(g -> g.points().size()).sum()).isEqualTo(17);
    }

    @Test
    void repetitionsWhoseFoldersAreGoneAreReadFromRepeatJson() throws Exception {
        repeat(10, 601, 599, 20);
        try (var dirs = Files.list(results)) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("tp1-")).toList()) {
                Files.delete(dir.resolve("result.json"));
                Files.delete(dir);
            }
        }
        History h = history();
        HistoryPoint set = h.groups().getFirst().points().getFirst();
        assertThat(h.runs()).isZero();
        assertThat(set.value()).isEqualTo(600.0);
        assertThat(set.verdict()).isEqualTo("2 of 3 repetitions used (1 incomplete); non-standard: measurement-interval");
        assertThat(set.context()).containsEntry("server version", "18.6");
    }

    @Test
    void anotherDurationIsAnotherGroupAndTheOutputSaysWhichKeyKeptThemApart() throws Exception {
        series();
        History h = history();
        HistoryGroup other = h.groups().get(1);
        assertThat(other.points()).hasSize(3);
        assertThat(other.key()).containsEntry("durationSeconds", "5");
        assertThat(h.groups().getFirst().key()).containsEntry("durationSeconds", "2")
                .doesNotContainKeys("seed", "user", "load").containsEntry("scale", "1").containsEntry("terminals", "1");
        assertThat(h.closeGroups()).containsExactly("groups 1 and 2 (tp1) differ in durationSeconds: 2 | 5");
        assertThat(other.name()).contains("durationSeconds 5");
        assertThat(other.note()).contains("3 points fit for the analysis, at least 6 needed");
    }

    @Test
    void aPasswordInTheTargetAppearsNowhere() throws Exception {
        series();
        History h = HistoryFolder.write(temp.resolve("out"), history());
        assertThat(h.groups().getFirst().key().get("target")).isEqualTo("jdbc:postgresql://db/bench?password=***");
        Path dir = Path.of(h.folder());
        assertThat(dir.getFileName().toString()).startsWith("history-").endsWith("-2-groups");
        for (String file : List.of("history.json", "history.txt", "history.html")) {
            assertThat(Files.readString(dir.resolve(file))).as(file).doesNotContain("secret");
        }
        assertThat(HistoryText.render(h)).doesNotContain("secret");
    }

    @Test
    void theReportMarksTheChangeAndDrawsEachSegmentsMean() throws Exception {
        series();
        History h = HistoryFolder.write(temp.resolve("out"), history());
        String html = Files.readString(Path.of(h.folder()).resolve("history.html"));
        assertThat(html).contains("<svg id=\"group-1\"", "class=\"marker\" data-x=\"8.0\"",
                "data-series=\"mean of runs 1-7: 601.0\"", "data-series=\"mean of runs 8-14: 300.3\"",
                "data-series=\"left out of the analysis\"", "change at run 8");
        // the run's report is linked relative to the history's folder
        assertThat(html).contains("href=\"../../results/");
        JsonNode json = ResultWriter.json().readTree(Path.of(h.folder()).resolve("history.json").toFile());
        assertThat(json.at("/groups/0/changes/0/firstAfter").asInt()).isEqualTo(8);
        assertThat(json.at("/settings/permutations").asInt()).isEqualTo(199);
        // and it reads back: tpkit report writes the page again from history.json
        Files.delete(Path.of(h.folder()).resolve("history.html"));
        io.tpkit.report.HistoryReport.write(Path.of(h.folder()));
        assertThat(Files.readString(Path.of(h.folder()).resolve("history.html"))).isEqualTo(html);
    }

    @Test
    void filesThatAreNotResultsAreCountedByKind() throws Exception {
        series();
        Files.createDirectories(results.resolve("junk"));
        Files.writeString(results.resolve("junk/result.json"), "{\"hello\": 1}");
        Files.createDirectories(results.resolve("broken"));
        Files.writeString(results.resolve("broken/result.json"), "{not json");
        Files.createDirectories(results.resolve(".tp1-20261120-100000-x.partial-123"));
        Files.writeString(results.resolve(".tp1-20261120-100000-x.partial-123/result.json"), RESULT);
        History h = history();
        assertThat(h.skipped()).extracting(History.Skipped::kind).containsExactlyInAnyOrder(
                "result.json that is not a tpkit result", "result.json that is not JSON",
                "unfinished result folder (being written, or left by a run that was killed)");
        assertThat(h.runs()).isEqualTo(16);
        assertThat(HistoryText.render(h)).contains("skipped 1 result.json that is not a tpkit result: ");
    }

    @Test
    void theHeadlineFigureIsTheDefaultAndAnyFigureCanBeChosen() throws Exception {
        for (int i = 0; i < 8; i++) {
            run(i, 100 + i, "0", "/workload/name=\"tpcc\"", "/configuration/workload=\"tpcc\"",
                    "/headline={\"nopm\": {\"label\": \"NOPM (New-Orders per minute)\", \"value\": " + (1000 + i)
                            + ", \"unit\": \"1/min\"}}");
        }
        HistoryGroup g = history().groups().getFirst();
        assertThat(g.figure()).isEqualTo("nopm");
        assertThat(g.points().getFirst().value()).isEqualTo(1000.0);
        assertThat(g.points().getFirst().tps()).isEqualTo(100.0);
        assertThat(HistoryText.render(history())).contains("NOPM", "TPS");
        HistoryGroup tps = Histories.of(List.of(results), "TPS", ChangePoints.Settings.DEFAULT, false).groups()
                .getFirst();
        assertThat(tps.figure()).isEqualTo("tps");
        assertThat(tps.points().getFirst().value()).isEqualTo(100.0);
        assertThatThrownBy(() -> Histories.of(List.of(results), "tpmc", ChangePoints.Settings.DEFAULT, false))
                .isInstanceOf(BadInputException.class).hasMessageContaining("choose one of nopm, tps");
    }

    @Test
    void badInputIsOneClearLine() throws Exception {
        assertThatThrownBy(() -> Histories.of(List.of(temp.resolve("nothing")), null, ChangePoints.Settings.DEFAULT,
                false)).isInstanceOf(BadInputException.class).hasMessageStartingWith("no such folder");
        Files.createDirectories(temp.resolve("empty"));
        assertThatThrownBy(() -> Histories.of(List.of(temp.resolve("empty")), null, ChangePoints.Settings.DEFAULT,
                false)).isInstanceOf(BadInputException.class).hasMessageStartingWith("no tpkit result.json");
        assertThatThrownBy(() -> Histories.of(List.of(), null, ChangePoints.Settings.DEFAULT, false))
                .isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> Histories.of(List.of(temp), null, new ChangePoints.Settings(10, 0.05, 3, 1), false))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--permutations 19");
    }

    @Test
    void conformantOnlyLeavesTheNonStandardOut() throws Exception {
        series();
        History h = Histories.of(List.of(results), null, ChangePoints.Settings.DEFAULT, true);
        assertThat(h.groups().getFirst().points()).noneMatch(HistoryPoint::used);
        assertThat(h.groups().getFirst().points().get(0).leftOutBecause()).contains("not conformant");
    }
}
