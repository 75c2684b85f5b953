package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** comparison.html's charts over time, drawn from each run's timeseries.csv, without a database. */
class ComparisonChartsTest {
    @TempDir
    Path temp;

    /** A run of 2 s warm-up and 3 s measurement whose p90 is {@code p90} ms every second. */
    private Path run(String name, double tps, int p90) throws Exception {
        Path dir = HandMadeRuns.run("x").tps(tps).writeInto(temp.resolve(name));
        StringBuilder csv = new StringBuilder("elapsed_s,interval_s,phase,type,committed,business_rollbacks,failed,"
                + "retries,committed_per_s,p50_ms,p90_ms,p99_ms,max_ms,outcome_unknown,in_flight\n");
        for (int s = 1; s <= 5; s++) {
            csv.append(s).append(".000,1.000,").append(s <= 2 ? "warmup" : "measurement").append(",all,")
                    .append((int) tps).append(",0,0,0,").append(tps).append(",1.000,").append(p90).append(".000,")
                    .append(p90 + 5).append(".000,").append(p90 + 9).append(".000,0,4\n");
        }
        Files.writeString(dir.resolve("timeseries.csv"), csv);
        return dir;
    }

    @Test
    void responseTimeIsChartedBesideThroughputWithTheWarmUpShadedAndWhichWayIsBetter() throws Exception {
        Path a = run("a", 100, 7);
        Path b = run("b", 80, 12);
        Comparison c = Comparisons.ofResults(List.of(io.tpkit.result.ResultReader.read(a),
                io.tpkit.result.ResultReader.read(b)));
        Path folder = io.tpkit.report.ComparisonFolder.write(temp, c);
        String html = Files.readString(folder.resolve("comparison.html"));

        assertThat(html).contains("<h2>Throughput over time</h2>", "<svg id=\"throughput\"",
                "<h2>Response time over time (p90 of each second, all types)</h2>", "<svg id=\"latency\"");
        String latency = html.substring(html.indexOf("<svg id=\"latency\""));
        latency = latency.substring(0, latency.indexOf("</svg>"));
        // both runs' p90s are drawn, from their own timeseries
        assertThat(latency).contains("p90 response time, ms", "data-x=\"5.0\" data-y=\"7.0\"",
                "data-x=\"5.0\" data-y=\"12.0\"").doesNotContain("data-y=\"17.0\"");
        assertThat(html).containsPattern("id=\"throughput-better\">Higher is better\\. Shaded: the warm-up")
                .containsPattern("id=\"latency-better\">Lower is better\\. Shaded: the warm-up");
        // the same warm-up in both runs: one band, named by its phase alone, on each chart
        String throughput = html.substring(html.indexOf("<svg id=\"throughput\""), html.indexOf("<svg id=\"latency\""));
        assertThat(throughput.split("class=\"band\"", -1)).hasSize(2);
        assertThat(latency.split("class=\"band\"", -1)).hasSize(2);
        assertThat(latency).contains("<title>warmup</title>");
    }
}
