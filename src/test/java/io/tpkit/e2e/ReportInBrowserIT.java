package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tpkit.metrics.TypeSummary;
import io.tpkit.report.RunReport;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of a real run, opened in headless Chromium: it renders without console errors,
 * the numbers in the page are those of the run's result (result.json read back into RunResult,
 * formatted with {@link RunReport#fmt}), the throughput chart has a point per second of
 * timeseries.csv, and a screenshot is kept under target/ for people to look at.
 */
class ReportInBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path temp;

    private List<String> chromium(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + temp.resolve("profile"), "--enable-logging=stderr", "--v=0"));
        cmd.addAll(List.of(args));
        Path out = temp.resolve("chromium-" + System.nanoTime() + ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).redirectOutput(out.toFile())
                .redirectError(temp.resolve("chromium.err").toFile()).start();
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        return List.of(Files.readString(out, StandardCharsets.UTF_8), Files.readString(temp.resolve("chromium.err")));
    }

    @Test
    void theReportRendersTheRunsOwnNumbers() throws Exception {
        boolean present = Files.isExecutable(CHROMIUM);
        if (!present) {
            System.err.println("[tpkit tests] skipped ReportInBrowserIT: needs Chromium at /usr/bin/chromium "
                    + "(apt-get install chromium; .ci/run installs it)");
        }
        assumeTrue(present, "needs Chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)");
        Cli run = Cli.run("run", "tp1", "--accounts-per-branch", "2000", "--duration", "4s", "--warmup", "1s",
                "--out", temp.resolve("results").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        Matcher m = Pattern.compile("Results: (.+)").matcher(run.out());
        assertThat(m.find()).isTrue();
        Path dir = Path.of(m.group(1).trim());
        Path report = dir.resolve("report.html");
        assertThat(run.out()).contains("Report: " + report);

        List<String> dumped = chromium("--dump-dom", report.toUri().toString());
        String dom = dumped.get(0);
        String log = dumped.get(1);
        assertThat(dom).contains("<svg id=\"throughput\"", "<table id=\"types\"");
        assertThat(log).as("console messages").doesNotContain(":CONSOLE(").doesNotContain("Uncaught");

        // the page's numbers are the typed result's, formatted by the report's own helper (a whole rate of
        // 1918 per second reads "1918.00" on both sides)
        RunResult result = ResultReader.read(dir);
        TypeSummary first = result.metrics().types().getFirst();
        assertThat(cell(dom, "metrics.throughput.overWallClock"))
                .isEqualTo(RunReport.fmt(result.metrics().throughput().overWallClock()));
        assertThat(cell(dom, "metrics.types.0.committed")).isEqualTo(Long.toString(first.committed()));
        assertThat(cell(dom, "metrics.types.0.response.p90Ms")).isEqualTo(RunReport.fmt(first.response().p90Ms()));
        // the cost of a transaction, as counted and measured for this run
        assertThat(dom).contains("<table id=\"cost\"", "<table id=\"cost-by-type\"");
        assertThat(cell(dom, "cost.roundTrips")).isEqualTo(RunReport.fmt(result.cost().roundTrips()));
        assertThat(cell(dom, "cost.driverCpuMicros")).isEqualTo(RunReport.fmt(result.cost().driverCpuMicros()));
        assertThat(cell(dom, "metrics.types.0.cost.statements")).isEqualTo(RunReport.fmt(first.cost().statements()));
        long seconds = Files.readAllLines(dir.resolve("timeseries.csv")).stream().filter(l -> l.contains(",all,")).count();
        String throughput = dom.substring(dom.indexOf("<svg id=\"throughput\""), dom.indexOf("</svg>", dom.indexOf("<svg id=\"throughput\"")));
        assertThat(Pattern.compile("class=\"point\"").matcher(throughput).results().count()).isEqualTo(seconds);
        assertThat(dom).contains(result.validity().verdict());

        Path shot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        Files.deleteIfExists(shot);
        chromium("--window-size=1000,2400", "--screenshot=" + shot, report.toUri().toString());
        assertThat(shot).exists();
        assertThat(Files.size(shot)).isGreaterThan(10_000);
    }

    private static String cell(String dom, String key) {
        Matcher m = Pattern.compile("data-key=\"" + Pattern.quote(key) + "\">([^<]*)<").matcher(dom);
        assertThat(m.find()).as(key).isTrue();
        return m.group(1);
    }
}
