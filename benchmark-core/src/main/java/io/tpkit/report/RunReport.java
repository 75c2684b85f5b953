package io.tpkit.report;

import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.monitor.MonitorSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * report.html of one run: a self-contained page (inline SVG and CSS, no script, no network)
 * built from the run's {@link RunResult} and the CSV files of its result folder. A run renders it
 * from the result.json it has just written, {@code tpkit report DIR} from the result.json it
 * finds, both read back into the typed result: the page is the same either way.
 */
public final class RunReport {
    static final String FILE = "report.html";

    private final RunResult result;
    private final CsvTable series;
    private final CsvTable monitor;
    private final StringBuilder html = new StringBuilder();

    private RunReport(RunResult result, CsvTable series, CsvTable monitor) {
        this.result = result;
        this.series = series;
        this.monitor = monitor;
    }

    /**
     * Writes {@code report.html} into {@code folder} from its result.json (read into the typed
     * result), timeseries.csv and monitor.csv.
     *
     * @throws io.tpkit.config.BadInputException when the folder holds no result.json this version reads
     */
    public static Path write(Path folder) throws IOException {
        if (!Files.exists(folder.resolve(ResultReader.FILE))) {
            throw new io.tpkit.config.BadInputException(folder + " holds no result.json: give a tpkit result folder");
        }
        Path out = folder.resolve(FILE);
        Files.writeString(out, render(folder, ResultReader.read(folder)), StandardCharsets.UTF_8);
        return out;
    }

    /** The page of {@code result}, with the per-second figures of the CSV files in {@code folder}. */
    public static String render(Path folder, RunResult result) throws IOException {
        return new RunReport(result, CsvTable.read(folder.resolve("timeseries.csv")),
                CsvTable.read(folder.resolve("monitor.csv"))).render();
    }

    private String render() {
        Map<String, Object> db = each(result.database());
        Map<String, Object> w = each(result.workload());
        String title = text(w, "name") + " on " + text(db, "product") + " " + text(db, "version");
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(title)).append("</title><style>").append(Html.STYLE).append("</style></head><body>\n");
        html.append("<h1>").append(Html.escape(title)).append("</h1>\n");
        html.append("<p class=\"sub\">").append(Html.escape(text(db, "kind"))).append(", started ")
                .append(Html.escape(result.startedAt())).append("; ")
                .append(Html.escape(text(w, "arrival"))).append(" arrival, ")
                .append(Html.escape(text(w, "terminals"))).append(" terminals, ")
                .append(Html.escape(text(w, "connections")))
                .append(" connections; measured ").append(fmt(result.metrics().measurementSeconds()))
                .append(" s (").append(Html.escape(result.metrics().measuredBy())).append(")</p>\n");
        boolean conformant = result.validity() != null && result.validity().conformant();
        html.append("<p class=\"verdict\" id=\"verdict\">Validity: <span class=\"")
                .append(conformant ? "pass" : "fail").append("\">")
                .append(Html.escape(result.validity() == null ? "not recorded" : result.validity().verdict()))
                .append("</span>; consistency: <span class=\"")
                .append(each(result.consistency()).stream().noneMatch(CheckResult::failed) ? "pass\">passed"
                        : "fail\">FAILED").append("</span></p>\n");
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

