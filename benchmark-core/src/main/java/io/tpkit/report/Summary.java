package io.tpkit.report;

import io.tpkit.metrics.Outage;
import io.tpkit.metrics.Stalls;
import io.tpkit.result.PartRecord;
import io.tpkit.result.RunResult;
import io.tpkit.result.Units;
import io.tpkit.spi.workload.CheckResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The top of the page: an interrupted run and a part of a split run say so first, then what ran
 * in a line, the framing and the verdicts, and the stalls, outages, lost connections and monitor
 * gaps of the run.
 */
final class Summary extends ReportSection {
    /** The folder holds the libraries' messages (driver.log). */
    private final boolean driverLog;

    Summary(RunResult result, StringBuilder html, boolean driverLog) {
        super(result, html);
        this.driverLog = driverLog;
    }

    /** Banners, the line under the title, the verdicts, and what went wrong during the run. */
    void write() {
        banners();
        html.append("<p class=\"sub\">").append(Html.escape(when(result.startedAt()))).append(", ")
                .append(Html.escape(scale())).append(", ")
                .append(Html.escape(text(workload().arrival()))).append(" arrival, ")
                .append(Html.escape(counted(text(workload().terminals()), "terminals"))).append(", ")
                .append(Html.escape(counted(text(workload().connections()), "connections")))
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
    }

    /** An interrupted run, and a part of a split run, say so before anything else. */
    private void banners() {
        if (result.metrics().incomplete()) {
            html.append("<p class=\"banner\" id=\"incomplete\">INCOMPLETE: the run was interrupted before the end of "
                    + "its measurement interval; every figure below is of the part measured until then.</p>\n");
        }
        PartRecord part = result.part();
        if (part != null) {
            html.append("<p class=\"banner\" id=\"part\">PART ").append(part.part())
                    .append(" of ").append(part.parts())
                    .append(" of the split run ").append(Html.escape(part.runName()))
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
    static String connectionsText(io.tpkit.metrics.Connections c) {
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
    static String gapsText(io.tpkit.monitor.MonitorSummary m) {
        List<String> gaps = m.gaps().stream().map(g -> g.toSeconds() == null
                ? String.format(Locale.ROOT, "from %.1f s to the end", g.fromSeconds())
                : String.format(Locale.ROOT, "from %.1f s to %.1f s", g.fromSeconds(), g.toSeconds())).toList();
        return "Monitor: the server's series (db.* in monitor.csv) were not read " + String.join(", ", gaps)
                + ": its connection was lost (" + m.gaps().getFirst().reason() + "); the rules on them judge the "
                + "seconds read";
    }
}
