package io.tpkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * sweep.html of a sweep's folder, built from its sweep.json only: throughput and latency
 * against the swept value with the peak, the knee and the queueing model's prediction, the
 * points' table and the model's inputs.
 */
public final class SweepReport {
    public static final String FILE = "sweep.html";
    /** The model's curves: dark grey, apart from the measured series and the red peak and knee markers. */
    static final String MODEL_COLOR = "#555555";
    /** The model with the other demand treated the other way: light grey. */
    static final String ALTERNATIVE_COLOR = "#aaaaaa";

    private final JsonNode sweep;
    private final StringBuilder html = new StringBuilder();

    /**
     * The points table has a column per figure and per model prediction: the page is wider than
     * a run's, and the table's heads wrap, so that its last column (the verdict) is in view at
     * 1280 px instead of behind a scroll bar.
     */
    static final String WIDE = "body{max-width:1200px}#points{display:table;font-size:13px}"
            + "#points th{white-space:normal;vertical-align:bottom}#points td,#points th{padding:3px 6px}\n";

    private SweepReport(JsonNode sweep) {
        this.sweep = sweep;
    }

    /** Writes sweep.html into {@code folder} from its sweep.json. */
    public static Path write(Path folder) throws IOException {
        Path json = folder.resolve("sweep.json");
        if (!Files.exists(json)) {
            throw new io.tpkit.config.BadInputException(folder + " holds no sweep.json: give the folder of a sweep");
        }
        SweepReport r = new SweepReport(ResultWriter.json().readTree(json.toFile()));
        Path out = folder.resolve(FILE);
        Files.writeString(out, r.render(), StandardCharsets.UTF_8);
        return out;
    }

    private String axis() {
        return sweep.path("axis").asText();
    }

