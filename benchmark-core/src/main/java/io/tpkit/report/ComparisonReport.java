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
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * comparison.html of a comparison folder: the side-by-side table of comparison.json and, where
 * the runs' folders are still there, their throughput and p90 response time over time, a chart each,
 * with the warm-up shaded. Each run is named
 * by what tells it from the others, in the table's heads and the charts' legends alike, and its
 * report is linked by a path relative to the comparison's folder, so that the folders can be
 * moved or sent together.
 */
public final class ComparisonReport {
    static final String FILE = "comparison.html";

    private ComparisonReport() {
    }

    public static Path write(Path folder) throws IOException {
        Comparison c = io.tpkit.compare.ComparisonReader.read(folder);
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
        html.append("<table id=\"comparison\"><tr><th>").append(c.ofRepetitions()
                ? "mean of each set's runs; ratio = set / set 1" : c.judgement() != null && c.runs().size() > 1
                ? "ratio = run / run 1: 1 run each, no interval" : "ratio = run / run 1").append("</th>");
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
        html.append(changes(c));

        SvgChart chart = new SvgChart("throughput", "seconds since the start of each run",
                "committed transactions per second").xFrom(0);
        SvgChart latency = new SvgChart("latency", "seconds since the start of each run",
                "p90 response time, ms").xFrom(0);
        // a phase other than the measurement, shaded once when every run had the same, else once per run
        Map<String, List<String>> bands = new LinkedHashMap<>();
        boolean stalls = false;
        for (int i = 0; i < c.runs().size(); i++) {
            String name = ComparisonTable.name(c, i);
            List<Path> dirs = runDirs(c.runs().get(i));
            for (int k = 0; k < dirs.size(); k++) {
                Path dir = dirs.get(k);
                if (!Files.isRegularFile(dir.resolve("timeseries.csv"))) {
                    continue; // a sweep's folder, or runs no longer there
                }
                String series = dirs.size() == 1 ? name : name + ", run " + (k + 1);
                CsvTable timeseries = CsvTable.read(dir.resolve("timeseries.csv"));
                chart.series(series, TimeSeries.throughput(timeseries));
                latency.series(series, TimeSeries.p90(timeseries));
                TimeSeries.phases(timeseries).forEach((phase, span) -> bands.computeIfAbsent(String.format(Locale.ROOT,
                        "%s\u0000%.1f\u0000%.1f", phase, span[0], span[1]), b -> new ArrayList<>()).add(series));
                for (Stalls.Stall s : stalls(dir)) {
                    stalls = true;
                    chart.stall(s.from(), s.to(), String.format(Locale.ROOT, "%s: stall, nothing completed from %.1f s "
                            + "to %.1f s while %d requests were outstanding", series, s.from(), s.to(), s.inFlight()));
                }
            }
        }
        int runsDrawn = bands.values().stream().mapToInt(List::size).max().orElse(0);
        long drawn = bands.values().stream().flatMap(List::stream).distinct().count();
        bands.forEach((key, runs) -> {
            String[] b = key.split("\u0000");
            String label = runs.size() == drawn ? b[0] : b[0] + " of " + String.join(", ", runs);
            chart.band(Double.parseDouble(b[1]), Double.parseDouble(b[2]), label);
            latency.band(Double.parseDouble(b[1]), Double.parseDouble(b[2]), label);
        });
        if (!chart.isEmpty() && !chart.hasLine()) {
            html.append("<h2>Throughput over time</h2>\n<p class=\"na\">The runs were too short to draw over time (a "
                    + "point per second).</p>\n");
        } else if (!chart.isEmpty()) {
            if (stalls) {
                chart.stallLegend("a run's stall: nothing completed while requests were outstanding (hover for which)");
            }
            html.append("<h2>Throughput over time</h2>\n").append(chart.render())
                    .append("<p class=\"sub\" id=\"throughput-better\">Higher is better. ").append(shaded(runsDrawn > 0))
                    .append("</p>\n");
            if (latency.hasLine()) {
                html.append("<h2>Response time over time (p90 of each second, all types)</h2>\n").append(latency.render())
                        .append("<p class=\"sub\" id=\"latency-better\">Lower is better. ").append(shaded(runsDrawn > 0))
                        .append("A second in which nothing completed has no response time: a gap in the line, never "
                                + "0.</p>\n");
            }
        }
        html.append(SweepReport.comparisonCharts(json));
        html.append(order(c, folder));
        html.append("<h2>Runs</h2>\n<ol>");
        for (int i = 0; i < c.runs().size(); i++) {
            Comparison.Run run = c.runs().get(i);
            Path dir = Path.of(run.resultDir());
            html.append("<li>").append(Html.escape(ComparisonTable.name(c, i))).append(i == 0 && c.runs().size() > 1
                    ? " (the baseline)" : "").append(" (").append(Html.escape(run.label())).append(")");
            Path page = Files.exists(dir.resolve("sweep.json")) ? dir.resolve(SweepReport.FILE)
                    : Files.exists(dir.resolve("repeat.json")) ? dir.resolve(RepeatReport.FILE)
                    : Files.exists(dir.resolve("result.json")) || run.counts() == null || run.counts().given() == 1
                    ? dir.resolve(RunReport.FILE) : null;
            if (page != null) {
                html.append(": <a href=\"").append(Html.escape(link(folder, page))).append("\">")
                        .append(Html.escape(dir.getFileName() == null ? run.resultDir() : dir.getFileName().toString()))
                        .append("</a>");
            }
            if (run.counts() != null && run.counts().given() > 1) {
                html.append("<br>").append(Html.escape(run.counts().summary())).append(":<ul>");
                for (String used : run.counts().runs()) {
                    html.append("<li>").append(runLink(folder, used)).append("</li>");
                }
                for (io.tpkit.compare.RunsUsed.LeftOut l : run.counts().leftOut()) {
                    html.append("<li class=\"fail\">left out (").append(Html.escape(l.why())).append("): ")
                            .append(Files.isRegularFile(Path.of(l.run()).resolve(RunReport.FILE)) ? runLink(folder, l.run())
                                    : Html.escape(l.run())).append("</li>");
                }
                html.append("</ul>");
            }
            html.append("</li>");
        }
        html.append("</ol>\n</body></html>\n");
        Path out = folder.resolve(FILE);
        // written beside and renamed, so that the page is never found half-written
        Path partial = folder.resolve("." + FILE + ".partial");
        Files.writeString(partial, html.toString(), StandardCharsets.UTF_8);
        try {
            Files.move(partial, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.AtomicMoveNotSupportedException e) {
            Files.move(partial, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return out;
    }

    private static String shaded(boolean bands) {
        return bands ? "Shaded: the warm-up and any other phase outside the measurement. " : "";
    }

    /** Of runs tpkit ran interleaved: the order, what they started from, and every run in the order it ran. */
    private static String order(Comparison c, Path folder) {
        io.tpkit.compare.RunOrder o = c.order();
        if (o == null) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>Order</h2>\n<p id=\"order\">Order: ")
                .append(Html.escape(o.order())).append(" (").append(Html.escape(String.join(", ", o.letters())))
                .append("): ").append(Html.escape(o.how())).append(".</p>\n");
        for (String d : o.data()) {
            html.append("<p>Data: ").append(Html.escape(d)).append("</p>\n");
        }
        if (o.targets() != null) {
            html.append("<p>Targets: ").append(Html.escape(o.targets())).append("</p>\n");
        }
        html.append("<table id=\"run-order\"><tr><th>run</th><th>round</th><th>variant</th><th>TPS</th>"
                + "<th>started from</th><th>transactions before</th><th>result</th></tr>\n");
        for (io.tpkit.compare.RunOrder.Slot s : o.runs()) {
            html.append("<tr").append(s.leftOut() == null ? "" : " class=\"fail\"").append("><td>").append(s.position())
                    .append("</td><td>").append(s.round()).append("</td><td>").append(Html.escape(s.variant()))
                    .append("</td><td>").append(s.tps() == null ? "-" : RunReport.fmt(s.tps())).append("</td>")
                    .append("<td style=\"text-align:left\">").append(Html.escape(s.start() == null ? "-" : s.start()))
                    .append("</td><td>").append(s.transactionsBefore() == null ? "-"
                            : io.tpkit.result.Units.count(s.transactionsBefore())).append("</td>")
                    .append("<td style=\"text-align:left\">").append(s.resultDir() == null ? "-" : runLink(folder,
                            s.resultDir())).append(s.leftOut() == null ? "" : " (left out: "
                            + Html.escape(s.leftOut()) + ")").append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    /**
     * Each judged figure's change from the first column: both means, the ratio, its interval,
     * the runs on each side and the verdict, then the method and the noise threshold; of single
     * runs, the line that says no interval is known; then the gate's lines.
     */
    static String changes(Comparison c) {
        StringBuilder html = new StringBuilder();
        io.tpkit.compare.Judgement j = c.judgement();
        List<Comparison.Row> judged = c.rows().stream().filter(r -> r.better() != null && r.changes() != null).toList();
        if (j != null && !judged.isEmpty() && c.runs().size() > 1) {
            boolean single = c.runs().stream().allMatch(r -> r.counts() == null || r.counts().used() == 1);
            if (single) {
                html.append("<p class=\"fail\" id=\"uncertainty\">Uncertainty: ")
                        .append(Html.escape(io.tpkit.compare.Change.ONE_RUN_EACH)).append(". Each ratio above is of one "
                        + "run against one: how much a run moves is not known, so no difference is shown.</p>\n");
            } else {
                html.append("<h2>Changes</h2>\n");
                for (int k = 1; k < c.runs().size(); k++) {
                    html.append("<table id=\"changes-").append(k).append("\"><tr><th>")
                            .append(Html.escape(ComparisonTable.name(c, k))).append(" against ")
                            .append(Html.escape(ComparisonTable.name(c, 0))).append("</th><th>baseline mean</th><th>")
                            .append("mean</th><th>ratio</th><th>").append(Html.escape(j.levelText()))
                            .append(" interval</th><th>runs</th><th>verdict</th></tr>\n");
                    for (Comparison.Row row : judged) {
                        io.tpkit.compare.Change ch = row.change(k);
                        Double base = ComparisonTable.mean(row, ch, 0);
                        Double v = ComparisonTable.mean(row, ch, k);
                        String cls = ch == null || ch.better() == null ? "" : ch.better() ? "pass" : "fail";
                        html.append("<tr><td>").append(Html.escape(row.shortName())).append("</td><td>")
                                .append(base == null ? "-" : ComparisonTable.value(base, row.count())).append("</td><td>")
                                .append(v == null ? "-" : ComparisonTable.value(v, row.count())).append("</td><td>")
                                .append(ch == null || ch.estimate().ratio() == null ? "-"
                                        : io.tpkit.compare.Change.ratio(ch.estimate().ratio())).append("</td><td>")
                                .append(ch == null ? "-" : io.tpkit.compare.Change.interval(ch.estimate()))
                                .append("</td><td>").append(ch == null ? "-" : io.tpkit.compare.Change.runs(
                                        ch.estimate())).append("</td><td class=\"").append(cls)
                                .append("\" style=\"text-align:left\" data-key=\"changes.").append(k).append('.')
                                .append(Html.escape(row.id())).append("\">")
                                .append(Html.escape(ch == null ? ComparisonTable.noChange(c, k) : ch.words()))
                                .append("</td></tr>\n");
                    }
                    html.append("</table>\n");
                    io.tpkit.compare.RoundPairs pairs = c.runs().get(k).pairs();
                    if (c.paired() && pairs != null) {
                        html.append("<p class=\"sub\" id=\"pairs-").append(k).append("\">Paired by round: ")
                                .append(Html.escape(pairs.summary())).append(".</p>\n");
                    }
                }
                html.append("<p class=\"sub\" id=\"method\">").append(Html.escape(j.methodLine(c.paired())))
                        .append("</p>\n");
            }
        }
        if (c.gate() != null) {
            html.append("<p id=\"gate\" class=\"").append(c.gate().passed() ? "pass" : "fail").append("\">");
            html.append(String.join("<br>", c.gate().lines().stream().map(Html::escape).toList())).append("</p>\n");
        }
        return html.toString();
    }

    /** The result folders behind a column: its runs used, or its own folder. */
    private static List<Path> runDirs(Comparison.Run run) {
        if (run.counts() != null && !run.counts().runs().isEmpty()) {
            return run.counts().runs().stream().filter(d -> !d.isEmpty()).map(Path::of).toList();
        }
        return List.of(Path.of(run.resultDir()));
    }

    private static String runLink(Path folder, String dir) {
        Path d = Path.of(dir);
        return "<a href=\"" + Html.escape(link(folder, d.resolve(RunReport.FILE))) + "\">"
                + Html.escape(d.getFileName() == null ? dir : d.getFileName().toString()) + "</a>";
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
