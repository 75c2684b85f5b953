package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.report.RunReport;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of a real run, opened in headless Chromium: it renders without console errors,
 * the numbers in the page are those of the run's result (result.json read back into RunResult,
 * formatted with {@link RunReport#fmt}), the throughput chart has a point per second of
 * timeseries.csv, no chart is empty or cut off, and a screenshot of the whole page is kept as
 * run/target/report-screenshot.png for people to look at.
 */
class ReportInBrowserIT {
    @TempDir
    Path temp;

    @Test
    void theReportRendersTheRunsOwnNumbers() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the report rendered in a browser");
        boolean present = Chromium.available();
        if (!present) {
            System.err.println("[tpkit tests] skipped ReportInBrowserIT: needs Chromium at /usr/bin/chromium "
                    + "(apt-get install chromium; .ci/run installs it)");
        }
        assumeTrue(present, "needs Chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)");
        Chromium chromium = new Chromium(temp);
        Cli run = Cli.run("run", "tp1", "--accounts-per-branch", "2000", "--duration", "4s", "--warmup", "1s",
                "--out", temp.resolve("results").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        Matcher m = Pattern.compile("Results: (.+)").matcher(run.out());
        assertThat(m.find()).isTrue();
        Path dir = Path.of(m.group(1).trim());
        Path report = dir.resolve("report.html");
        assertThat(run.out()).contains("Report: " + report);

        List<String> dumped = chromium.dumpDom(report);
        String dom = dumped.get(0);
        String log = dumped.get(1);
        assertThat(dom).contains("<svg id=\"throughput\"", "<table id=\"types\"", "<table id=\"run\"",
                "<table id=\"settings\"");
        assertThat(log).as("console messages").doesNotContain(":CONSOLE(").doesNotContain("Uncaught");

        // the page's numbers are the typed result's, formatted by the report's own helper (a whole rate of
        // 1918 per second reads "1,918.00" on both sides)
        RunResult result = ResultReader.read(dir);
        TypeSummary first = result.metrics().types().getFirst();
        assertThat(cell(dom, "metrics.throughput.overWallClock"))
                .isEqualTo(RunReport.fmt(result.metrics().throughput().overWallClock()));
        assertThat(cell(dom, "metrics.types.0.committed")).isEqualTo(String.format("%,d", first.committed()));
        assertThat(cell(dom, "metrics.types.0.response.p90Ms")).isEqualTo(RunReport.fmt(first.response().p90Ms()));
        // the cost of a transaction, as counted and measured for this run
        assertThat(dom).contains("<table id=\"cost\"", "<table id=\"cost-by-type\"");
        assertThat(cell(dom, "cost.roundTrips")).isEqualTo(RunReport.fmt(result.cost().roundTrips()));
        assertThat(cell(dom, "cost.driverCpuMicros")).isEqualTo(RunReport.fmt(result.cost().driverCpuMicros()));
        assertThat(cell(dom, "metrics.types.0.cost.statements")).isEqualTo(RunReport.fmt(first.cost().statements()));
        // a point per second: the sliver of a second split at a phase change is added to the second beside it
        long seconds = Files.readAllLines(dir.resolve("timeseries.csv")).stream().filter(l -> l.contains(",all,"))
                .filter(l -> Double.parseDouble(l.split(",")[1]) >= 0.5).count();
        String throughput = svg(dom, "throughput");
        assertThat(Pattern.compile("class=\"point\"").matcher(throughput).results().count()).isEqualTo(seconds);
        // no second is drawn with a response time of 0, and the run's stalls (if any) are hatched on each time chart
        assertThat(svg(dom, "latency")).doesNotContain("data-y=\"0.0\"");
        int stalls = result.metrics().stalls().count();
        for (String chart : List.of("throughput", "latency", "cpu")) {
            assertThat(Pattern.compile("class=\"stall\"").matcher(svg(dom, chart)).results().count())
                    .as(chart + ": stalls").isEqualTo(stalls);
        }
        assertThat(dom).contains(result.validity().verdict().replace("'", "&#39;"));

        JsonNode layout = chromium.assertChartsDrawnWithinThePage(report);
        assertThat(layout.path("charts").size()).isGreaterThanOrEqualTo(5);
        chromium.screenshot(report, Path.of("target", "report-screenshot.png"), layout);
    }

    private static String svg(String dom, String id) {
        int from = dom.indexOf("<svg id=\"" + id + "\"");
        assertThat(from).as(id).isNotNegative();
        return dom.substring(from, dom.indexOf("</svg>", from));
    }

    private static String cell(String dom, String key) {
        Matcher m = Pattern.compile("data-key=\"" + Pattern.quote(key) + "\">([^<]*)<").matcher(dom);
        assertThat(m.find()).as(key).isTrue();
        return m.group(1);
    }
}
