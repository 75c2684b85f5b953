package io.tpkit.report;

import io.tpkit.config.JdbcAddress;
import io.tpkit.metrics.Stalls;
import io.tpkit.result.ConfigurationSection;
import io.tpkit.result.DatabaseSection;
import io.tpkit.result.LoadReport;
import io.tpkit.result.StartingDataSection;
import io.tpkit.result.WorkloadSection;
import io.tpkit.result.RunResult;
import io.tpkit.result.Units;
import java.util.Locale;
import java.util.Map;

/** The table of what ran, where, with which settings and data. */
final class RunFacts extends ReportSection {
    RunFacts(RunResult result, StringBuilder html) {
        super(result, html);
    }

    /** What ran, where, with which settings and data: the page's reader was not there. */
    void write() {
        ConfigurationSection c = configuration();
        DatabaseSection db = database();
        WorkloadSection w = workload();
        Map<String, Object> p = parameters();
        html.append("<h2>The run</h2>\n<table id=\"run\" class=\"facts\">\n");
        fact("workload", text(w.name()) + ", " + scale());
        JdbcAddress address = JdbcAddress.of(text(db.url()));
        fact("database", (text(db.product()) + " " + text(db.version())).strip());
        fact("server", address.host().isEmpty() ? text(db.kind()) : address.host());
        fact("database name", address.database());
        String kind = text(db.kind());
        fact("target", (kind.equals("jdbc-url") ? "a running server, given by its JDBC URL" : kind)
                + (db.image() != null ? ", image " + db.image() : "")
                + (db.dataDir() != null ? ", data directory " + db.dataDir() : ""));
        fact("arrival", text(w.arrival()) + ", " + text(w.terminals()) + " terminals on " + text(w.connections())
                + " connections");
        String logic = p.get("logic") != null ? text(p, "logic") : text(c.logic());
        fact("logic", logic);
        if (c.thinkFactor() != null) {
            double f = c.thinkFactor();
            String factor = Units.figure(f).replaceFirst("\\.?0+$", "");
            fact("think factor", !text(w.arrival()).equals("closed") ? factor + " (not applied: " + text(w.arrival())
                    + " arrival has no keying or think times)" : factor + (f == 0
                    ? " (no keying or think times)" : f == 1 ? " (the benchmark's keying and think times)"
                    : " x the benchmark's keying and think times"));
        }
        String isolation = text(c.isolation());
        String serverIsolation = serverIsolation(each(db.settings()));
        fact("isolation", isolation.isEmpty() ? serverIsolation : isolation
                + ("default".equalsIgnoreCase(isolation) && !serverIsolation.isEmpty()
                ? " (the server's: " + serverIsolation + ")" : ""));
        fact("seed", text(c.seed()));
        fact("measured", Units.duration(result.metrics().measurementSeconds()) + " after "
                + Units.duration(result.metrics().warmupSeconds()) + " of warm-up (" + result.metrics().measuredBy()
                + ")" + (result.metrics().incomplete() ? ", INCOMPLETE: interrupted" : ""));
        io.tpkit.metrics.WarmupEnd warmup = result.metrics().warmupEnd();
        if (warmup != null && !io.tpkit.metrics.WarmupEnd.NONE.equals(warmup.endedBy())) {
            fact("warm-up", warmup.summary().substring("warm-up ".length()));
        }
        LoadReport load = result.load();
        if (load != null) {
            fact("load", Units.count(load.rows()) + " rows in " + Units.duration(load.seconds()) + " ("
                    + Units.count(Math.round(load.rowsPerSecond())) + " rows/s)" + (load.databaseBytes() < 0 ? ""
                    : "; database " + Units.bytes(load.databaseBytes()) + " (" + Units.bytes(load.bytesPerScaleUnit())
                    + " per " + perUnit() + ")"));
        } else if (db.restored()) {
            StartingDataSection start = db.startingData();
            fact("load", "none: the data was " + start.how() + (start.seconds() != null
                    ? String.format(java.util.Locale.ROOT, ", in %.1f s", start.seconds()) : ""));
        } else {
            Long before = db.transactionsBefore();
            fact("load", "none: the run used the data already in the database, as earlier runs left it"
                    + (before != null && before >= 0 ? " (the workload's transaction counter in "
                    + "the database stood at " + Units.count(before) + " before the run)" : ""));
        }
        Stalls s = result.metrics().stalls();
        if (s != null) {
            fact("stalls", s.count() == 0 ? "none: no whole second with requests outstanding and nothing completed"
                    : stallsText(s).substring("Stalls: ".length()));
        }
        fact("started", when(result.startedAt()) + (result.finishedAt() == null ? "" : "; finished "
                + when(result.finishedAt())));
        fact("driver host", text(environment().host()));
        fact("tpkit", text(environment().tpkitVersion()));
        fact("result folder", result.resultDir());
        html.append("</table>\n");
    }

    /** "warehouse" for "1 warehouse": the unit of one. */
    private String perUnit() {
        String unit = scaleUnit();
        return unit == null ? "scale unit" : Units.of(1, unit).substring(2);
    }

    /** The server's default isolation, from its settings snapshot (whatever the product calls it). */
    private static String serverIsolation(Map<String, String> settings) {
        for (Map.Entry<String, String> e : settings.entrySet()) {
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
}
