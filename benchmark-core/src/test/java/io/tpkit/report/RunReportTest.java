package io.tpkit.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's figures, from a typed result, without a database. */
class RunReportTest {
    @TempDir
    Path temp;

    private static final String RESULT = """
            {"workload": {"name": "tpcc", "arrival": "closed", "terminals": 10, "connections": 2,
               "parameters": {"scale": 2, "warehouses": 2, "logic": "client: SQL statements sent by the driver"}},
             "configuration": {"seed": 42, "thinkFactor": 0.0, "isolation": "default", "logic": "client"},
             "database": {"product": "PostgreSQL", "version": "18.6", "kind": "jdbc-url",
               "url": "jdbc:postgresql://db.example.org:5433/bench?user=me&password=***",
               "durable": true, "durabilityIssues": [],
               "settings": {"fsync": "on", "default_transaction_isolation": "read committed"}},
             "environment": {"cpus": 2, "driverCpuSeconds": 1.5, "memoryBytes": 25276514304},
             "startedAt": "2026-11-24T07:32:47.453346324Z",
             "load": {"workload": "tpcc", "scale": 2, "seconds": 200.4, "rows": 1197138, "rowsPerSecond": 5973.7,
               "databaseBytes": 1288490189, "bytesPerScaleUnit": 644245094},
             "metrics": {"measurementSeconds": 10.0, "warmupSeconds": 2.0, "measuredBy": "10 s duration",
               "throughput": {"overWallClock": 1918.0, "sumOfStreams": 1918.0},
               "types": [{"name": "new-order", "committed": 19180, "perSecond": 1918.0,
                 "failed": {"deadlock": 2, "other": 1}, "retries": {"deadlock": 5},
                 "response": {"count": 19180, "meanMs": 1.0, "p50Ms": 1.0, "p90Ms": 2.5, "p95Ms": 3,
                              "p99Ms": 4, "p999Ms": 5, "maxMs": 6}}],
               "stalls": {"count": 1, "totalSeconds": 1.0, "longestSeconds": 1.0, "longestFrom": 3.0,
                 "stretches": [{"from": 3.0, "to": 4.0, "inFlight": 4, "phase": "measurement"}]}},
             "headline": {"nopm": {"label": "NOPM (New-Orders per minute)", "value": 115080.0, "unit": "1/min"},
               "efficiencyPct": {"label": "efficiency %", "value": null, "unit": "%", "note": "needs --think spec"}},
             "validity": {"verdict": "non-standard: measurement-interval", "conformant": false, "rules": [
               {"id": "measurement-interval", "rule": "at least 2 h", "status": "FAILED", "detail": "10 s"}]},
             "consistency": [{"name": "c1", "passed": true, "detail": "ok"}]}
            """;

    private static RunResult result() throws Exception {
        return ResultReader.of(ResultWriter.json().readTree(RESULT), "a test's result.json");
    }

    private static RunResult result(String path, String json) throws Exception {
        ObjectNode tree = (ObjectNode) ResultWriter.json().readTree(RESULT);
        ObjectNode at = tree;
        String[] keys = path.split("/");
        for (int i = 0; i < keys.length - 1; i++) {
            at = (ObjectNode) at.get(keys[i]);
        }
        at.set(keys[keys.length - 1], ResultWriter.json().readTree(json));
        return ResultReader.of(tree, "a test's result.json");
    }

    private static String cell(String html, String key) {
        Matcher m = Pattern.compile("data-key=\"" + Pattern.quote(key) + "\"[^>]*>([^<]*)<").matcher(html);
        assertThat(m.find()).as(key).isTrue();
        return m.group(1);
    }

    private static String fact(String html, String name) {
        Matcher m = Pattern.compile("<tr><td>" + Pattern.quote(name) + "</td><td>([^<]*)</td></tr>").matcher(html);
        assertThat(m.find()).as(name).isTrue();
        return m.group(1);
    }

    /** A whole rate is written as any other: "1,918.00", by the one helper a test also expects it with. */
    @Test
    void measuredFiguresHaveTwoDecimalsAlsoWhenWhole() throws Exception {
        String html = RunReport.render(temp, result());
        assertThat(RunReport.fmt(1918)).isEqualTo("1,918.00");
        assertThat(cell(html, "metrics.throughput.overWallClock")).isEqualTo(RunReport.fmt(1918.0));
        assertThat(cell(html, "metrics.types.0.perSecond")).isEqualTo("1,918.00");
        assertThat(cell(html, "metrics.types.0.response.p95Ms")).isEqualTo("3.00");
        // counts are integers
        assertThat(cell(html, "metrics.types.0.committed")).isEqualTo("19,180");
        assertThat(cell(html, "metrics.types.0.failed")).isEqualTo("3");
        assertThat(cell(html, "metrics.types.0.retries")).isEqualTo("5");
        // the environment in human units
        assertThat(html).contains("<td>CPUs</td><td style=\"text-align:left\">2</td>",
                "<td>driver CPU, whole run</td><td style=\"text-align:left\">1.5 s</td>",
                "<td>memory</td><td style=\"text-align:left\">23.5 GiB</td>");
    }

