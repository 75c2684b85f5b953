package io.tpkit.report;

import io.tpkit.monitor.MonitorColumns;
import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The server's and the machine's figures of monitor.csv, a unit per chart. */
final class MonitorCharts extends ReportSection {
    private final CsvTable series;
    private final CsvTable monitor;

    MonitorCharts(RunResult result, StringBuilder html, CsvTable series, CsvTable monitor) {
        super(result, html);
        this.series = series;
        this.monitor = monitor;
    }

    /**
     * The server's and the machine's figures, a unit per chart. Counters of one unit whose sizes
     * differ by more than 20 times go on charts of their own (block hits would flatten block reads),
     * and a series that stayed at 0 is named under the charts rather than drawn.
     */
    void write() {
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
                SvgChart c = TimeChart.of(result, series, id, titleAndUnit[1]);
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
}
