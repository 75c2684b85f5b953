package io.tpkit.report;

import io.tpkit.history.History;
import io.tpkit.history.HistoryGroup;
import io.tpkit.history.HistoryPoint;
import io.tpkit.history.HistoryText;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * history.html of a history folder, built from its history.json: for each group, its figure
 * over its runs with the change points marked and each segment's mean drawn, the change points
 * in words, and every point with its marks.
 */
public final class HistoryReport {
    public static final String FILE = "history.html";
    /** More points than this get round ticks instead of one per run. */
    private static final int TICK_EACH_RUN = 30;

    private HistoryReport() {
    }

    public static Path write(Path folder) throws IOException {
        Path json = folder.resolve(History.FILE);
        if (!Files.exists(json)) {
            throw new io.tpkit.config.BadInputException(folder + " holds no " + History.FILE
                    + ": give the folder tpkit history --out wrote");
        }
        History h = ResultWriter.json().readerFor(History.class)
                .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .readValue(json.toFile());
        Path out = folder.resolve(FILE);
        Files.writeString(out, render(h, folder), StandardCharsets.UTF_8);
        return out;
    }

    private static String render(History h, Path folder) {
        StringBuilder html = new StringBuilder();
        String title = "History: " + h.groups().size() + (h.groups().size() == 1 ? " series" : " series") + " of "
                + String.join(", ", h.folders());
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Html.escape(title))
                .append("</title><style>").append(Html.STYLE).append("</style></head><body>\n<h1>")
                .append(Html.escape(title)).append("</h1>\n<p class=\"sub\">").append(h.runs()).append(" runs");
        if (h.repetitionSets() > 0) {
            html.append(", ").append(h.repetitionSets()).append(" sets of repetitions (").append(h.repetitions())
                    .append(" runs; each set one point: the mean of its repetitions that completed and passed their "
                            + "consistency checks)");
        }
        html.append(".</p>\n");
        for (History.Skipped s : h.skipped()) {
            html.append("<p class=\"sub\">Skipped ").append(s.count()).append(' ').append(Html.escape(s.kind()))
                    .append(s.count() > 1 ? ", e.g. " : ": ").append(Html.escape(s.example())).append("</p>\n");
        }
        html.append("<p><b>Grouping.</b> ").append(Html.escape(h.key())).append(".</p>\n<ul class=\"sub\">");
        h.leftOutOfKey().forEach((k, why) -> html.append("<li><code>").append(Html.escape(k)).append("</code>: ")
                .append(Html.escape(why)).append("</li>"));
        html.append("</ul>\n<p><b>Change points.</b> ").append(Html.escape(h.method())).append(". Runs that are "
                + "incomplete or failed their consistency checks").append(h.conformantOnly()
                ? ", and runs that are not conformant," : "").append(" are shown, marked, and left out of the analysis. "
                + "The test takes the points of a segment as independent draws of one distribution: a drift inside a "
                + "segment (tables that grow from run to run) may show as changes.</p>\n");
        for (HistoryGroup g : h.groups()) {
            group(html, g, h.settings().permutations(), folder);
        }
        if (!h.closeGroups().isEmpty()) {
            html.append("<h2>Groups kept apart</h2>\n<p>Groups of one workload and the keys they differ in (the closest "
                    + "pairs): runs expected in one series are apart because of these.</p>\n<ul id=\"close-groups\">");
            h.closeGroups().forEach(c -> html.append("<li>").append(Html.escape(c)).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<p class=\"sub\">Every figure is in history.json; each run's own files are in its result "
                + "folder.</p>\n</body></html>\n");
        return html.toString();
    }

