package io.tpkit.report;

import io.tpkit.metrics.Iteration;
import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The rate of each iteration of a run in iterations, and what the monitor saw in each. */
final class IterationSection extends ReportSection {
    IterationSection(RunResult result, StringBuilder html) {
        super(result, html);
    }

    void write() {
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
}
