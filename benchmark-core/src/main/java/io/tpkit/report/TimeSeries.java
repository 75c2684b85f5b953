package io.tpkit.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The rows of timeseries.csv, read as seconds, and the rates and latencies drawn from them. */
final class TimeSeries {
    private TimeSeries() {
    }

    /** One row of timeseries.csv, by its column names. */
    record Second(double end, double length, String phase, long completed, double committed,
                          Map<String, Double> values) {
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
        Map<String, double[]> phases = new java.util.LinkedHashMap<>();
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
    static List<Second> seconds(CsvTable series, String type) {
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
    static List<double[]> rate(List<Second> rows) {
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
    static List<double[]> latency(List<Second> rows, String column) {
        List<double[]> points = new ArrayList<>();
        for (Second s : rows) {
            if (s.length() >= 0.5) {
                points.add(new double[] {s.end(), s.completed() > 0 ? s.values().get(column) : Double.NaN});
            }
        }
        return points;
    }

    /** The transaction types of timeseries.csv, in their order of first appearance. */
    static Set<String> typeNames(CsvTable series) {
        Set<String> names = new LinkedHashSet<>();
        int typeCol = series.column("type");
        for (String[] row : series.rows) {
            if (!row[typeCol].equals("all")) {
                names.add(row[typeCol]);
            }
        }
        return names;
    }
}
