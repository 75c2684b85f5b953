package io.tpkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * comparison.html of a comparison folder: the side-by-side table of comparison.json and, where
 * the runs' folders are still there, their throughput over time on one chart.
 */
public final class ComparisonReport {
    static final String FILE = "comparison.html";

    private ComparisonReport() {
    }

    public static Path write(Path folder) throws IOException {
        JsonNode c = ResultWriter.json().readTree(folder.resolve("comparison.json").toFile());
        StringBuilder html = new StringBuilder();
        String title = c.path("workload").asText() + ": " + c.path("runs").size() + " runs compared";
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Html.escape(title))
                .append("</title><style>").append(Html.STYLE).append("</style></head><body>\n<h1>")
                .append(Html.escape(title)).append("</h1>\n");
        JsonNode differences = c.path("differences");
        JsonNode varied = c.path("varied");
        if (!varied.isEmpty()) {
            html.append("<p>Varied on purpose: ").append(Html.escape(join(varied))).append("</p>\n");
        }
        html.append(differences.isEmpty()
                ? "<p class=\"pass\">" + (varied.isEmpty() ? "The runs" : "Otherwise the runs")
                        + " used the same configuration apart from the target.</p>\n"
                : "<p class=\"fail\">Not like for like: the runs differ in " + Html.escape(join(differences)) + "</p>\n");
        html.append("<table id=\"comparison\"><tr><th>ratio = run / run 1</th>");
        int i = 1;
        for (JsonNode run : c.path("runs")) {
            String variant = run.path("variant").asText("");
            html.append("<th>run ").append(i++).append(": ").append(Html.escape(run.path("product").asText() + " "
                    + run.path("version").asText().split(" ")[0] + (variant.isEmpty() ? "" : ", " + variant)))
                    .append("</th>");
        }
        html.append("</tr>\n");
        int r = 0;
        for (JsonNode row : c.path("rows")) {
            html.append("<tr><td>").append(Html.escape(row.path("metric").asText())).append("</td>");
            JsonNode values = row.path("values");
            double base = values.path(0).asDouble(Double.NaN);
            for (int k = 0; k < values.size(); k++) {
                JsonNode v = values.get(k);
                html.append("<td data-key=\"rows.").append(r).append(".values.").append(k).append("\">");
                if (v.isNull()) {
                    html.append("-");
                } else {
                    html.append(RunReport.fmt(v.asDouble()));
                    if (k > 0 && base != 0 && Double.isFinite(base)) {
                        html.append(String.format(Locale.ROOT, " <span class=\"sub\">(%.2fx)</span>", v.asDouble() / base));
                    }
                }
                html.append("</td>");
            }
            html.append("</tr>\n");
            r++;
        }
        html.append("<tr><td>consistency</td>");
        c.path("runs").forEach(run -> html.append("<td class=\"").append(run.path("consistent").asBoolean()
                ? "pass\">passed" : "fail\">FAILED").append("</td>"));
        html.append("</tr>\n<tr><td>validity</td>");
        c.path("runs").forEach(run -> html.append("<td style=\"text-align:left\">")
                .append(Html.escape(run.path("verdict").asText())).append("</td>"));
        html.append("</tr>\n</table>\n");

        SvgChart chart = new SvgChart("throughput", "seconds since the start", "committed per second, all types");
        i = 1;
        for (JsonNode run : c.path("runs")) {
            CsvTable t = CsvTable.read(Path.of(run.path("resultDir").asText()).resolve("timeseries.csv"));
            List<double[]> points = new ArrayList<>();
            for (String[] row : t.rows) {
                if (row[t.column("type")].equals("all")) {
                    points.add(new double[] {CsvTable.number(row, t.column("elapsed_s")),
                            CsvTable.number(row, t.column("committed_per_s"))});
                }
            }
            chart.series("run " + i++, points);
        }
        if (!chart.isEmpty()) {
            html.append("<h2>Throughput over time</h2>\n").append(chart.render());
        }
        html.append(SweepReport.comparisonCharts(c));
        html.append("<h2>Runs</h2>\n<ol>");
        c.path("runs").forEach(run -> html.append("<li>").append(Html.escape(run.path("label").asText()))
                .append(": <a href=\"").append(Html.escape(Path.of(run.path("resultDir").asText()).resolve(
                        Files.exists(Path.of(run.path("resultDir").asText()).resolve("sweep.json")) ? SweepReport.FILE
                                : RunReport.FILE).toUri().toString())).append("\">").append(Html.escape(run.path("resultDir").asText()))
                .append("</a></li>"));
        html.append("</ol>\n</body></html>\n");
        Path out = folder.resolve(FILE);
        Files.writeString(out, html.toString(), StandardCharsets.UTF_8);
        return out;
    }

    private static String join(JsonNode values) {
        List<String> parts = new ArrayList<>();
        values.forEach(v -> parts.add(v.asText()));
        return String.join("; ", parts);
    }
}
