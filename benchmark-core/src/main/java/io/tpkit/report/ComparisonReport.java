package io.tpkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.compare.Comparison;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.metrics.Stalls;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * comparison.html of a comparison folder: the side-by-side table of comparison.json and, where
 * the runs' folders are still there, their throughput over time on one chart. Each run is named
 * by what tells it from the others, in the table's heads and the charts' legends alike, and its
 * report is linked by a path relative to the comparison's folder, so that the folders can be
 * moved or sent together.
 */
public final class ComparisonReport {
    static final String FILE = "comparison.html";

    private ComparisonReport() {
    }

    public static Path write(Path folder) throws IOException {
        Comparison c = ResultWriter.json().readerFor(Comparison.class)
                .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .readValue(folder.resolve("comparison.json").toFile());
        JsonNode json = ResultWriter.json().readTree(folder.resolve("comparison.json").toFile());
        StringBuilder html = new StringBuilder();
        String title = c.workload() + ": " + c.runs().size() + " runs compared";
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Html.escape(title))
                .append("</title><style>").append(Html.STYLE).append("</style></head><body>\n<h1>")
                .append(Html.escape(title)).append("</h1>\n");
        if (!c.varied().isEmpty()) {
            html.append("<p>Varied on purpose: ").append(Html.escape(String.join("; ", c.varied()))).append("</p>\n");
        }
        if (!c.startingData().isEmpty()) {
            html.append("<p class=\"fail\" id=\"starting-data\">Not the same starting data: ")
                    .append(Html.escape(String.join("; ", c.startingData()))).append("</p>\n");
        }
        boolean fair = c.differences().isEmpty() && c.startingData().isEmpty();
        html.append("<p class=\"").append(fair ? "pass" : "fail").append("\" id=\"sameness\">")
                .append(Html.escape(ComparisonTable.sameness(c))).append("</p>\n");
        html.append("<table id=\"comparison\"><tr><th>ratio = run / run 1</th>");
        for (int i = 0; i < c.runs().size(); i++) {
            html.append("<th>").append(Html.escape(ComparisonTable.name(c, i))).append("</th>");
        }
        html.append("</tr>\n");
        int r = 0;
        for (Comparison.Row row : c.rows()) {
            html.append("<tr><td>").append(Html.escape(row.metric())).append("</td>");
            for (int k = 0; k < row.values().size(); k++) {
                Double v = row.values().get(k);
                html.append("<td data-key=\"rows.").append(r).append(".values.").append(k).append("\">");
                if (v == null) {
                    html.append("-");
                } else {
                    html.append(ComparisonTable.value(v, row.count()));
                    Double ratio = row.ratio(k);
                    if (k > 0 && ratio != null) {
                        html.append(String.format(Locale.ROOT, " <span class=\"sub\">(%.2fx)</span>", ratio));
                    }
                }
                html.append("</td>");
            }
            html.append("</tr>\n");
            r++;
        }
        html.append("<tr><td>consistency</td>");
        c.runs().forEach(run -> html.append("<td class=\"").append(run.consistent() ? "pass\">passed" : "fail\">FAILED")
                .append("</td>"));
        html.append("</tr>\n<tr><td>validity</td>");
        c.runs().forEach(run -> html.append("<td class=\"").append(run.verdict().equals("conformant") ? "pass" : "fail")
                .append("\" style=\"text-align:left\">").append(Html.escape(run.verdict())).append("</td>"));
        html.append("</tr>\n</table>\n");

        SvgChart chart = new SvgChart("throughput", "seconds since the start of each run",
                "committed transactions per second").xFrom(0);
        boolean stalls = false;
        for (int i = 0; i < c.runs().size(); i++) {
            Path dir = Path.of(c.runs().get(i).resultDir());
            String name = ComparisonTable.name(c, i);
            chart.series(name, RunReport.throughput(CsvTable.read(dir.resolve("timeseries.csv"))));
            for (Stalls.Stall s : stalls(dir)) {
                stalls = true;
                chart.stall(s.from(), s.to(), String.format(Locale.ROOT, "%s: stall, nothing completed from %.1f s to "
                        + "%.1f s while %d requests were outstanding", name, s.from(), s.to(), s.inFlight()));
            }
        }
        if (!chart.isEmpty() && !chart.hasLine()) {
            html.append("<h2>Throughput over time</h2>\n<p class=\"na\">The runs were too short to draw over time (a "
                    + "point per second).</p>\n");
        } else if (!chart.isEmpty()) {
            if (stalls) {
                chart.stallLegend("a run's stall: nothing completed while requests were outstanding (hover for which)");
            }
            html.append("<h2>Throughput over time</h2>\n").append(chart.render());
        }
        html.append(SweepReport.comparisonCharts(json));
        html.append("<h2>Runs</h2>\n<ol>");
        for (int i = 0; i < c.runs().size(); i++) {
            Comparison.Run run = c.runs().get(i);
            Path dir = Path.of(run.resultDir());
            Path page = dir.resolve(Files.exists(dir.resolve("sweep.json")) ? SweepReport.FILE : RunReport.FILE);
            html.append("<li>").append(Html.escape(ComparisonTable.name(c, i))).append(" (")
                    .append(Html.escape(run.label())).append("): <a href=\"").append(Html.escape(link(folder, page)))
                    .append("\">").append(Html.escape(dir.getFileName() == null ? run.resultDir()
                            : dir.getFileName().toString())).append("</a></li>");
        }
        html.append("</ol>\n</body></html>\n");
        Path out = folder.resolve(FILE);
        Files.writeString(out, html.toString(), StandardCharsets.UTF_8);
        return out;
    }

    /** The run's stalls from its result.json, or none when it cannot be read. */
    private static List<Stalls.Stall> stalls(Path dir) {
        try {
            RunResult r = ResultReader.read(dir);
            return r.metrics().stalls() == null ? List.of() : r.metrics().stalls().stretches();
        } catch (RuntimeException e) {
            return List.of(); // a sweep's folder, or a result this version does not read: no stalls to mark
        }
    }

    /**
     * The page's address relative to the comparison's folder ("../tp1-20261124-073247-embedded-postgres/report.html"),
     * URL-encoded: the folders stay linked when moved or sent together.
     */
    static String link(Path folder, Path page) {
        Path from = folder.toAbsolutePath().normalize();
        Path to = page.toAbsolutePath().normalize();
        String relative;
        try {
            relative = from.relativize(to).toString().replace(java.io.File.separatorChar, '/');
        } catch (IllegalArgumentException e) {
            return to.toUri().toString(); // another drive: nothing relative reaches it
        }
        try {
            return new URI(null, null, relative, null).getRawPath();
        } catch (URISyntaxException e) {
            return relative;
        }
    }
}