    private static void group(StringBuilder html, HistoryGroup g, int permutations, Path folder) {
        String id = "group-" + g.number();
        html.append("<h2 id=\"").append(id).append("\">Group ").append(g.number()).append(": ")
                .append(Html.escape(g.name())).append("</h2>\n<p class=\"sub\">Key: ");
        List<String> key = new ArrayList<>();
        g.key().forEach((k, v) -> key.add(k + " " + v));
        html.append(Html.escape(String.join(", ", key))).append("</p>\n<p>Figure: ").append(Html.escape(g.figureLabel()))
                .append(".");
        if (!g.everyRunFails().isEmpty()) {
            html.append(" Every point is non-standard: ").append(Html.escape(String.join(", ", g.everyRunFails())))
                    .append(".");
        }
        html.append("</p>\n");
        html.append(chart(g, id));
        if (!g.changes().isEmpty()) {
            html.append("<ul class=\"changes\">");
            for (HistoryGroup.Change c : g.changes()) {
                html.append("<li class=\"fail\">").append(Html.escape(HistoryText.change(g, c, permutations)))
                        .append("<br><span class=\"sub\">between run ").append(c.lastBefore()).append(" and run ")
                        .append(c.firstAfter()).append(c.alsoChanged().isEmpty() ? "" : "; also changed between them: "
                                + Html.escape(String.join("; ", c.alsoChanged()))).append(c.nearby().isEmpty() ? ""
                                : "; changed one run either side: " + Html.escape(String.join("; ", c.nearby())))
                        .append("</span></li>");
            }
            html.append("</ul>\n");
        }
        html.append("<p class=\"sub\">").append(Html.escape(g.note())).append(".</p>\n");
        if (!g.contextChanges().isEmpty()) {
            html.append("<p class=\"sub\">Changed along the series (not part of the key): ")
                    .append(Html.escape(String.join("; ", g.contextChanges()))).append("</p>\n");
        }
        boolean tps = !g.figure().equals("tps");
        html.append("<table id=\"").append(id).append("-points\"><tr><th>run</th><th>started</th><th>")
                .append(Html.escape(HistoryText.shortName(g))).append("</th>").append(tps ? "<th>TPS</th>" : "")
                .append("<th>n</th><th>validity</th><th>consistency</th><th>analysed</th><th>folder</th></tr>\n");
        for (HistoryPoint p : g.points()) {
            Path dir = Path.of(p.folder());
            Path page = dir.resolve(p.kind().equals(HistoryPoint.REPETITIONS) ? RepeatReport.FILE : RunReport.FILE);
            html.append("<tr><td>").append(p.run()).append("</td><td>").append(Html.escape(p.startedAt()))
                    .append("</td><td data-key=\"points.").append(p.run() - 1).append(".value\">")
                    .append(HistoryText.value(p.value())).append("</td>");
            if (tps) {
                html.append("<td>").append(HistoryText.value(p.tps())).append("</td>");
            }
            html.append("<td>").append(p.repetitions() == null ? "1" : p.repetitions() + " of " + p.repetitionsDone())
                    .append("</td><td style=\"text-align:left\" title=\"").append(Html.escape(p.verdict())).append("\">")
                    .append(Html.escape(SweepReport.shortVerdict(p.verdict()))).append("</td><td class=\"")
                    .append(p.consistent() ? "pass\">passed" : "fail\">FAILED").append("</td><td class=\"")
                    .append(p.used() ? "pass\">yes" : "fail\">no: " + Html.escape(p.leftOutBecause()))
                    .append("</td><td style=\"text-align:left\"><a href=\"")
                    .append(Html.escape(ComparisonReport.link(folder, page))).append("\">")
                    .append(Html.escape(dir.getFileName() == null ? p.folder() : dir.getFileName().toString()))
                    .append("</a></td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static String chart(HistoryGroup g, String id) {
        List<double[]> used = new ArrayList<>();
        List<double[]> left = new ArrayList<>();
        List<Double> ticks = new ArrayList<>();
        for (HistoryPoint p : g.points()) {
            ticks.add((double) p.run());
            if (p.value() != null) {
                (p.used() ? used : left).add(new double[] {p.run(), p.value()});
            }
        }
        SvgChart c = new SvgChart(id, "run, in the order they started (dates in the table)",
                HistoryText.shortName(g) + (g.unit() == null ? "" : " (" + g.unit() + ")"))
                .series("each point", used)
                .markerText(" (the first run after the change)", "change point (" + io.tpkit.analysis.ChangePoints.METHOD
                        + "; hover for its size)");
        if (g.points().size() <= TICK_EACH_RUN) {
            c.xTicks(ticks);
        }
        if (!left.isEmpty()) {
            c.series("left out of the analysis", left);
        }
        for (HistoryGroup.Segment s : g.segments()) {
            if (g.changes().isEmpty()) {
                c.dashedSeries("mean of the points used", flat(s.fromRun(), s.toRun(), s.mean()), "#555555");
            } else {
                c.dashedSeries(String.format(Locale.ROOT, "mean of runs %d-%d: %s", s.fromRun(), s.toRun(),
                        HistoryText.value(s.mean())), flat(s.fromRun(), s.toRun(), s.mean()), "#555555");
            }
        }
        for (HistoryGroup.Change ch : g.changes()) {
            c.marker(ch.firstAfter(), "change: " + HistoryText.shortName(g) + " " + HistoryText.value(ch.meanBefore())
                    + " -> " + HistoryText.value(ch.meanAfter()) + (ch.relativePct() == null ? ""
                    : String.format(Locale.ROOT, " (%+.1f %%)", ch.relativePct())) + ", p = " + HistoryText.p(ch.pValue()));
        }
        if (c.isEmpty()) {
            return "<p class=\"na\">No point has a value of this figure.</p>\n";
        }
        return c.render();
    }

    private static List<double[]> flat(double from, double to, double y) {
        return List.of(new double[] {from, y}, new double[] {to == from ? from + 0.5 : to, y});
    }
}
