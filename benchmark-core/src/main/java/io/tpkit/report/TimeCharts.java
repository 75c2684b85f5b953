package io.tpkit.report;

import io.tpkit.result.RunResult;
import java.util.List;
import java.util.Set;

/** Throughput and latency per second of the run, all types and by type. */
final class TimeCharts extends ReportSection {
    private final CsvTable series;

    TimeCharts(RunResult result, StringBuilder html, CsvTable series) {
        super(result, html);
        this.series = series;
    }

    void write() {
        if (series.isEmpty()) {
            return;
        }
        List<TimeSeries.Second> all = seconds("all");
        SvgChart throughput = timeChart("throughput", "committed transactions per second")
                .series("committed per second, all types", TimeSeries.rate(all));
        if (!throughput.hasLine()) {
            html.append("<h2>Over time</h2>\n<p class=\"na\">The run was too short to draw over time (a point per "
                    + "second): its figures are in the tables.</p>\n");
            return;
        }
        html.append("<h2>Throughput over time</h2>\n").append(throughput.render());
        SvgChart latency = timeChart("latency", "response time, ms");
        latency.series("p50 (median)", TimeSeries.latency(all, "p50_ms"));
        latency.series("p90", TimeSeries.latency(all, "p90_ms"));
        latency.series("p99", TimeSeries.latency(all, "p99_ms"));
        if (latency.hasLine()) {
            html.append("<h2>Latency over time (all types)</h2>\n").append(latency.render());
        }
        Set<String> types = TimeSeries.typeNames(series);
        if (types.size() > 1 && latency.hasLine()) {
            SvgChart perType = timeChart("latency-by-type", "p90 response time, ms");
            for (String type : types) {
                perType.series(type, TimeSeries.latency(seconds(type), "p90_ms"));
            }
            html.append("<h2>p90 response time by transaction type over time</h2>\n").append(perType.render());
        }
        html.append("<p class=\"sub\">A second in which nothing completed has no response time: its point is left "
                + "out (a gap in the line), never drawn as 0.</p>\n");
    }

    private SvgChart timeChart(String id, String yLabel) {
        return TimeChart.of(result, series, id, yLabel);
    }

    private List<TimeSeries.Second> seconds(String type) {
        return TimeSeries.seconds(series, type);
    }
}