    private String render() {
        String title = sweep.path("workload").asText() + " sweep over " + axis() + " on " + sweep.path("product").asText()
                + " " + sweep.path("version").asText().split(" ")[0];
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Html.escape(title))
                .append("</title><style>").append(Html.STYLE).append(WIDE).append("</style></head><body>\n<h1>")
                .append(Html.escape(title)).append("</h1>\n");
        JsonNode points = sweep.path("points");
        html.append("<p class=\"sub\">").append(Html.escape(sweep.at("/target/kind").asText(
                sweep.at("/configuration/target").asText()))).append(", started ").append(Html.escape(io.tpkit.history.HistoryText.second(sweep.path("startedAt")
                .asText(null)))).append("; ").append(points.size()).append(" points, each ")
                .append(Html.escape(measured())).append(", one after the other on the same server");
        if (sweep.path("data").isTextual()) {
            JsonNode order = sweep.path("order");
            List<String> ran = new java.util.ArrayList<>();
            sweep.path("runOrder").forEach(v -> ran.add(num(v.asDouble())));
            html.append(", in ").append(Html.escape(order.path("kind").asText()))
                    .append(order.path("seed").isNumber() ? " order (seed " + order.path("seed").asLong() + ")" : " order")
                    .append(": ").append(Html.escape(String.join(", ", ran))).append("</p>\n<p id=\"data\"")
                    .append(sweep.at("/startingData/sameData").asBoolean(true) ? "" : " class=\"fail\"").append(">Data: ")
                    .append(Html.escape(sweep.path("data").asText())).append(".</p>\n");
        } else {
            html.append("always".equals(sweep.at("/configuration/load").asText()) ? ", the data loaded afresh before "
                    + "each point" : " and data").append("</p>\n");
        }
        if (sweep.path("incomplete").asBoolean()) {
            html.append("<p class=\"fail\">INCOMPLETE: the sweep was interrupted; the points shown are those it ran.</p>\n");
        }
        JsonNode peak = sweep.path("peak");
        JsonNode knee = sweep.path("knee");
        String figure = figureLabel();
        boolean ownFigure = !"TPS".equals(figure);
        html.append("<h2>Peak and knee</h2>\n<table id=\"findings\">\n<tr><td>peak</td><td data-key=\"")
                .append(ownFigure ? "peak.figureValue\">" + RunReport.fmt(peak.path("figureValue").asDouble()) + " "
                        + Html.escape(figure) : "peak.tps\">" + RunReport.fmt(peak.path("tps").asDouble()) + " TPS")
                .append(" at ").append(Html.escape(axis()))
                .append(" ").append(num(peak.path("value").asDouble()))
                .append(ownFigure ? " (" + RunReport.fmt(peak.path("tps").asDouble()) + " TPS)" : "")
                .append(peak.path("atEnd").asBoolean() ? " (the last point: the peak may lie beyond the sweep)" : "")
                .append("</td></tr>\n<tr><td>knee</td><td data-key=\"knee.value\" style=\"text-align:left\">")
                .append(knee.path("value").isNumber() ? Html.escape(axis()) + " " + num(knee.path("value").asDouble())
                        : "not reached").append("</td></tr>\n</table>\n<p>").append(Html.escape(knee.path("explanation")
                        .asText())).append(".</p>\n<p class=\"sub\">Knee, as tpkit defines it (g = ")
                .append(num(knee.path("thresholdPct").asDouble())).append("%, --knee-gain): ")
                .append(Html.escape(knee.path("definition").asText())).append(ownFigure ? "; the throughput here is "
                        + Html.escape(figure) + ", the workload's own figure, and TPS(x) stands for it" : "")
                .append(".</p>\n");
        charts();
        table();
        model();
        html.append("<p class=\"sub\">Every figure is in sweep.json and sweep.csv; each point's own result.json, "
                + "report.html and files are in its result folder. Response time = completion minus intended start "
                + "(queueing included).</p>\n</body></html>\n");
        return html.toString();
    }

    /** What the peak and the knee are found from: "TPS", or the workload's figure (absent before it was recorded). */
    private String figureLabel() {
        return sweep.at("/figure/label").asText("TPS");
    }

    private String measured() {
        JsonNode c = sweep.path("configuration");
        if (!c.path("durationSeconds").isNumber() && !c.path("transactions").isNumber()) {
            // a workload that fixes its own run shape (HPSS): its options say how much each point does
            List<String> options = new ArrayList<>();
            c.path("options").properties().forEach(e -> options.add("--" + e.getKey() + " " + e.getValue().asText()));
            return "the workload's own run shape" + (options.isEmpty() ? "" : " (" + String.join(", ", options) + ")");
        }
        String warmup = c.path("warmupUntilJitSettled").asBoolean()
                ? "a warm-up until the driver's JIT compiler settled (at least " + num(c.path("warmupSeconds").asDouble())
                + " s)" : num(c.path("warmupSeconds").asDouble()) + " s of warm-up";
        if (c.path("transactions").isNumber()) {
            return c.path("transactions").asText() + " transactions measured after " + warmup;
        }
        return num(c.path("durationSeconds").asDouble()) + " s measured after " + warmup;
    }

    private boolean logAxis() {
        JsonNode values = sweep.path("values");
        double first = values.path(0).asDouble();
        double last = values.path(values.size() - 1).asDouble();
        return first > 0 && last / first >= 4;
    }

    private SvgChart chart(String id, String yLabel) {
        SvgChart c = new SvgChart(id, axis() + (logAxis() ? " (logarithmic)" : ""), yLabel)
                .markerText(" " + axis(), "peak and knee (hover for details)");
        if (logAxis()) {
            c.logX();
        }
        List<Double> ticks = new ArrayList<>();
        sweep.path("values").forEach(v -> ticks.add(v.asDouble()));
        c.xTicks(ticks);
        JsonNode knee = sweep.path("knee");
        c.marker(sweep.at("/peak/value").asDouble(), "peak");
        if (knee.path("value").isNumber()) {
            c.marker(knee.path("value").asDouble(), "knee");
        }
        return c;
    }

    private void charts() {
        JsonNode points = sweep.path("points");
        List<double[]> tps = new ArrayList<>();
        List<double[]> requests = new ArrayList<>();
        List<double[]> mean = new ArrayList<>();
        List<double[]> p90 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        boolean differ = false;
        for (JsonNode p : points) {
            double x = p.path("value").asDouble();
            tps.add(new double[] {x, p.path("tps").asDouble()});
            requests.add(new double[] {x, p.path("requestsPerSecond").asDouble()});
            differ |= Math.abs(p.path("requestsPerSecond").asDouble() - p.path("tps").asDouble())
                    > 0.005 * p.path("tps").asDouble();
            mean.add(new double[] {x, p.path("meanResponseMs").asDouble()});
            JsonNode first = p.path("types").path(0);
            p90.add(new double[] {x, first.path("p90Ms").asDouble()});
            p99.add(new double[] {x, first.path("p99Ms").asDouble()});
        }
        List<double[]> modelX = new ArrayList<>();
        List<double[]> modelR = new ArrayList<>();
        for (JsonNode c : sweep.at("/model/curve")) {
            modelX.add(new double[] {c.path("x").asDouble(), c.path("requestsPerSecond").asDouble()});
            modelR.add(new double[] {c.path("x").asDouble(), c.path("responseMs").asDouble()});
        }
        List<double[]> altX = new ArrayList<>();
        List<double[]> altR = new ArrayList<>();
        for (JsonNode c : sweep.at("/model/alternative/curve")) {
            altX.add(new double[] {c.path("x").asDouble(), c.path("requestsPerSecond").asDouble()});
            altR.add(new double[] {c.path("x").asDouble(), c.path("responseMs").asDouble()});
        }
        String used = sweep.at("/model/inputs/other").asText("delay");
        String alt = sweep.at("/model/alternative/other").asText();
        String firstType = points.path(0).at("/types/0/name").asText("first type");
        SvgChart throughput = chart("throughput", "per second").series("TPS (measured)", tps);
        String figure = figureLabel();
        if (!"TPS".equals(figure)) {
            List<double[]> own = new ArrayList<>();
            String id = sweep.at("/figure/id").asText();
            for (JsonNode p : points) {
                own.add(new double[] {p.path("value").asDouble(), p.path("headline").path(id).asDouble()});
            }
            throughput.series(figure + " (measured; the peak and knee are found from it)", own);
        }
        if (differ) {
            throughput.series("interactions/s (measured, as the model counts)", requests);
        }
        throughput.dashedSeries("MVA prediction, interactions/s (other demand a " + used + ")", modelX, MODEL_COLOR)
                .dashedSeries("MVA, other demand a " + alt, altX, ALTERNATIVE_COLOR);
        html.append("<h2>Throughput against ").append(Html.escape(axis())).append("</h2>\n").append(throughput.render());
        SvgChart latency = chart("latency", "response time, ms").series("mean, all types (measured)", mean)
                .series(firstType + " p90", p90).series(firstType + " p99", p99)
                .dashedSeries("MVA prediction, mean (other demand a " + used + ")", modelR, MODEL_COLOR)
                .dashedSeries("MVA, other demand a " + alt, altR, ALTERNATIVE_COLOR);
        html.append("<h2>Latency against ").append(Html.escape(axis())).append("</h2>\n").append(latency.render());
    }

    private void table() {
        JsonNode points = sweep.path("points");
        Set<String> headline = new LinkedHashSet<>();
        points.forEach(p -> p.path("headline").fieldNames().forEachRemaining(headline::add));
        String firstType = points.path(0).at("/types/0/name").asText("first type");
        boolean model = !sweep.at("/model/inputs").isMissingNode() && !sweep.at("/model/inputs").isNull();
        boolean showConnections = !axis().equals("connections");
        boolean showTerminals = !axis().equals("terminals");
        html.append("<h2>Points</h2>\n<table id=\"points\"><tr><th>").append(Html.escape(axis())).append("</th>")
                .append(showConnections ? "<th>connections</th>" : "").append(showTerminals ? "<th>terminals</th>" : "")
                .append("<th>TPS</th>");
        headline.forEach(h -> html.append("<th>").append(Html.escape(h)).append("</th>"));
        html.append("<th>gain per doubling %</th><th>mean ms</th><th>").append(Html.escape(firstType))
                .append(" p90 ms</th><th>").append(Html.escape(firstType)).append(" p99 ms</th>");
        if (model) {
            html.append("<th>interactions/s</th><th>MVA</th><th>error %</th><th>MVA mean ms</th><th>error %</th>");
        }
        html.append("<th>validity</th><th>consistency</th></tr>\n");
        int i = 0;
        for (JsonNode p : points) {
            String k = "points." + i++ + ".";
            boolean peak = p.path("index").asInt() == sweep.at("/peak/point").asInt();
            boolean knee = p.path("index").asInt() == sweep.at("/knee/point").asInt(-1);
            html.append("<tr><td><a href=\"").append(Html.escape(Path.of(p.path("resultDir").asText())
                    .resolve(RunReport.FILE).toUri().toString())).append("\">").append(num(p.path("value").asDouble()))
                    .append("</a>").append(peak ? " peak" : "").append(knee ? " knee" : "").append("</td>")
                    .append(showConnections ? "<td>" + p.path("connections").asInt() + "</td>" : "")
                    .append(showTerminals ? "<td>" + p.path("terminals").asInt() + "</td>" : "");
            cell(k + "tps", p.path("tps"));
            for (String h : headline) {
                cell(k + "headline." + h, p.path("headline").path(h));
            }
            cell(k + "gainPerDoublingPct", p.path("gainPerDoublingPct"));
            cell(k + "meanResponseMs", p.path("meanResponseMs"));
            cell(k + "types.0.p90Ms", p.at("/types/0/p90Ms"));
            cell(k + "types.0.p99Ms", p.at("/types/0/p99Ms"));
            if (model) {
                cell(k + "requestsPerSecond", p.path("requestsPerSecond"));
                cell(k + "mva.requestsPerSecond", p.at("/mva/requestsPerSecond"));
                cell(k + "mva.requestsErrorPct", p.at("/mva/requestsErrorPct"));
                cell(k + "mva.responseMs", p.at("/mva/responseMs"));
                cell(k + "mva.responseErrorPct", p.at("/mva/responseErrorPct"));
            }
            html.append("<td style=\"text-align:left\" title=\"").append(Html.escape(p.path("verdict").asText()))
                    .append("\">").append(Html.escape(shortVerdict(p.path("verdict").asText())))
                    .append(p.path("incomplete").asBoolean() ? " (INCOMPLETE)" : "").append("</td><td class=\"")
                    .append(p.path("consistent").asBoolean() ? "pass\">passed" : "fail\">FAILED").append("</td></tr>\n");
        }
        html.append("</table>\n<p class=\"sub\">Gain per doubling: (").append(Html.escape(figureLabel()))
                .append(" / previous)^(1 / log2(")
                .append(Html.escape(axis())).append(" / previous)) - 1. Mean ms: the mean response time of the types "
                + "a terminal waits for, weighted by their counts.</p>\n");
    }

    /** "non-standard: a, b, c" -> "non-standard (3 rules)": the rules are in the tooltip and each point's report. */
    static String shortVerdict(String verdict) {
        int colon = verdict.indexOf(':');
        if (colon < 0) {
            return verdict;
        }
        int rules = verdict.substring(colon + 1).split(",").length;
        return verdict.substring(0, colon) + " (" + rules + (rules == 1 ? " rule)" : " rules)");
    }

    private void cell(String key, JsonNode v) {
        html.append("<td data-key=\"").append(Html.escape(key)).append("\">")
                .append(v.isNumber() ? RunReport.fmt(v.asDouble()) : "-").append("</td>");
    }

    private void model() {
        JsonNode m = sweep.path("model");
        html.append("<h2>Queueing model (exact MVA)</h2>\n");
        if (m.path("inputs").isMissingNode() || m.path("inputs").isNull()) {
            html.append("<p>No model: ").append(Html.escape(m.path("absentBecause").asText())).append(".</p>\n");
            return;
        }
        JsonNode in = m.path("inputs");
        html.append("<p>A closed network (seed 003, section 3.2) with the service demands measured at the first point "
                + "and solved by exact Mean Value Analysis for each point's terminals and connections; terminals "
                + "beyond the connections wait for one (a flow-equivalent center). Mean absolute error over the "
                + "points after the first (the model fits the first, where its demands are measured, by "
                + "construction): interactions/s ").append(pct(m.path("meanAbsRequestsErrorPct")))
                .append(", mean response time ").append(pct(m.path("meanAbsResponseErrorPct"))).append(".");
        if (m.path("alternative").isObject()) {
            html.append(" With the other demand as a ").append(Html.escape(m.at("/alternative/other").asText()))
                    .append(" instead (the light grey curves): ").append(pct(m.at("/alternative/meanAbsRequestsErrorPct")))
                    .append(" and ").append(pct(m.at("/alternative/meanAbsResponseErrorPct"))).append(". A delay lets "
                    + "every commit share its flush with the others (group commit at its best), a queue flushes them "
                    + "one at a time: a database in between lies between the two curves.");
        }
        html.append("</p>\n");
        if (in.path("calibrationWarning").isTextual()) {
            html.append("<p class=\"warning\">Warning: ").append(Html.escape(in.path("calibrationWarning").asText()))
                    .append(".</p>\n");
        }
        html.append("<table id=\"model\">\n");
        modelRow("think time Z per interaction, s", in.path("thinkSeconds"), in.path("thinkSource").asText());
        modelRow("service demand S per interaction, ms", in.path("serviceDemandMs"),
                "mean service time (connection: first statement to commit), types weighted by their share");
        if (in.path("cpuDemandMs").isNumber()) {
            modelRow("cpu demand D_cpu, ms (" + in.path("cpus").asInt() + " CPUs, load dependent)", in.path("cpuDemandMs"),
                    in.path("cpuSource").asText());
            modelRow("other demand D_other = S - D_cpu, ms (a " + in.path("other").asText() + ")", in.path("otherDemandMs"),
                    "disk (commit flushes), network and other waits the CPUs do not explain; " + otherText(in));
        } else {
            modelRow("database demand, ms (a " + in.path("other").asText() + ")", in.path("otherDemandMs"),
                    in.path("cpuSource").asText());
        }
        html.append("</table>\n<table id=\"demands\"><tr><th>type</th><th>interactions</th><th>share</th>"
                + "<th>service ms</th><th>response ms</th></tr>\n");
        for (JsonNode t : in.path("types")) {
            html.append("<tr><td>").append(Html.escape(t.path("type").asText())).append("</td><td>")
                    .append(t.path("completed").asLong()).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.4f", t.path("share").asDouble())).append("</td><td>")
                    .append(RunReport.fmt(t.path("serviceMs").asDouble())).append("</td><td>")
                    .append(RunReport.fmt(t.path("responseMs").asDouble())).append("</td></tr>\n");
        }
        html.append("</table>\n");
        for (JsonNode n : in.path("notes")) {
            html.append("<p class=\"sub\">Note: ").append(Html.escape(n.asText())).append(".</p>\n");
        }
    }

    private static String otherText(JsonNode in) {
        return "queue".equals(in.path("other").asText())
                ? "a queue (--mva-other queue): served one interaction at a time"
                : "a delay (--mva-other delay, the default): every interaction waits it, no queueing, as a commit "
                + "whose WAL flush it shares with concurrent commits (group commit)";
    }

    private void modelRow(String label, JsonNode value, String how) {
        html.append("<tr><td>").append(Html.escape(label)).append("</td><td>")
                .append(value.isNumber() ? String.format(Locale.ROOT, "%.4f", value.asDouble()) : "-")
                .append("</td><td style=\"text-align:left\" class=\"sub\">").append(Html.escape(how)).append("</td></tr>\n");
    }

    private static String pct(JsonNode v) {
        return v.isNumber() ? String.format(Locale.ROOT, "%.1f%%", v.asDouble()) : "-";
    }

    static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * For comparison.html: when the compared runs are sweeps, their throughput and latency against
     * the swept value on one chart each; empty otherwise.
     */
    static String comparisonCharts(JsonNode comparison) {
        List<JsonNode> sweeps = new ArrayList<>();
        for (JsonNode run : comparison.path("runs")) {
            Path file = Path.of(run.path("resultDir").asText()).resolve("sweep.json");
            if (!Files.exists(file)) {
                return "";
            }
            try {
                sweeps.add(ResultWriter.json().readTree(file.toFile()));
            } catch (IOException e) {
                return "";
            }
        }
        if (sweeps.isEmpty()) {
            return "";
        }
        String axis = sweeps.getFirst().path("axis").asText();
        SvgChart tps = new SvgChart("sweep-throughput", axis, "TPS");
        SvgChart latency = new SvgChart("sweep-latency", axis, "mean response time, ms");
        double lo = Double.MAX_VALUE;
        double hi = 0;
        int i = 1;
        List<JsonNode> runs = new ArrayList<>();
        comparison.path("runs").forEach(runs::add);
        for (JsonNode s : sweeps) {
            List<double[]> t = new ArrayList<>();
            List<double[]> r = new ArrayList<>();
            for (JsonNode p : s.path("points")) {
                double x = p.path("value").asDouble();
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
                t.add(new double[] {x, p.path("tps").asDouble()});
                r.add(new double[] {x, p.path("meanResponseMs").asDouble()});
            }
            JsonNode named = runs.get(i - 1).path("name");
            String name = named.isTextual() ? named.asText() : "run " + i + ": " + s.path("product").asText() + " "
                    + s.path("version").asText().split(" ")[0];
            i++;
            tps.series(name, t);
            latency.series(name, r);
        }
        if (lo > 0 && hi / lo >= 4) {
            tps.logX();
            latency.logX();
        }
        return "<h2>Throughput against " + Html.escape(axis) + "</h2>\n" + tps.render() + "<h2>Latency against "
                + Html.escape(axis) + "</h2>\n" + latency.render();
    }
}
