package io.tpkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * report.html of one run: a self-contained page (inline SVG and CSS, no script, no network)
 * built only from the files of the result folder, so {@code tpkit report DIR} can rebuild it.
 */
public final class RunReport {
    static final String FILE = "report.html";

    private final JsonNode result;
    private final CsvTable series;
    private final CsvTable monitor;
    private final StringBuilder html = new StringBuilder();

    private RunReport(JsonNode result, CsvTable series, CsvTable monitor) {
        this.result = result;
        this.series = series;
        this.monitor = monitor;
    }

    /** Writes {@code report.html} into {@code folder} from its result.json, timeseries.csv and monitor.csv. */
    public static Path write(Path folder) throws IOException {
        Path json = folder.resolve("result.json");
        if (!Files.exists(json)) {
            throw new io.tpkit.config.BadInputException(folder + " holds no result.json: give a tpkit result folder");
        }
        JsonNode result = ResultWriter.json().readTree(json.toFile());
        RunReport r = new RunReport(result, CsvTable.read(folder.resolve("timeseries.csv")),
                CsvTable.read(folder.resolve("monitor.csv")));
        Path out = folder.resolve(FILE);
        Files.writeString(out, r.render(), StandardCharsets.UTF_8);
        return out;
    }

    private String render() {
        JsonNode db = result.path("database");
        JsonNode w = result.path("workload");
        String title = w.path("name").asText() + " on " + db.path("product").asText() + " "
                + db.path("version").asText();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(title)).append("</title><style>").append(Html.STYLE).append("</style></head><body>\n");
        html.append("<h1>").append(Html.escape(title)).append("</h1>\n");
        html.append("<p class=\"sub\">").append(Html.escape(db.path("kind").asText())).append(", started ")
                .append(Html.escape(result.path("startedAt").asText())).append("; ")
                .append(Html.escape(w.path("arrival").asText())).append(" arrival, ")
                .append(w.path("terminals").asText()).append(" terminals, ").append(w.path("connections").asText())
                .append(" connections; measured ").append(fmt(result.at("/metrics/measurementSeconds").asDouble()))
                .append(" s (").append(Html.escape(result.at("/metrics/measuredBy").asText())).append(")</p>\n");
        JsonNode validity = result.path("validity");
        boolean consistent = true;
        for (JsonNode c : result.path("consistency")) {
            consistent &= c.path("passed").asBoolean() || c.path("skipped").asBoolean();
        }
        html.append("<p class=\"verdict\" id=\"verdict\">Validity: <span class=\"")
                .append(validity.path("conformant").asBoolean() ? "pass" : "fail").append("\">")
                .append(Html.escape(validity.path("verdict").asText())).append("</span>; consistency: <span class=\"")
                .append(consistent ? "pass\">passed" : "fail\">FAILED").append("</span></p>\n");
        headline();
        types();
        cost();
        iterations();
        timeCharts();
        distribution();
        monitorCharts();
        checks();
        rules();
        environment();
        html.append("<p class=\"sub\">Response time = completion minus intended start (queueing included); "
                + "percentiles from HdrHistogram. Per-second figures come from timeseries.csv, server and OS "
                + "figures from monitor.csv; every number here is in result.json or those files.</p>\n");
        html.append("</body></html>\n");
        return html.toString();
    }

    private void headline() {
        html.append("<h2>Headline</h2>\n<table id=\"headline\">\n");
        row("TPS (committed transactions per second of the measurement interval, wall clock)",
                "metrics.throughput.overWallClock", result.at("/metrics/throughput/overWallClock").asDouble());
        Iterator<Map.Entry<String, JsonNode>> it = result.path("headline").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            html.append("<tr><td>").append(Html.escape(e.getKey())).append("</td><td data-key=\"headline.")
                    .append(Html.escape(e.getKey())).append("\">")
                    .append(e.getValue().isNumber() ? fmt(e.getValue().asDouble()) : Html.escape(e.getValue().asText()))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void row(String label, String key, double value) {
        html.append("<tr><td>").append(Html.escape(label)).append("</td><td data-key=\"").append(key).append("\">")
                .append(fmt(value)).append("</td></tr>\n");
    }

    private void types() {
        html.append("<h2>Transactions (measurement interval)</h2>\n<table id=\"types\"><tr><th>type</th><th>committed</th>"
                + "<th>rollbacks</th><th>failed</th><th>retries</th><th>per s</th><th>p50 ms</th><th>p90 ms</th>"
                + "<th>p95 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th></tr>\n");
        int i = 0;
        for (JsonNode t : result.at("/metrics/types")) {
            String k = "metrics.types." + i++ + ".";
            JsonNode r = t.path("response");
            html.append("<tr><td>").append(Html.escape(t.path("name").asText())).append("</td>");
            countCell(k + "committed", t.path("committed").asLong());
            countCell(k + "businessRollbacks", t.path("businessRollbacks").asLong());
            countCell(k + "failed", sum(t.path("failed")));
            countCell(k + "retries", sum(t.path("retries")));
            cell(k + "perSecond", t.path("perSecond").asDouble());
            for (String p : List.of("p50Ms", "p90Ms", "p95Ms", "p99Ms", "p999Ms", "maxMs")) {
                cell(k + "response." + p, r.path(p).asDouble());
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /** What a committed transaction cost, for the run and per type (result.json "cost"). */
    private void cost() {
        JsonNode c = result.path("cost");
        if (!c.isObject() || c.path("committed").asLong() == 0) {
            return;
        }
        html.append("<h2>Cost per committed transaction</h2>\n<table id=\"cost\">\n");
        String[][] rows = {
            {"driverCpuMicros", "driver CPU, us"}, {"driverUserMicros", "driver CPU, user, us"},
            {"driverSystemMicros", "driver CPU, system, us"}, {"driverJitMicros", "driver CPU, of it the JIT compiler, us"},
            {"driverGcMicros", "driver CPU, of it the garbage collector, us"},
            {"driverMachinePct", "driver's share of the machine, %"},
            {"databaseCpuMicros", "database CPU, us"}, {"databaseMachinePct", "database's share of the machine, %"},
            {"roundTrips", "round trips (requests sent and waited for)"}, {"statements", "statements"},
            {"resultSets", "result sets"}, {"commits", "commits"}, {"rollbacks", "rollbacks"},
            {"bytesSent", "bytes sent by the driver"}, {"bytesReceived", "bytes received by the driver"},
            {"walBytes", "WAL / redo bytes"}, {"blockReads", "block reads"}};
        for (String[] r : rows) {
            JsonNode v = c.path(r[0]);
            if (v.isNumber()) {
                row(r[1], "cost." + r[0], v.asDouble());
            }
        }
        html.append("</table>\n<p class=\"sub\">").append(Html.escape(c.path("basis").asText()));
        if (c.path("databaseCpuSource").isTextual()) {
            html.append(". Database CPU: ").append(Html.escape(c.path("databaseCpuSource").asText()));
        }
        html.append(".</p>\n");
        if (c.path("notes").isArray() && !c.path("notes").isEmpty()) {
            html.append("<ul class=\"na\">");
            c.path("notes").forEach(n -> html.append("<li>").append(Html.escape(n.asText())).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<table id=\"cost-by-type\"><tr><th>per transaction of</th><th>round trips</th><th>statements</th>"
                + "<th>result sets</th><th>driver CPU us</th><th>bytes sent</th><th>bytes received</th></tr>\n");
        int i = 0;
        for (JsonNode t : result.at("/metrics/types")) {
            String k = "metrics.types." + i++ + ".cost.";
            JsonNode tc = t.path("cost");
            if (tc.path("transactions").asLong() == 0) {
                continue;
            }
            html.append("<tr><td>").append(Html.escape(t.path("name").asText())).append("</td>");
            for (String f : List.of("roundTrips", "statements", "resultSets", "driverCpuMicros", "bytesSent",
                    "bytesReceived")) {
                double v = tc.path(f).asDouble();
                if (v < 0) {
                    html.append("<td class=\"na\">-</td>");
                } else {
                    cell(k + f, v);
                }
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n<p class=\"sub\">Per type: per transaction executed (committed, rolled back or "
                + "failed, retries included); driver CPU of the connection's thread from the first statement to the "
                + "commit.</p>\n");
    }

    private void cell(String key, double value) {
        html.append("<td data-key=\"").append(key).append("\">").append(fmt(value)).append("</td>");
    }

    private void countCell(String key, long value) {
        html.append("<td data-key=\"").append(key).append("\">").append(value).append("</td>");
    }

    private static long sum(JsonNode counts) {
        long n = 0;
        for (JsonNode v : counts) {
            n += v.asLong();
        }
        return n;
    }

    private void iterations() {
        JsonNode rounds = result.at("/metrics/iterations");
        if (!rounds.isArray() || rounds.isEmpty()) {
            return;
        }
        SvgChart chart = new SvgChart("iterations", "iteration", "committed per second of the iteration");
        List<double[]> points = new ArrayList<>();
        for (JsonNode it : rounds) {
            double seconds = it.path("seconds").asDouble();
            points.add(new double[] {it.path("number").asDouble(), seconds > 0 ? it.path("committed").asDouble() / seconds : 0});
        }
        html.append("<h2>Rate per iteration</h2>\n").append(chart.series("rate", points).render());
    }

    private List<double[]> column(CsvTable t, String type, String name) {
        int typeCol = t.column("type");
        int x = t.column("elapsed_s");
        int y = t.column(name);
        List<double[]> points = new ArrayList<>();
        for (String[] row : t.rows) {
            if (type == null || (typeCol >= 0 && row[typeCol].equals(type))) {
                points.add(new double[] {CsvTable.number(row, x), CsvTable.number(row, y)});
            }
        }
        return points;
    }

    /** Phases as shaded bands and server events as markers, on every time chart. */
    private SvgChart timeChart(String id, String yLabel) {
        SvgChart chart = new SvgChart(id, "seconds since the start", yLabel);
        int phaseCol = series.column("phase");
        int x = series.column("elapsed_s");
        Map<String, double[]> phases = new LinkedHashMap<>();
        for (String[] row : series.rows) {
            double t = CsvTable.number(row, x);
            double[] span = phases.computeIfAbsent(row[phaseCol], p -> new double[] {t, t});
            span[0] = Math.min(span[0], t - 1);
            span[1] = Math.max(span[1], t);
        }
        phases.forEach((phase, span) -> {
            if (!phase.equals("measurement")) {
                chart.band(span[0], span[1], phase);
            }
        });
        for (JsonNode e : result.at("/monitor/events")) {
            chart.marker(e.path("elapsedSeconds").asDouble(), e.path("event").asText());
        }
        return chart;
    }

    private void timeCharts() {
        if (series.isEmpty()) {
            return;
        }
        html.append("<h2>Throughput over time</h2>\n").append(timeChart("throughput", "committed per second")
                .series("all types", column(series, "all", "committed_per_s")).render());
        SvgChart latency = timeChart("latency", "response time, ms (all types)");
        for (String p : List.of("p50_ms", "p90_ms", "p99_ms")) {
            latency.series(p.replace("_ms", ""), column(series, "all", p));
        }
        html.append("<h2>Latency over time</h2>\n").append(latency.render());
        SvgChart perType = timeChart("latency-by-type", "p90 response time, ms");
        for (String type : typeNames()) {
            perType.series(type, column(series, type, "p90_ms"));
        }
        if (typeNames().size() > 1) {
            html.append("<h2>p90 by transaction type over time</h2>\n").append(perType.render());
        }
    }

    private Set<String> typeNames() {
        Set<String> names = new LinkedHashSet<>();
        int typeCol = series.column("type");
        for (String[] row : series.rows) {
            if (!row[typeCol].equals("all")) {
                names.add(row[typeCol]);
            }
        }
        return names;
    }

    /** The percentile curve per type: x in "nines" (1 = p90, 2 = p99, 3 = p99.9), max at 4. */
    private void distribution() {
        SvgChart chart = new SvgChart("distribution", "percentile in nines: 0.3 = p50, 1 = p90, 2 = p99, 3 = p99.9, 4 = max",
                "response time, ms");
        double[] nines = {Math.log10(2), 1, Math.log10(20), 2, 3, 4};
        String[] keys = {"p50Ms", "p90Ms", "p95Ms", "p99Ms", "p999Ms", "maxMs"};
        for (JsonNode t : result.at("/metrics/types")) {
            if (t.path("response").path("count").asLong() == 0) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < keys.length; i++) {
                points.add(new double[] {nines[i], t.path("response").path(keys[i]).asDouble()});
            }
            chart.series(t.path("name").asText(), points);
        }
        if (!chart.isEmpty()) {
            html.append("<h2>Latency distribution by type (measurement interval)</h2>\n").append(chart.render());
        }
    }

    private void monitorCharts() {
        if (monitor.isEmpty()) {
            html.append("<h2>Server and OS</h2>\n<p class=\"na\">No monitor.csv in this result folder.</p>\n");
            return;
        }
        html.append("<h2>Server and OS</h2>\n");
        chartIf("cpu", "CPU % (all cores)", 1, Map.of("os.cpu.user_pct", "user", "os.cpu.system_pct", "system",
                "os.cpu.iowait_pct", "iowait", "driver.cpu_pct", "tpkit driver", "db.cpu_pct", "database server"));
        chartIf("disk", "disk MB per second", 1e-6, Map.of("os.disk.read_bytes_per_s", "read", "os.disk.write_bytes_per_s",
                "write"));
        List<String> db = monitor.header.stream().filter(h -> h.startsWith("db.") && h.endsWith("_per_s")).toList();
        // db.cpu_pct is on the CPU chart
        Map<String, String> dbSeries = new LinkedHashMap<>();
        db.stream().filter(h -> !h.contains("bytes")).forEach(h -> dbSeries.put(h, h.substring(3)));
        chartIf("db-rates", "database counters per second", 1, dbSeries);
        Map<String, String> dbBytes = new LinkedHashMap<>();
        db.stream().filter(h -> h.contains("bytes")).forEach(h -> dbBytes.put(h, h.substring(3)));
        chartIf("db-bytes", "database MB per second", 1e-6, dbBytes);
        JsonNode notes = result.at("/monitor/notes");
        if (notes.isArray() && !notes.isEmpty()) {
            html.append("<ul class=\"na\">");
            notes.forEach(n -> html.append("<li>").append(Html.escape(n.asText())).append("</li>"));
            html.append("</ul>\n");
        }
    }

    private void chartIf(String id, String yLabel, double scale, Map<String, String> columns) {
        SvgChart chart = timeChart(id, yLabel);
        new java.util.TreeMap<>(columns).forEach((col, name) -> {
            if (monitor.column(col) >= 0) {
                chart.series(name, column(monitor, null, col).stream()
                        .map(p -> new double[] {p[0], p[1] * scale}).toList());
            }
        });
        if (!chart.isEmpty()) {
            html.append(chart.render());
        }
    }

    private void checks() {
        html.append("<h2>Consistency checks</h2>\n<table id=\"consistency\">\n");
        for (JsonNode c : result.path("consistency")) {
            boolean ok = c.path("passed").asBoolean();
            html.append("<tr><td>").append(Html.escape(c.path("name").asText())).append("</td><td class=\"")
                    .append(ok ? "pass\">passed" : c.path("skipped").asBoolean() ? "na\">skipped" : "fail\">FAILED")
                    .append("</td><td style=\"text-align:left\">")
                    .append(Html.escape(c.path("detail").asText())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void rules() {
        html.append("<h2>Validity rules</h2>\n<table id=\"rules\">\n");
        for (JsonNode r : result.at("/validity/rules")) {
            String status = r.path("status").asText();
            String css = switch (status) {
                case "PASSED" -> "pass";
                case "FAILED" -> "fail";
                default -> "na";
            };
            html.append("<tr><td>").append(Html.escape(r.path("id").asText())).append("</td><td class=\"").append(css)
                    .append("\">").append(status.toLowerCase(Locale.ROOT).replace('_', ' '))
                    .append("</td><td style=\"text-align:left\">").append(Html.escape(r.path("rule").asText()))
                    .append(" &mdash; ").append(Html.escape(r.path("detail").asText())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void environment() {
        html.append("<h2>Environment</h2>\n<table id=\"environment\">\n");
        Iterator<Map.Entry<String, JsonNode>> it = result.path("environment").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isValueNode()) {
                html.append("<tr><td>").append(Html.escape(e.getKey())).append("</td><td style=\"text-align:left\">")
                        .append(Html.escape(e.getValue().isNumber() ? fmt(e.getValue().asDouble()) : e.getValue().asText()))
                        .append("</td></tr>\n");
            }
        }
        html.append("</table>\n");
    }

    /**
     * A measured quantity: always two decimals, also when it happens to be whole (a rate of
     * exactly 1918 per second is "1918.00"), so that the page reads one way; counts are
     * written as integers. The page rounds, result.json keeps the exact value.
     */
    public static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
