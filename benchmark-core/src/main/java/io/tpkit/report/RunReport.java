package io.tpkit.report;

import io.tpkit.monitor.MonitorColumns;
import io.tpkit.config.JdbcAddress;
import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Outage;
import io.tpkit.metrics.Stalls;
import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.monitor.MonitorSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.LoadReport;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import io.tpkit.result.Units;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
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
 * finds, both read back into the typed result: the page is the same either way. It stands on its
 * own when sent to someone: what ran, on which server, with which settings and data, and how it
 * went, in words and human units; an interrupted run and a part of a split run say so on top.
 */
public final class RunReport {
    static final String FILE = "report.html";

    private final RunResult result;
    private final CsvTable series;
    private final CsvTable monitor;
    /** The folder holds the libraries' messages (driver.log). */
    private final boolean driverLog;
    private final StringBuilder html = new StringBuilder();

    private RunReport(RunResult result, CsvTable series, CsvTable monitor, boolean driverLog) {
        this.result = result;
        this.series = series;
        this.monitor = monitor;
        this.driverLog = driverLog;
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
                CsvTable.read(folder.resolve("monitor.csv")), io.tpkit.result.DriverLog.written(folder)).render();
    }

    private String render() {
        Map<String, Object> db = each(result.database());
        Map<String, Object> w = each(result.workload());
        String title = text(w, "name") + " on " + text(db, "product") + " " + text(db, "version");
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(title)).append("</title><style>").append(Html.STYLE).append("</style></head><body>\n");
        html.append("<h1>").append(Html.escape(title)).append("</h1>\n");
        banners();
        html.append("<p class=\"sub\">").append(Html.escape(when(result.startedAt()))).append(", ")
                .append(Html.escape(scale())).append(", ")
                .append(Html.escape(text(w, "arrival"))).append(" arrival, ")
                .append(Html.escape(counted(text(w, "terminals"), "terminals"))).append(", ")
                .append(Html.escape(counted(text(w, "connections"), "connections")))
                .append("; measured ").append(Units.duration(result.metrics().measurementSeconds()))
                .append(" (").append(Html.escape(result.metrics().measuredBy())).append(")</p>\n");
        boolean conformant = result.validity() != null && result.validity().conformant();
        if (result.validity() != null) {
            html.append("<p class=\"sub\" id=\"framing\">")
                    .append(Html.escape(io.tpkit.validity.RunFraming.of(result.validity()))).append("</p>\n");
        }
        html.append("<p class=\"verdict\" id=\"verdict\">Validity: <span class=\"")
                .append(conformant ? "pass" : "fail").append("\">")
                .append(Html.escape(result.validity() == null ? "not recorded" : result.validity().verdict()))
                .append("</span>; consistency: <span class=\"")
                .append(each(result.consistency()).stream().noneMatch(CheckResult::failed) ? "pass\">passed"
                        : "fail\">FAILED").append("</span></p>\n");
        stallsLine();
        headline();
        run();
        types();
        cost();
        iterations();
        timeCharts();
        distribution();
        monitorCharts();
        checks();
        rules();
        settings();
        environment();
        html.append("<p class=\"sub\">Response time = completion minus intended start (queueing included); "
                + "percentiles from HdrHistogram. Per-second figures come from timeseries.csv, server and OS "
                + "figures from monitor.csv; every number here is in result.json or those files.</p>\n");
        html.append("</body></html>\n");
        return html.toString();
    }

    /** An interrupted run, and a part of a split run, say so before anything else. */
    /** A headline figure's unit as read: "per second", not result.json's "1/s". */
    static String unitInWords(String unit) {
        if (unit == null) {
            return "";
        }
        return switch (unit) {
            case io.tpkit.metrics.HeadlineFigure.PER_SECOND -> "per second";
            case io.tpkit.metrics.HeadlineFigure.PER_MINUTE -> "per minute";
            case io.tpkit.metrics.HeadlineFigure.COUNT -> "";
            default -> unit;
        };
    }

    /** "1 terminal", "4 connections"; the text as recorded when it is no count. */
    private static String counted(String n, String unit) {
        try {
            return Units.of(Long.parseLong(n.trim()), unit);
        } catch (NumberFormatException e) {
            return n + " " + unit;
        }
    }

    private void banners() {
        if (result.metrics().incomplete()) {
            html.append("<p class=\"banner\" id=\"incomplete\">INCOMPLETE: the run was interrupted before the end of "
                    + "its measurement interval; every figure below is of the part measured until then.</p>\n");
        }
        if (each(result.workload()).get("part") instanceof Map<?, ?> part) {
            html.append("<p class=\"banner\" id=\"part\">PART ").append(Html.escape(String.valueOf(part.get("part"))))
                    .append(" of ").append(Html.escape(String.valueOf(part.get("parts"))))
                    .append(" of the split run ").append(Html.escape(String.valueOf(part.get("runName"))))
                    .append(": this page shows this part's terminals only; the run is judged as a whole by "
                            + "'tpkit merge' once every part is done.</p>\n");
        }
    }

    private void stallsLine() {
        Stalls s = result.metrics().stalls();
        List<Outage> outages = each(result.outages());
        if (s != null && s.count() > 0) {
            html.append("<p class=\"fail\" id=\"stalls\">").append(stallsText(s))
                    .append(": nothing completed while requests were outstanding (hatched on the time charts).</p>\n");
        }
        if (!outages.isEmpty()) {
            double seconds = outages.stream().mapToDouble(Outage::seconds).sum();
            html.append("<p class=\"fail\" id=\"outages\">Outages: ").append(outages.size()).append(", ")
                    .append(Units.duration(seconds)).append(" in all: no transaction completed while failures were "
                            + "reported (the database down or unreachable; hatched on the time charts).</p>\n");
        }
        io.tpkit.metrics.Connections c = result.metrics().connections();
        if (c != null && c.eventful()) {
            html.append("<p class=\"fail\" id=\"connections\">").append(Html.escape(connectionsText(c)))
                    .append(".</p>\n");
        }
        if (result.monitor() != null && !each(result.monitor().gaps()).isEmpty()) {
            html.append("<p class=\"fail\" id=\"monitor-gaps\">").append(Html.escape(gapsText(result.monitor())))
                    .append(".</p>\n");
        }
        if (driverLog) {
            html.append("<p id=\"driver-log\">The connection pool's and the JDBC driver's own messages, with their "
                    + "stack traces, are in <a href=\"driver.log\">driver.log</a>.</p>\n");
        }
    }

    /** Connections lost, attempts refused by class, and how long fewer worked than asked. */
    public static String connectionsText(io.tpkit.metrics.Connections c) {
        List<String> parts = new ArrayList<>();
        if (c.lost() > 0) {
            parts.add(c.lost() + " lost");
        }
        if (!c.refused().isEmpty()) {
            List<String> classes = new ArrayList<>();
            c.refused().forEach((k, n) -> classes.add(io.tpkit.spi.database.ConnectionRefusal.labelOf(k) + " " + n
                    + " (" + c.firstRefusal().get(k) + ")"));
            parts.add(c.refusedTotal() + " attempts to connect refused: " + String.join("; ", classes));
        }
        parts.add(c.secondsBelowAsked() > 0 ? "fewer than the " + c.asked() + " asked worked for "
                + Units.duration(c.secondsBelowAsked()) + " of the measurement interval (at the fewest "
                + c.fewestWorking() + ")" : (c.asked() == 1 ? "the 1 asked worked" : "all " + c.asked() + " asked worked")
                + " throughout the measurement interval");
        return "Connections: " + String.join("; ", parts);
    }

    /** When the monitor did not read the server. */
    public static String gapsText(io.tpkit.monitor.MonitorSummary m) {
        List<String> gaps = m.gaps().stream().map(g -> g.toSeconds() == null
                ? String.format(Locale.ROOT, "from %.1f s to the end", g.fromSeconds())
                : String.format(Locale.ROOT, "from %.1f s to %.1f s", g.fromSeconds(), g.toSeconds())).toList();
        return "Monitor: the server's series (db.* in monitor.csv) were not read " + String.join(", ", gaps)
                + ": its connection was lost (" + m.gaps().getFirst().reason() + "); the rules on them judge the "
                + "seconds read";
    }

    private static String stallsText(Stalls s) {
        return "Stalls: " + s.count() + ", " + Units.duration(s.totalSeconds()) + " in all; the longest "
                + Units.duration(s.longestSeconds()) + " from " + Units.figure(s.longestFrom()).replace(".00", "")
                + " s after the start";
    }

    /** A section an older result.json lacks reads as empty. */
    private static <T> List<T> each(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static <K, V> Map<K, V> each(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    /** A value of one of the open sections (database, workload) as text; "" when absent. */
    private static String text(Map<String, ?> section, String key) {
        Object v = section.get(key);
        return v == null ? "" : v.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<String, Object> parent, String key) {
        return parent.get(key) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** "2026-11-24 07:32:47 UTC" from the ISO time result.json records. */
    static String when(String iso) {
        if (iso == null) {
            return "";
        }
        try {
            OffsetDateTime t = OffsetDateTime.parse(iso);
            return t.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT))
                    + (t.getOffset().getTotalSeconds() == 0 ? " UTC" : " UTC" + t.getOffset());
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    /** "1 warehouse", "10 branches": the scale in the workload's own unit, else "scale N". */
    private String scale() {
        Map<String, Object> w = each(result.workload());
        Object scale = section(w, "parameters").get("scale");
        if (scale == null) {
            scale = each(result.configuration()).get("scale");
        }
        if (!(scale instanceof Number n)) {
            return "scale " + (scale == null ? "not recorded" : scale);
        }
        String unit = scaleUnit();
        return unit == null ? "scale " + n.longValue() : Units.of(n.longValue(), unit);
    }

    /**
     * The workload's unit of scale ("warehouses"): the workload's own when this tpkit has it,
     * else the parameter that holds the scale under its unit's name ("warehouses": 2), else null.
     */
    private String scaleUnit() {
        Map<String, Object> w = each(result.workload());
        try {
            return io.tpkit.spi.Plugins.workload(text(w, "name")).scaleUnit();
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            Map<String, Object> p = section(w, "parameters");
            Object scale = p.get("scale");
            for (Map.Entry<String, Object> e2 : p.entrySet()) {
                if (!e2.getKey().equals("scale") && e2.getKey().matches("[a-z]+s") && scale != null
                        && scale.equals(e2.getValue())) {
                    return e2.getKey();
                }
            }
            return null;
        }
    }

    /**
     * The workload's own headline figures first (TPC-C: NOPM), then TPS: label, value (data-key
     * {@code headline.ID.value}, the figure's path in result.json) and unit.
     */
    private void headline() {
        html.append("<h2>Headline</h2>\n<table id=\"headline\">\n");
        each(result.headline()).forEach((id, f) -> html.append("<tr><td>").append(Html.escape(f.label()))
                .append("</td><td data-key=\"headline.").append(Html.escape(id)).append(".value\"")
                .append(f.value() == null ? " class=\"na\" style=\"text-align:left\">" : ">")
                .append(Html.escape(f.value() == null ? f.display() : io.tpkit.metrics.HeadlineFigure.COUNT.equals(f.unit())
                        ? f.display() : fmt(f.value()))).append("</td><td>").append(Html.escape(unitInWords(f.unit())))
                .append("</td></tr>\n"));
        html.append("<tr><td>TPS (committed transactions per second of the measurement interval, wall clock)</td>");
        cell("metrics.throughput.overWallClock", result.metrics().throughput().overWallClock());
        html.append("<td>").append(Html.escape(io.tpkit.metrics.HeadlineFigure.PER_SECOND)).append("</td></tr>\n");
        html.append("</table>\n");
    }

    /** What ran, where, with which settings and data: the page's reader was not there. */
    private void run() {
        Map<String, Object> c = each(result.configuration());
        Map<String, Object> db = each(result.database());
        Map<String, Object> w = each(result.workload());
        Map<String, Object> p = section(w, "parameters");
        html.append("<h2>The run</h2>\n<table id=\"run\" class=\"facts\">\n");
        fact("workload", text(w, "name") + ", " + scale());
        JdbcAddress address = JdbcAddress.of(text(db, "url"));
        fact("database", (text(db, "product") + " " + text(db, "version")).strip());
        fact("server", address.host().isEmpty() ? text(db, "kind") : address.host());
        fact("database name", address.database());
        String kind = text(db, "kind");
        fact("target", (kind.equals("jdbc-url") ? "a running server, given by its JDBC URL" : kind)
                + (db.get("image") != null ? ", image " + db.get("image") : "")
                + (db.get("dataDir") != null ? ", data directory " + db.get("dataDir") : ""));
        fact("arrival", text(w, "arrival") + ", " + text(w, "terminals") + " terminals on " + text(w, "connections")
                + " connections");
        String logic = p.get("logic") != null ? text(p, "logic") : text(c, "logic");
        fact("logic", logic);
        if (c.get("thinkFactor") instanceof Number f) {
            String factor = Units.figure(f.doubleValue()).replaceFirst("\\.?0+$", "");
            fact("think factor", !text(w, "arrival").equals("closed") ? factor + " (not applied: " + text(w, "arrival")
                    + " arrival has no keying or think times)" : factor + (f.doubleValue() == 0
                    ? " (no keying or think times)" : f.doubleValue() == 1 ? " (the benchmark's keying and think times)"
                    : " x the benchmark's keying and think times"));
        }
        String isolation = text(c, "isolation");
        String serverIsolation = serverIsolation(section(db, "settings"));
        fact("isolation", isolation.isEmpty() ? serverIsolation : isolation
                + ("default".equalsIgnoreCase(isolation) && !serverIsolation.isEmpty()
                ? " (the server's: " + serverIsolation + ")" : ""));
        fact("seed", text(c, "seed"));
        fact("measured", Units.duration(result.metrics().measurementSeconds()) + " after "
                + Units.duration(result.metrics().warmupSeconds()) + " of warm-up (" + result.metrics().measuredBy()
                + ")" + (result.metrics().incomplete() ? ", INCOMPLETE: interrupted" : ""));
        LoadReport load = result.load();
        if (load != null) {
            fact("load", Units.count(load.rows()) + " rows in " + Units.duration(load.seconds()) + " ("
                    + Units.count(Math.round(load.rowsPerSecond())) + " rows/s)" + (load.databaseBytes() < 0 ? ""
                    : "; database " + Units.bytes(load.databaseBytes()) + " (" + Units.bytes(load.bytesPerScaleUnit())
                    + " per " + perUnit() + ")"));
        } else if (db.get("startingData") instanceof Map<?, ?> start && "restore".equals(start.get("method"))) {
            fact("load", "none: the data was " + start.get("how") + (start.get("seconds") instanceof Number n
                    ? String.format(java.util.Locale.ROOT, ", in %.1f s", n.doubleValue()) : ""));
        } else {
            Object before = db.get("transactionsBefore");
            fact("load", "none: the run used the data already in the database, as earlier runs left it"
                    + (before instanceof Number n && n.longValue() >= 0 ? " (the workload's transaction counter in "
                    + "the database stood at " + Units.count(n.longValue()) + " before the run)" : ""));
        }
        Stalls s = result.metrics().stalls();
        if (s != null) {
            fact("stalls", s.count() == 0 ? "none: no whole second with requests outstanding and nothing completed"
                    : stallsText(s).substring("Stalls: ".length()));
        }
        fact("started", when(result.startedAt()) + (result.finishedAt() == null ? "" : "; finished "
                + when(result.finishedAt())));
        fact("driver host", text(each(result.environment()), "host"));
        fact("tpkit", text(each(result.environment()), "tpkitVersion"));
        fact("result folder", result.resultDir());
        html.append("</table>\n");
    }

    /** "warehouse" for "1 warehouse": the unit of one. */
    private String perUnit() {
        String unit = scaleUnit();
        return unit == null ? "scale unit" : Units.of(1, unit).substring(2);
    }

    /** The server's default isolation, from its settings snapshot (whatever the product calls it). */
    private static String serverIsolation(Map<String, Object> settings) {
        for (Map.Entry<String, Object> e : settings.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).contains("isolation") && e.getValue() != null) {
                return e.getValue().toString().toLowerCase(Locale.ROOT).replace('-', ' ');
            }
        }
        return "";
    }

    private void fact(String name, String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        html.append("<tr><td>").append(Html.escape(name)).append("</td><td>").append(Html.escape(value))
                .append("</td></tr>\n");
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
            if (t.response() == null || t.response().count() == 0) {
                // nothing to take percentiles of: not a response time of 0.00 ms
                html.append("<td colspan=\"").append(PERCENTILES.size()).append("\">no sample</td>");
            } else {
                for (Map.Entry<String, Function<LatencySummary, Double>> p : PERCENTILES.entrySet()) {
                    cell(k + "response." + p.getKey(), p.getValue().apply(t.response()));
                }
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

    private void row(String label, String key, double value) {
        html.append("<tr><td>").append(Html.escape(label)).append("</td><td data-key=\"").append(key).append("\">")
                .append(fmt(value)).append("</td></tr>\n");
    }

    private void cell(String key, double value) {
        html.append("<td data-key=\"").append(key).append("\">").append(fmt(value)).append("</td>");
    }

    private void countCell(String key, long value) {
        html.append("<td data-key=\"").append(key).append("\">").append(Units.count(value)).append("</td>");
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
        if (chart.series("committed per second", points).hasLine()) {
            html.append("<h2>Rate per iteration</h2>\n").append(chart.render());
        }
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
                + "<th>other processes CPU %</th>"
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
            optional("otherCpuPct", c == null ? null : c.otherCpuPct(), 1);
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

    /** One row of timeseries.csv, by its column names. */
    private record Second(double end, double length, String phase, long completed, double committed,
                          Map<String, Double> values) {
    }

    private List<Second> seconds(String type) {
        return seconds(series, type);
    }

    /** The committed per second of timeseries.csv, all types, with a second split at a phase change made whole. */
    static List<double[]> throughput(CsvTable series) {
        return rate(seconds(series, "all"));
    }

    /** The p90 response time of each second, all types; a second in which nothing completed is a gap. */
    static List<double[]> p90(CsvTable series) {
        return latency(seconds(series, "all"), "p90_ms");
    }

    /** The stretch of each phase other than the measurement (the warm-up, a ramp-down), from and to, in seconds. */
    static Map<String, double[]> phases(CsvTable series) {
        Map<String, double[]> phases = new LinkedHashMap<>();
        for (Second s : seconds(series, "all")) {
            if (s.phase().equals("measurement")) {
                continue;
            }
            double[] span = phases.computeIfAbsent(s.phase(), p -> new double[] {s.end() - s.length(), s.end()});
            span[0] = Math.min(span[0], s.end() - s.length());
            span[1] = Math.max(span[1], s.end());
        }
        return phases;
    }

    /** The rows of one type ("all" for the totals), in time order. */
    private static List<Second> seconds(CsvTable series, String type) {
        int typeCol = series.column("type");
        int x = series.column("elapsed_s");
        int len = series.column("interval_s");
        int phase = series.column("phase");
        List<Second> out = new ArrayList<>();
        for (String[] row : series.rows) {
            if (typeCol < 0 || !row[typeCol].equals(type)) {
                continue;
            }
            double end = CsvTable.number(row, x);
            double length = len < 0 ? 1 : CsvTable.number(row, len);
            double committed = CsvTable.number(row, series.column("committed"));
            double rollbacks = CsvTable.number(row, series.column("business_rollbacks"));
            Map<String, Double> values = new LinkedHashMap<>();
            for (String p : List.of("p50_ms", "p90_ms", "p99_ms", "max_ms")) {
                values.put(p, CsvTable.number(row, series.column(p)));
            }
            long completed = (long) ((Double.isNaN(committed) ? 0 : committed) + (Double.isNaN(rollbacks) ? 0 : rollbacks));
            out.add(new Second(end, length, phase < 0 ? "" : row[phase], completed, Double.isNaN(committed) ? 0 : committed,
                    values));
        }
        return out;
    }

    /**
     * Committed per second: a second split at a phase change (a sliver of a few ms whose rate
     * would read thousands per second) is added to the row beside it, so that each point is the
     * rate of about a second.
     */
    private static List<double[]> rate(List<Second> rows) {
        List<double[]> points = new ArrayList<>(); // {end, committed, seconds}
        double[] leading = null;
        for (Second s : rows) {
            if (s.length() < 0.5 && !points.isEmpty()) {
                double[] last = points.getLast();
                points.set(points.size() - 1, new double[] {s.end(), last[1] + s.committed(), last[2] + s.length()});
            } else if (s.length() < 0.5) {
                leading = leading == null ? new double[] {s.end(), s.committed(), s.length()}
                        : new double[] {s.end(), leading[1] + s.committed(), leading[2] + s.length()};
            } else {
                points.add(new double[] {s.end(), s.committed() + (leading == null ? 0 : leading[1]),
                        s.length() + (leading == null ? 0 : leading[2])});
                leading = null;
            }
        }
        if (points.isEmpty() && leading != null) {
            points.add(leading);
        }
        return points.stream().map(p -> new double[] {p[0], p[2] > 0 ? p[1] / p[2] : Double.NaN}).toList();
    }

    /**
     * A latency of each second; a second in which nothing completed has none: a gap, not a zero.
     * The sliver of a second split at a phase change (a few ms) is no second of its own: its
     * transactions are in the run's percentiles, not drawn here.
     */
    private static List<double[]> latency(List<Second> rows, String column) {
        List<double[]> points = new ArrayList<>();
        for (Second s : rows) {
            if (s.length() >= 0.5) {
                points.add(new double[] {s.end(), s.completed() > 0 ? s.values().get(column) : Double.NaN});
            }
        }
        return points;
    }

    /** Phases as shaded bands, stalls and outages hatched, server events as markers, on every time chart. */
    private SvgChart timeChart(String id, String yLabel) {
        SvgChart chart = new SvgChart(id, "seconds since the start of the run", yLabel).xFrom(0);
        phases(series).forEach((phase, span) -> chart.band(span[0], span[1], phase));
        Stalls stalls = result.metrics().stalls();
        if (stalls != null) {
            for (Stalls.Stall s : stalls.stretches()) {
                chart.stall(s.from(), s.to(), String.format(Locale.ROOT, "stall: nothing completed from %.1f s to "
                        + "%.1f s while %d requests were outstanding", s.from(), s.to(), s.inFlight()));
            }
        }
        for (Outage o : each(result.outages())) {
            chart.stall(o.from(), o.to(), String.format(Locale.ROOT, "outage: no transaction completed from %.1f s "
                    + "to %.1f s while failures were reported", o.from(), o.to()));
        }
        if (!each(result.outages()).isEmpty()) {
            chart.stallLegend("stall or outage: nothing completed (hover for details)");
        }
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
        List<Second> all = seconds("all");
        SvgChart throughput = timeChart("throughput", "committed transactions per second")
                .series("committed per second, all types", rate(all));
        if (!throughput.hasLine()) {
            html.append("<h2>Over time</h2>\n<p class=\"na\">The run was too short to draw over time (a point per "
                    + "second): its figures are in the tables.</p>\n");
            return;
        }
        html.append("<h2>Throughput over time</h2>\n").append(throughput.render());
        SvgChart latency = timeChart("latency", "response time, ms");
        latency.series("p50 (median)", latency(all, "p50_ms"));
        latency.series("p90", latency(all, "p90_ms"));
        latency.series("p99", latency(all, "p99_ms"));
        if (latency.hasLine()) {
            html.append("<h2>Latency over time (all types)</h2>\n").append(latency.render());
        }
        Set<String> types = typeNames();
        if (types.size() > 1 && latency.hasLine()) {
            SvgChart perType = timeChart("latency-by-type", "p90 response time, ms");
            for (String type : types) {
                perType.series(type, latency(seconds(type), "p90_ms"));
            }
            html.append("<h2>p90 response time by transaction type over time</h2>\n").append(perType.render());
        }
        html.append("<p class=\"sub\">A second in which nothing completed has no response time: its point is left "
                + "out (a gap in the line), never drawn as 0.</p>\n");
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

    /** Where the percentiles sit on the distribution's x axis: spaced by nines (90, 99, 99.9), max last. */
    private static final double[] NINES = {Math.log10(2), 1, Math.log10(20), 2, 3, 4};
    private static final String[] PERCENTILE_LABELS = {"50", "90", "95", "99", "99.9", "max"};

    /** The response time at each percentile, per type, on an axis labelled in percentiles. */
    private void distribution() {
        SvgChart chart = new SvgChart("distribution", "percentile (spaced by nines: 90, 99, 99.9; then the maximum)",
                "response time, ms (logarithmic)").logY();
        Map<Double, String> ticks = new LinkedHashMap<>();
        for (int i = 0; i < NINES.length; i++) {
            ticks.put(NINES[i], PERCENTILE_LABELS[i]);
        }
        chart.xTicks(ticks);
        for (TypeSummary t : each(result.metrics().types())) {
            if (t.response() == null || t.response().count() == 0) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            int i = 0;
            for (Function<LatencySummary, Double> p : PERCENTILES.values()) {
                points.add(new double[] {NINES[i++], p.apply(t.response())});
            }
            chart.series(t.name(), points);
        }
        if (!chart.isEmpty()) {
            html.append("<h2>Latency distribution by type (measurement interval)</h2>\n").append(chart.render());
        }
    }

    /**
     * The server's and the machine's figures, a unit per chart. Counters of one unit whose sizes
     * differ by more than 20 times go on charts of their own (block hits would flatten block reads),
     * and a series that stayed at 0 is named under the charts rather than drawn.
     */
    private void monitorCharts() {
        if (monitor.isEmpty()) {
            html.append("<h2>Server and OS</h2>\n<p class=\"na\">No monitor.csv in this result folder.</p>\n");
            return;
        }
        html.append("<h2>Server and OS</h2>\n");
        Map<String, List<String>> byChart = new LinkedHashMap<>();
        MonitorColumns.CHARTS.keySet().forEach(c -> byChart.put(c, new ArrayList<>()));
        List<String> zero = new ArrayList<>();
        for (String column : monitor.header) {
            boolean perSecond = column.endsWith("_per_s") || column.endsWith("_pct");
            if (!perSecond || column.equals(MonitorColumns.CPU_IDLE) || column.equals(MonitorColumns.CPU_STEAL)
                    || !(column.startsWith(MonitorColumns.SERVER_PREFIX) || MonitorColumns.named(column))) {
                continue;
            }
            if (max(column) <= 0) {
                MonitorColumns.Meter m = MonitorColumns.meter(column);
                zero.add(MonitorColumns.CHARTS.get(m.chart())[0] + ": " + m.label());
                continue;
            }
            byChart.get(MonitorColumns.meter(column).chart()).add(column);
        }
        byChart.forEach((chart, columns) -> {
            if (columns.isEmpty()) {
                return;
            }
            // the machine's own figures share a chart (reads beside writes); the database's counters do when of a size
            List<List<String>> charts = chart.startsWith("db-") ? byMagnitude(columns) : List.of(columns);
            for (int i = 0; i < charts.size(); i++) {
                String[] titleAndUnit = MonitorColumns.CHARTS.get(chart);
                String id = chart + (i == 0 ? "" : "-" + (i + 1));
                SvgChart c = timeChart(id, titleAndUnit[1]);
                for (String column : charts.get(i)) {
                    MonitorColumns.Meter m = MonitorColumns.meter(column);
                    c.series(m.label(), monitorColumn(column, m.scale()));
                }
                if (!c.hasLine()) {
                    continue; // a second or less was monitored: nothing to draw over time
                }
                List<String> names = charts.get(i).stream().map(k -> MonitorColumns.meter(k).label()).toList();
                html.append("<h3>").append(Html.escape(titleAndUnit[0] + (charts.size() > 1
                        ? " \u2014 " + String.join(", ", names) : ""))).append("</h3>\n").append(c.render());
            }
        });
        List<String> notes = new ArrayList<>();
        if (!zero.isEmpty()) {
            notes.add("At 0 throughout, so not drawn: " + String.join("; ", zero) + ".");
        }
        if (result.monitor() != null) {
            notes.addAll(each(result.monitor().notes()));
        }
        if (!notes.isEmpty()) {
            html.append("<ul class=\"na\">");
            notes.forEach(n -> html.append("<li>").append(Html.escape(n)).append("</li>"));
            html.append("</ul>\n");
        }
    }

    /** Columns grouped so that none is less than a twentieth of the largest of its group. */
    private List<List<String>> byMagnitude(List<String> columns) {
        List<String> sorted = new ArrayList<>(columns);
        sorted.sort((a, b) -> Double.compare(max(b), max(a)));
        List<List<String>> groups = new ArrayList<>();
        double leader = 0;
        for (String c : sorted) {
            if (groups.isEmpty() || max(c) < leader / 20) {
                groups.add(new ArrayList<>());
                leader = max(c);
            }
            groups.getLast().add(c);
        }
        // within a chart, the page's order of series rather than the sizes'
        groups.forEach(g -> g.sort((a, b) -> Integer.compare(columns.indexOf(a), columns.indexOf(b))));
        return groups;
    }

    private double max(String column) {
        int col = monitor.column(column);
        double max = 0;
        for (String[] row : monitor.rows) {
            double v = CsvTable.number(row, col);
            if (Double.isFinite(v)) {
                max = Math.max(max, v);
            }
        }
        return max;
    }

    private List<double[]> monitorColumn(String column, double scale) {
        int x = monitor.column("elapsed_s");
        int y = monitor.column(column);
        List<double[]> points = new ArrayList<>();
        for (String[] row : monitor.rows) {
            points.add(new double[] {CsvTable.number(row, x), CsvTable.number(row, y) * scale});
        }
        return points;
    }

    private void checks() {
        html.append("<h2>Consistency checks</h2>\n<table id=\"consistency\">\n");
        for (CheckResult c : each(result.consistency())) {
            html.append("<tr><td>").append(Html.escape(c.name())).append("</td><td class=\"")
                    .append(c.passed() ? "pass\">passed" : c.unchecked() ? "fail\">not checked" : c.skipped() ? "na\">skipped" : "fail\">FAILED")
                    .append("</td><td style=\"text-align:left\">")
                    .append(Html.escape(c.detail())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** Each rule: met, NOT MET or not applicable, never a word that reads like good news for a failure. */
    private void rules() {
        html.append("<h2>Validity rules</h2>\n<table id=\"rules\">\n");
        for (RuleResult r : result.validity() == null ? List.<RuleResult>of() : each(result.validity().rules())) {
            String[] status = switch (r.status()) {
                case PASSED -> new String[] {"pass", "met"};
                case FAILED -> new String[] {"fail", "NOT MET"};
                case null, default -> new String[] {"na", "not applicable"};
            };
            html.append("<tr><td>").append(Html.escape(r.id())).append("</td><td class=\"").append(status[0])
                    .append("\">").append(status[1])
                    .append("</td><td style=\"text-align:left\">").append(Html.escape(r.rule()))
                    .append(" &mdash; ").append(Html.escape(r.detail())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** The server's settings as recorded before the run, a row each, with the durability verdict. */
    private void settings() {
        Map<String, Object> db = each(result.database());
        Map<String, Object> settings = section(db, "settings");
        if (settings.isEmpty() && db.get("durable") == null) {
            return;
        }
        html.append("<h2>Server settings, as read before the run</h2>\n<table id=\"settings\" class=\"facts\">\n");
        if (db.get("durable") instanceof Boolean durable) {
            html.append("<tr><td>commits durable</td><td class=\"").append(durable ? "pass\">yes" : "fail\">NO")
                    .append("</td></tr>\n");
        }
        if (db.get("durabilityIssues") instanceof List<?> issues) {
            for (Object issue : issues) {
                html.append("<tr><td>durability issue</td><td class=\"fail\">").append(Html.escape(String.valueOf(issue)))
                        .append("</td></tr>\n");
            }
        }
        settings.forEach((k, v) -> html.append("<tr><td><code>").append(Html.escape(k)).append("</code></td><td>")
                .append(Html.escape(String.valueOf(v))).append("</td></tr>\n"));
        html.append("</table>\n");
    }

    /** The driver's machine: counts as integers, bytes and seconds in human units. */
    private void environment() {
        html.append("<h2>Environment of the driver</h2>\n<table id=\"environment\">\n");
        each(result.environment()).forEach((key, value) -> {
            if (value == null || value instanceof Map<?, ?> || value instanceof java.util.Collection<?>
                    || value.toString().isEmpty()) {
                return;
            }
            String shown;
            if (key.endsWith("Bytes") && value instanceof Number n) {
                shown = Units.bytes(n.doubleValue());
            } else if (key.endsWith("Seconds") && value instanceof Number n) {
                shown = Units.duration(n.doubleValue());
            } else if (value instanceof Double || value instanceof Float) {
                shown = fmt(((Number) value).doubleValue());
            } else {
                shown = value.toString();
            }
            html.append("<tr><td>").append(Html.escape(ENVIRONMENT.getOrDefault(key, key)))
                    .append("</td><td style=\"text-align:left\">").append(Html.escape(shown)).append("</td></tr>\n");
        });
        html.append("</table>\n");
    }

    private static final Map<String, String> ENVIRONMENT = Map.of("tpkitVersion", "tpkit", "cpus", "CPUs",
            "memoryBytes", "memory", "maxHeapBytes", "driver's maximum heap", "peakHeapUsedBytes",
            "driver's peak heap use", "jvmOptions", "JVM options", "garbageCollectors", "garbage collectors",
            "driverCpuSeconds", "driver CPU, whole run", "host", "host");

    /**
     * A measured quantity: thousands separators and always two decimals, also when it happens to
     * be whole (a rate of exactly 1918 per second is "1,918.00"), so that the page reads one way;
     * counts are written as integers. The page rounds, result.json keeps the exact value.
     */
    public static String fmt(double v) {
        return Units.figure(v);
    }
}