    /** A section an older result.json lacks reads as empty. */
    private static <T> List<T> each(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static <K, V> Map<K, V> each(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    /** A value of one of the open sections (database, workload) as text; "" when absent. */
    private static String text(Map<String, Object> section, String key) {
        Object v = section.get(key);
        return v == null ? "" : v.toString();
    }

    /**
     * TPS and the workload's own headline figures: label, value (data-key {@code headline.ID.value},
     * the figure's path in result.json) and unit.
     */
    private void headline() {
        html.append("<h2>Headline</h2>\n<table id=\"headline\">\n");
        html.append("<tr><td>TPS (committed transactions per second of the measurement interval, wall clock)</td>");
        cell("metrics.throughput.overWallClock", result.metrics().throughput().overWallClock());
        html.append("<td>").append(Html.escape(io.tpkit.metrics.HeadlineFigure.PER_SECOND)).append("</td></tr>\n");
        each(result.headline()).forEach((id, f) -> html.append("<tr><td>").append(Html.escape(f.label()))
                .append("</td><td data-key=\"headline.").append(Html.escape(id)).append(".value\"")
                .append(f.value() == null ? " class=\"na\" style=\"text-align:left\">" : ">")
                .append(Html.escape(f.display())).append("</td><td>").append(Html.escape(f.unit()))
                .append("</td></tr>\n"));
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
        for (TypeSummary t : each(result.metrics().types())) {
            String k = "metrics.types." + i++ + ".";
            html.append("<tr><td>").append(Html.escape(t.name())).append("</td>");
            countCell(k + "committed", t.committed());
            countCell(k + "businessRollbacks", t.businessRollbacks());
            countCell(k + "failed", sum(t.failed()));
            countCell(k + "retries", sum(t.retries()));
            cell(k + "perSecond", t.perSecond());
            for (Map.Entry<String, Function<LatencySummary, Double>> p : PERCENTILES.entrySet()) {
                cell(k + "response." + p.getKey(), t.response() == null ? 0 : p.getValue().apply(t.response()));
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /** The percentiles of the tables and the distribution chart, by their names in result.json. */
    private static final Map<String, Function<LatencySummary, Double>> PERCENTILES = new LinkedHashMap<>();

    static {
        PERCENTILES.put("p50Ms", LatencySummary::p50Ms);
        PERCENTILES.put("p90Ms", LatencySummary::p90Ms);
        PERCENTILES.put("p95Ms", LatencySummary::p95Ms);
        PERCENTILES.put("p99Ms", LatencySummary::p99Ms);
        PERCENTILES.put("p999Ms", LatencySummary::p999Ms);
        PERCENTILES.put("maxMs", LatencySummary::maxMs);
    }

    /** A figure of the cost section: its name in result.json, its label, how to get it. */
    private record CostRow(String key, String label, Function<CostPerTransaction, Double> value) {
    }

    private static final List<CostRow> COST_ROWS = List.of(
            new CostRow("driverCpuMicros", "driver CPU, us", CostPerTransaction::driverCpuMicros),
            new CostRow("driverUserMicros", "driver CPU, user, us", CostPerTransaction::driverUserMicros),
            new CostRow("driverSystemMicros", "driver CPU, system, us", CostPerTransaction::driverSystemMicros),
            new CostRow("driverJitMicros", "driver CPU, of it the JIT compiler, us", CostPerTransaction::driverJitMicros),
            new CostRow("driverGcMicros", "driver CPU, of it the garbage collector, us",
                    CostPerTransaction::driverGcMicros),
            new CostRow("driverMachinePct", "driver's share of the machine, %", CostPerTransaction::driverMachinePct),
            new CostRow("databaseCpuMicros", "database CPU, us", CostPerTransaction::databaseCpuMicros),
            new CostRow("databaseMachinePct", "database's share of the machine, %",
                    CostPerTransaction::databaseMachinePct),
            new CostRow("roundTrips", "round trips (requests sent and waited for)", CostPerTransaction::roundTrips),
            new CostRow("statements", "statements", CostPerTransaction::statements),
            new CostRow("resultSets", "result sets", CostPerTransaction::resultSets),
            new CostRow("commits", "commits", CostPerTransaction::commits),
            new CostRow("rollbacks", "rollbacks", CostPerTransaction::rollbacks),
            new CostRow("bytesSent", "bytes sent by the driver", CostPerTransaction::bytesSent),
            new CostRow("bytesReceived", "bytes received by the driver", CostPerTransaction::bytesReceived),
            new CostRow("walBytes", "WAL / redo bytes", CostPerTransaction::walBytes),
            new CostRow("blockReads", "block reads", CostPerTransaction::blockReads));

    /** The per-type cost columns: name in result.json and value (negative: not counted). */
    private static final Map<String, Function<TypeCost, Double>> TYPE_COST = new LinkedHashMap<>();

    static {
        TYPE_COST.put("roundTrips", TypeCost::roundTrips);
        TYPE_COST.put("statements", TypeCost::statements);
        TYPE_COST.put("resultSets", TypeCost::resultSets);
        TYPE_COST.put("driverCpuMicros", TypeCost::driverCpuMicros);
        TYPE_COST.put("bytesSent", TypeCost::bytesSent);
        TYPE_COST.put("bytesReceived", TypeCost::bytesReceived);
    }

    /** What a committed transaction cost, for the run and per type (result.json "cost"). */
    private void cost() {
        CostPerTransaction c = result.cost();
        if (c == null || c.committed() == 0) {
            return;
        }
        html.append("<h2>Cost per committed transaction</h2>\n<table id=\"cost\">\n");
        for (CostRow r : COST_ROWS) {
            Double v = r.value().apply(c);
            if (v != null) {
                row(r.label(), "cost." + r.key(), v);
            }
        }
        html.append("</table>\n<p class=\"sub\">").append(Html.escape(c.basis()));
        if (c.databaseCpuSource() != null) {
            html.append(". Database CPU: ").append(Html.escape(c.databaseCpuSource()));
        }
        html.append(".</p>\n");
        if (!each(c.notes()).isEmpty()) {
            html.append("<ul class=\"na\">");
            c.notes().forEach(n -> html.append("<li>").append(Html.escape(n)).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<table id=\"cost-by-type\"><tr><th>per transaction of</th><th>round trips</th><th>statements</th>"
                + "<th>result sets</th><th>driver CPU us</th><th>bytes sent</th><th>bytes received</th></tr>\n");
        int i = 0;
        for (TypeSummary t : each(result.metrics().types())) {
            String k = "metrics.types." + i++ + ".cost.";
            TypeCost tc = t.cost();
            if (tc == null || tc.transactions() == 0) {
                continue;
            }
            html.append("<tr><td>").append(Html.escape(t.name())).append("</td>");
            TYPE_COST.forEach((f, value) -> {
                double v = value.apply(tc);
                if (v < 0) {
                    html.append("<td class=\"na\">-</td>");
                } else {
                    cell(k + f, v);
                }
            });
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

    private static long sum(Map<String, Long> counts) {
        return each(counts).values().stream().mapToLong(Long::longValue).sum();
    }

    private void iterations() {
        List<Iteration> rounds = each(result.metrics().iterations());
        if (rounds.isEmpty()) {
            return;
        }
        SvgChart chart = new SvgChart("iterations", "iteration", "committed per second of the iteration")
                .markerText(" (iteration)", "a database checkpoint under way in the iteration (hover for details)");
        List<double[]> points = new ArrayList<>();
        for (Iteration it : rounds) {
            points.add(new double[] {it.number(), it.seconds() > 0 ? it.committed() / it.seconds() : 0});
            Iteration.Conditions c = it.conditions();
            Long started = c == null ? null : c.checkpoints();
            Double underWay = c == null ? null : c.checkpointSeconds();
            if ((started != null && started > 0) || (underWay != null && underWay > 0)) {
                chart.marker(it.number(), (started != null && started > 0 ? started + " started, " : "")
                        + String.format(Locale.ROOT, "under way %.0f s of %.0f s", underWay == null ? 0 : underWay,
                        it.seconds()));
            }
        }
        html.append("<h2>Rate per iteration</h2>\n").append(chart.series("rate", points).render());
        if (rounds.stream().anyMatch(it -> it.conditions() != null || it.rowsAtStart() != null)) {
            iterationTable(rounds);
        }
    }

    /** Each iteration's rate beside what the monitor saw in it (means over its seconds). */
    private void iterationTable(List<Iteration> rounds) {
        html.append("<details><summary>Each iteration: rate, rows at its start, and the monitor's figures "
                + "(means over its seconds; checkpoints started since the previous iteration's end)</summary>\n"
                + "<table id=\"iteration-table\"><tr><th>iteration</th><th>committed/s</th><th>rows at start</th>"
                + "<th>CPU busy %</th><th>iowait %</th><th>database CPU %</th><th>driver CPU %</th>"
                + "<th>disk written MB/s</th><th>disk read MB/s</th><th>major faults/s</th><th>swap-outs/s</th>"
                + "<th>checkpoints started</th><th>checkpoint under way s</th></tr>\n");
        for (Iteration it : rounds) {
            Iteration.Conditions c = it.conditions();
            html.append("<tr><td>").append(it.number()).append("</td>");
            cell("rate", it.perSecond());
            html.append("<td data-key=\"rowsAtStart\">").append(it.rowsAtStart() == null ? "" : it.rowsAtStart())
                    .append("</td>");
            optional("cpuBusyPct", c == null ? null : c.cpuBusyPct(), 1);
            optional("cpuIowaitPct", c == null ? null : c.cpuIowaitPct(), 1);
            optional("databaseCpuPct", c == null ? null : c.databaseCpuPct(), 1);
            optional("driverCpuPct", c == null ? null : c.driverCpuPct(), 1);
            optional("diskWriteMBps", c == null || c.diskWriteBytesPerSecond() == null ? null
                    : c.diskWriteBytesPerSecond() / 1e6, 2);
            optional("diskReadMBps", c == null || c.diskReadBytesPerSecond() == null ? null
                    : c.diskReadBytesPerSecond() / 1e6, 2);
            optional("majorFaultsPerSecond", c == null ? null : c.majorFaultsPerSecond(), 1);
            optional("swapOutPagesPerSecond", c == null ? null : c.swapOutPagesPerSecond(), 1);
            html.append("<td data-key=\"checkpoints\">").append(c == null || c.checkpoints() == null ? "n/a"
                    : c.checkpoints()).append("</td>");
            optional("checkpointSeconds", c == null ? null : c.checkpointSeconds(), 1);
            html.append("</tr>\n");
        }
        html.append("</table></details>\n");
    }

    private void optional(String key, Double value, int decimals) {
        html.append("<td data-key=\"").append(key).append("\">")
                .append(value == null ? "" : String.format(Locale.ROOT, "%." + decimals + "f", value)).append("</td>");
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
        if (result.monitor() != null) {
            for (MonitorSummary.Event e : each(result.monitor().events())) {
                chart.marker(e.elapsedSeconds(), e.event());
            }
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
        for (TypeSummary t : each(result.metrics().types())) {
            if (t.response() == null || t.response().count() == 0) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            int i = 0;
            for (Function<LatencySummary, Double> p : PERCENTILES.values()) {
                points.add(new double[] {nines[i++], p.apply(t.response())});
            }
            chart.series(t.name(), points);
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
        List<String> notes = result.monitor() == null ? List.of() : each(result.monitor().notes());
        if (!notes.isEmpty()) {
            html.append("<ul class=\"na\">");
            notes.forEach(n -> html.append("<li>").append(Html.escape(n)).append("</li>"));
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
        for (CheckResult c : each(result.consistency())) {
            html.append("<tr><td>").append(Html.escape(c.name())).append("</td><td class=\"")
                    .append(c.passed() ? "pass\">passed" : c.skipped() ? "na\">skipped" : "fail\">FAILED")
                    .append("</td><td style=\"text-align:left\">")
                    .append(Html.escape(c.detail())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void rules() {
        html.append("<h2>Validity rules</h2>\n<table id=\"rules\">\n");
        for (RuleResult r : result.validity() == null ? List.<RuleResult>of() : each(result.validity().rules())) {
            String css = switch (r.status()) {
                case PASSED -> "pass";
                case FAILED -> "fail";
                case null, default -> "na";
            };
            String status = r.status() == null ? "" : r.status().name();
            html.append("<tr><td>").append(Html.escape(r.id())).append("</td><td class=\"").append(css)
                    .append("\">").append(status.toLowerCase(Locale.ROOT).replace('_', ' '))
                    .append("</td><td style=\"text-align:left\">").append(Html.escape(r.rule()))
                    .append(" &mdash; ").append(Html.escape(r.detail())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** The environment's plain values: counts as integers, measured quantities with {@link #fmt}. */
    private void environment() {
        html.append("<h2>Environment</h2>\n<table id=\"environment\">\n");
        each(result.environment()).forEach((key, value) -> {
            if (value != null && !(value instanceof Map<?, ?>) && !(value instanceof java.util.Collection<?>)) {
                html.append("<tr><td>").append(Html.escape(key)).append("</td><td style=\"text-align:left\">")
                        .append(Html.escape(value instanceof Double || value instanceof Float
                                ? fmt(((Number) value).doubleValue()) : value.toString()))
                        .append("</td></tr>\n");
            }
        });
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