    /** HPSS's iterations: each one's rate beside what the monitor saw in it, and checkpoints marked. */
    @Test
    void iterationsShowTheirConditionsAndCheckpoints() throws Exception {
        RunResult r = ResultReader.of(ResultWriter.json().readTree("""
                {"workload": {"name": "hpss"}, "database": {"product": "PostgreSQL"},
                 "metrics": {"measurementSeconds": 20.0, "measuredBy": "2 iterations", "types": [],
                   "throughput": {"overWallClock": 1538.0, "sumOfStreams": 1538.0},
                   "iterations": [
                     {"number": 1, "seconds": 10.0, "committed": 20000, "startSeconds": 5.0, "endSeconds": 15.0,
                      "rowsAtStart": 0, "conditions": {"samples": 10, "cpuBusyPct": 97.25, "diskWriteBytesPerSecond":
                      4000000, "majorFaultsPerSecond": 0.5, "checkpoints": 0, "checkpointSeconds": 0}},
                     {"number": 2, "seconds": 16.0, "committed": 20000, "startSeconds": 15.0, "endSeconds": 31.0,
                      "rowsAtStart": 20000, "conditions": {"samples": 16, "cpuBusyPct": 99.0, "checkpoints": 1,
                      "checkpointSeconds": 12.0}}]}}
                """), "a test's result.json");
        String html = RunReport.render(temp, r);
        assertThat(html).contains("id=\"iteration-table\"", "1 started, under way 12 s of 16 s");
        assertThat(cell(html, "rowsAtStart")).isEqualTo("0");
        assertThat(cell(html, "cpuBusyPct")).isEqualTo("97.3");
        assertThat(cell(html, "diskWriteMBps")).isEqualTo("4.00");
        assertThat(html).contains("<td data-key=\"rowsAtStart\">20000</td>", "<td data-key=\"checkpoints\">1</td>");
    }

    @Test
    void theWorkloadsHeadlineComesFirstThenTps() throws Exception {
        String html = RunReport.render(temp, result());
        assertThat(html).contains("<tr><td>NOPM (New-Orders per minute)</td><td data-key=\"headline.nopm.value\">"
                + "115,080.00</td><td>per minute</td></tr>");
        assertThat(html.indexOf("headline.nopm.value")).isLessThan(html.indexOf("metrics.throughput.overWallClock"));
        assertThat(cell(html, "headline.efficiencyPct.value")).isEqualTo("not shown: needs --think spec");
        assertThat(html).contains("<title>tpcc on PostgreSQL 18.6</title>", "non-standard: measurement-interval",
                "No monitor.csv in this result folder");
    }

    /** Sent to a colleague, the page says what ran where, on which data, in words and human units. */
    @Test
    void thePageStandsOnItsOwn() throws Exception {
        String html = RunReport.render(temp, result());
        assertThat(fact(html, "workload")).isEqualTo("tpcc, 2 warehouses");
        assertThat(fact(html, "database")).isEqualTo("PostgreSQL 18.6");
        assertThat(fact(html, "server")).isEqualTo("db.example.org:5433");
        assertThat(fact(html, "database name")).isEqualTo("bench");
        assertThat(fact(html, "logic")).isEqualTo("client: SQL statements sent by the driver");
        assertThat(fact(html, "think factor")).isEqualTo("0 (no keying or think times)");
        assertThat(fact(html, "isolation")).isEqualTo("default (the server&#39;s: read committed)");
        assertThat(fact(html, "seed")).isEqualTo("42");
        assertThat(fact(html, "load")).isEqualTo("1,197,138 rows in 3 min 20 s (5,974 rows/s); database 1.2 GiB "
                + "(614 MiB per warehouse)");
        assertThat(fact(html, "started")).isEqualTo("2026-11-24 07:32:47 UTC");
        assertThat(html).doesNotContain("jdbc-url<", "password", "{fsync");
        // the server's settings, a row each
        assertThat(html).contains("<table id=\"settings\" class=\"facts\">",
                "<tr><td>commits durable</td><td class=\"pass\">yes</td></tr>",
                "<tr><td><code>fsync</code></td><td>on</td></tr>");
        assertThat(html).doesNotContain("id=\"incomplete\"", "id=\"part\"");
    }

    @Test
    void aRunWithoutLoadSaysWhatItStartedFrom() throws Exception {
        String html = RunReport.render(temp, result("load", "null"));
        assertThat(fact(html, "load")).startsWith("none: the run used the data already in the database");
        html = RunReport.render(temp, result("database/transactionsBefore", "30110"));
        assertThat(html).contains("1,197,138 rows");
    }

    @Test
    void anInterruptedRunSaysIncompleteOnTopAndNeverReadsAsGoodNews() throws Exception {
        ObjectNode tree = (ObjectNode) ResultWriter.json().readTree(RESULT);
        ((ObjectNode) tree.get("metrics")).put("incomplete", true);
        io.tpkit.validity.Verdict verdict = io.tpkit.validity.Verdict.of(java.util.List.of(
                io.tpkit.spi.workload.RuleResult.check("complete", "the run measured its whole interval", false,
                        "interrupted"),
                io.tpkit.spi.workload.RuleResult.check("long-enough", "long enough", false, "no")));
        tree.set("validity", ResultWriter.json().valueToTree(verdict));
        String html = RunReport.render(temp, ResultReader.of(tree, "test"));
        assertThat(verdict.verdict()).startsWith("incomplete: ").contains("non-standard: long-enough")
                .doesNotContain("complete,", ": complete");
        assertThat(html.indexOf("id=\"incomplete\"")).isPositive().isLessThan(html.indexOf("id=\"verdict\""));
        assertThat(html).contains("INCOMPLETE: the run was interrupted", "<td class=\"fail\">NOT MET</td>");
        assertThat(fact(html, "measured")).contains("INCOMPLETE");
    }

    @Test
    void aPartOfASplitRunSaysSoOnTop() throws Exception {
        String html = RunReport.render(temp, result("workload/part", """
                {"runName": "big", "part": 1, "parts": 2, "terminals": [0, 2], "wholeRunTerminals": 4}"""));
        assertThat(html).contains("<p class=\"banner\" id=\"part\">PART 1 of 2 of the split run big");
    }

    /**
     * A second with nothing completed is a gap in the latency lines, not a 0, and the recorded
     * stall is hatched on every time chart.
     */
    @Test
    void aStallIsAGapAndAHatchedBandNeverALatencyOfZero() throws Exception {
        Files.writeString(temp.resolve("timeseries.csv"), """
                elapsed_s,interval_s,phase,type,committed,business_rollbacks,failed,retries,committed_per_s,p50_ms,p90_ms,p99_ms,max_ms,outcome_unknown,in_flight
                1.000,1.000,warmup,new-order,100,0,0,0,100.00,1.000,2.000,3.000,4.000,0
                1.000,1.000,warmup,payment,100,0,0,0,100.00,1.000,2.000,3.000,4.000,0
                1.000,1.000,warmup,all,200,0,0,0,200.00,1.000,2.000,3.000,4.000,0,4
                2.000,1.000,measurement,new-order,100,0,0,0,100.00,1.000,2.000,3.000,4.000,0
                2.000,1.000,measurement,payment,100,0,0,0,100.00,1.000,2.000,3.000,4.000,0
                2.000,1.000,measurement,all,200,0,0,0,200.00,1.000,2.000,3.000,4.000,0,4
                3.000,1.000,measurement,new-order,0,0,0,0,0.00,0.000,0.000,0.000,0.000,0
                3.000,1.000,measurement,payment,0,0,0,0,0.00,0.000,0.000,0.000,0.000,0
                3.000,1.000,measurement,all,0,0,0,0,0.00,0.000,0.000,0.000,0.000,0,4
                4.000,1.000,measurement,new-order,100,0,0,0,100.00,1.000,2.000,3.000,1600.000,0
                4.000,1.000,measurement,payment,100,0,0,0,100.00,1.000,2.000,3.000,4.000,0
                4.000,1.000,measurement,all,200,0,0,0,200.00,1.000,2.000,3.000,1600.000,0,4
                4.010,0.010,drain,new-order,0,0,0,0,0.00,0.000,0.000,0.000,0.000,0
                4.010,0.010,drain,payment,0,0,0,0,0.00,0.000,0.000,0.000,0.000,0
                4.010,0.010,drain,all,0,0,0,0,0.00,0.000,0.000,0.000,0.000,0,0
                """);
        String html = RunReport.render(temp, result());
        for (String chart : new String[] {"latency", "latency-by-type"}) {
            String svg = svg(html, chart);
            assertThat(svg).doesNotContain("data-x=\"3.0\"").doesNotContain("data-y=\"0.0\"")
                    .contains("data-x=\"2.0\"", "data-x=\"4.0\"");
            // the line is broken at the gap: it starts again after it
            assertThat(Pattern.compile(" M").matcher(svg).results().count()).isPositive();
        }
        for (String chart : new String[] {"throughput", "latency", "latency-by-type"}) {
            assertThat(svg(html, chart)).contains("<rect class=\"stall\" data-from=\"3.0\" data-to=\"4.0\"");
        }
        // the throughput's 0 is a real 0, and the drain's 10 ms sliver is added to the second before it
        assertThat(svg(html, "throughput")).contains("data-x=\"3.0\" data-y=\"0.0\"")
                .doesNotContain("data-x=\"4.0\"").contains("data-x=\"4.01\"");
        assertThat(html).contains("id=\"stalls\">Stalls: 1, 1.0 s in all; the longest 1.0 s from 3 s after the start");
    }

    @Test
    void theDistributionIsLabelledInPercentiles() throws Exception {
        String svg = svg(RunReport.render(temp, result()), "distribution");
        assertThat(svg).contains(">50</text>", ">90</text>", ">99</text>", ">99.9</text>", ">max</text>")
                .doesNotContain("0.3 = p50");
    }

    static String svg(String html, String id) {
        int from = html.indexOf("<svg id=\"" + id + "\"");
        assertThat(from).as(id).isNotNegative();
        return html.substring(from, html.indexOf("</svg>", from));
    }
}
