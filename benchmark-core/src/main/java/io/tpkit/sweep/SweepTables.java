package io.tpkit.sweep;

import io.tpkit.analysis.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The console's tables for a sweep and for repetitions. */
public final class SweepTables {
    private SweepTables() {
    }

    /** The sweep's points, peak, knee and model, as the console prints them. */
    public static String render(SweepResult r) {
        StringBuilder out = new StringBuilder();
        String nl = System.lineSeparator();
        out.append(String.format(Locale.ROOT, "%s sweep over %s on %s %s (%d points)%s", r.workload(), r.axis(),
                r.product(), r.version().split(" ")[0], r.points().size(), r.incomplete() ? " -- INCOMPLETE, interrupted" : ""))
                .append(nl);
        boolean model = r.model().inputs() != null;
        String firstType = r.points().getFirst().types().isEmpty() ? "?" : r.points().getFirst().types().getFirst().name();
        List<String> headlineKeys = new ArrayList<>();
        r.points().forEach(p -> p.headline().keySet().forEach(k -> {
            if (!headlineKeys.contains(k)) {
                headlineKeys.add(k);
            }
        }));
        // only short headline figures fit a column; the others are in sweep.csv
        List<String> shown = headlineKeys.stream().filter(k -> k.length() <= 12).toList();
        // the workload's own throughput, when the peak and the knee are found from it
        SweepResult.Figure figure = r.figure();
        boolean ownFigure = !figure.isTps();
        // connections and terminals get a column only where they are not the axis itself
        boolean connections = r.points().stream().anyMatch(p -> p.connections() != p.value());
        boolean terminals = r.points().stream().anyMatch(p -> p.terminals() != p.value());
        // the verdict is said once under the table when every point has the same
        List<String> verdicts = r.points().stream().map(SweepTables::verdict).distinct().toList();
        boolean verdictColumn = verdicts.size() > 1;
        out.append(String.format(Locale.ROOT, "%12s", r.axis()));
        if (connections) {
            out.append(String.format(Locale.ROOT, " %11s", "connections"));
        }
        if (terminals) {
            out.append(String.format(Locale.ROOT, " %9s", "terminals"));
        }
        out.append(String.format(Locale.ROOT, " %10s", "TPS"));
        if (ownFigure) {
            out.append(String.format(Locale.ROOT, " %" + Math.max(10, figure.label().length()) + "s", figure.label()));
        }
        shown.forEach(k -> out.append(String.format(Locale.ROOT, " %12s", k)));
        out.append(String.format(Locale.ROOT, " %8s %9s %9s %9s", "gain/2x", "mean ms", "p90 ms", "p99 ms"));
        if (model) {
            out.append(String.format(Locale.ROOT, " %10s %10s %9s %17s", "inter./s", "MVA /s", "MVA ms", "MVA err % /s, ms"));
        }
        out.append(String.format(Locale.ROOT, "  %-10s", "mark"));
        if (verdictColumn) {
            out.append(" verdict");
        }
        String head = out.toString();
        out.setLength(0);
        out.append(head.stripTrailing()).append(nl);
        StringBuilder rows = new StringBuilder();
        for (SweepResult.Point p : r.points()) {
            SweepResult.TypeFigures t = p.types().isEmpty() ? null : p.types().getFirst();
            List<String> marks = new ArrayList<>();
            if (p.index() == r.peak().point()) {
                marks.add("peak");
            }
            if (r.knee().point() != null && p.index() == r.knee().point()) {
                marks.add("knee");
            }
            rows.append(String.format(Locale.ROOT, "%12s", SweepAxis.format(p.value())));
            if (connections) {
                rows.append(String.format(Locale.ROOT, " %11d", p.connections()));
            }
            if (terminals) {
                rows.append(String.format(Locale.ROOT, " %9d", p.terminals()));
            }
            rows.append(String.format(Locale.ROOT, " %10.1f", p.tps()));
            if (ownFigure) {
                Double v = p.headline().get(figure.id());
                rows.append(String.format(Locale.ROOT, " %" + Math.max(10, figure.label().length()) + "s",
                        v == null ? "-" : String.format(Locale.ROOT, "%.1f", v)));
            }
            shown.forEach(k -> rows.append(String.format(Locale.ROOT, " %12s",
                    p.headline().containsKey(k) ? String.format(Locale.ROOT, "%.1f", p.headline().get(k)) : "-")));
            rows.append(String.format(Locale.ROOT, " %8s %9.2f %9.2f %9.2f", p.gainPerDoublingPct() == null ? "-"
                    : String.format(Locale.ROOT, "%+.0f%%", p.gainPerDoublingPct()), p.meanResponseMs(),
                    t == null ? 0 : t.p90Ms(), t == null ? 0 : t.p99Ms()));
            if (model) {
                SweepResult.Predicted m = p.mva();
                rows.append(m == null ? String.format(Locale.ROOT, " %10.1f %10s %9s %17s", p.requestsPerSecond(), "-",
                        "-", "-") : String.format(Locale.ROOT, " %10.1f %10.1f %9.2f %17s",
                        p.requestsPerSecond(), m.requestsPerSecond(), m.responseMs(), String.format(Locale.ROOT,
                                "%+.1f, %+.1f", m.requestsErrorPct(), m.responseErrorPct())));
            }
            rows.append(String.format(Locale.ROOT, "  %-10s", String.join(", ", marks)));
            if (verdictColumn) {
                rows.append(" ").append(verdict(p));
            }
            out.append(rows.toString().stripTrailing()).append(nl);
            rows.setLength(0);
        }
        if (!verdictColumn) {
            out.append("verdict of every point: ").append(verdicts.getFirst()).append(nl);
        }
        out.append("(p90 and p99 of ").append(firstType).append("; mean ms: all types a terminal waits for; gain/2x: ")
                .append(figure.label()).append(" gain per doubling from the previous point")
                .append(ownFigure ? "; peak and knee from " + figure.label() : "")
                .append(model ? "; MVA /s and MVA ms: the model's prediction (below), MVA err %: (predicted - measured) / "
                        + "measured of interactions/s and of response time" : "").append(")").append(nl);
        out.append(String.format(Locale.ROOT, "peak: %.1f %s at %s%s%s%n", r.peak().figureValue(), figure.label(),
                r.axis() + " " + SweepAxis.format(r.peak().value()), ownFigure ? String.format(Locale.ROOT, " (%.1f TPS)",
                        r.peak().tps()) : "", r.peak().atEnd() ? " (the last point: the peak may lie beyond the sweep)" : ""));
        String close = closeToPeak(r);
        if (close != null) {
            out.append(close).append(nl);
        }
        out.append(r.knee().explanation()).append(nl);
        if (model) {
            var in = r.model().inputs();
            out.append(String.format(Locale.ROOT, "MVA (from the first point): Z %.3f s, S %.4f ms per interaction%s; "
                    + "%s%n", in.thinkSeconds(), in.serviceDemandMs(), in.cpuDemandMs() == null ? ", one " + in.other()
                            : String.format(Locale.ROOT, " = cpu %.4f ms on %d CPUs + other %.4f ms (a %s)",
                            in.cpuDemandMs(), in.cpus(), in.otherDemandMs(), in.other()),
                    errors(r.model().meanAbsRequestsErrorPct(), r.model().meanAbsResponseErrorPct())));
            out.append("     MVA (mean value analysis) is a queueing model: from the first point's think time Z and "
                    + "service demand S alone it predicts what each point would reach if waiting for those demands were "
                    + "all that limited it; an error far from 0 means something else did (locks, contention, I/O, "
                    + "other load on the machine), or that the first point was not typical.").append(nl);
            SweepResult.Alternative alt = r.model().alternative();
            if (alt != null) {
                out.append(String.format(Locale.ROOT, "     with the other demand as a %s instead: %s%n", alt.other(),
                        errors(alt.meanAbsRequestsErrorPct(), alt.meanAbsResponseErrorPct())));
            }
            if (in.calibrationWarning() != null) {
                out.append("     WARNING: ").append(in.calibrationWarning()).append(nl);
            }
        } else {
            out.append("MVA: no model: ").append(r.model().absentBecause()).append(nl);
        }
        if (r.order() != null) {
            out.append("Order: ").append(r.order().describe()).append(", as run: ").append(String.join(", ",
                    r.runOrder().stream().map(SweepAxis::format).toList())).append(nl);
        }
        if (r.data() != null) {
            out.append("Data: ").append(r.data()).append('.').append(nl);
        }
        return out.toString();
    }


    /** Each figure's value per repetition and its spread. */
    public static String render(RepeatResult r) {
        StringBuilder out = new StringBuilder();
        String nl = System.lineSeparator();
        int level = (int) Math.round(100 * r.level());
        boolean leftOut = r.runs().stream().anyMatch(rep -> rep.leftOut() != null);
        out.append(String.format(Locale.ROOT, "%s: %d repetitions on %s %s%s%s%n", r.workload(), r.runs().size(),
                r.product(), r.version().split(" ")[0], r.incomplete() ? " -- INCOMPLETE, interrupted" : "",
                r.used() == null ? "" : "; statistics of " + r.used().summary()));
        int width = Math.max(20, r.statistics().stream().mapToInt(s -> s.figure().length()).max().orElse(20));
        out.append(String.format(Locale.ROOT, "%-" + width + "s", "figure"));
        for (RepeatResult.Repetition rep : r.runs()) {
            out.append(String.format(Locale.ROOT, " %10s", "run " + rep.index() + (rep.leftOut() == null ? "" : "*")));
        }
        out.append(String.format(Locale.ROOT, " %10s %10s %7s  %s%n", "mean", "median", "CV %",
                level + "% confidence interval of the mean (Student t)"));
        for (RepeatResult.Statistic s : r.statistics()) {
            Spread p = s.spread();
            out.append(String.format(Locale.ROOT, "%-" + width + "s", s.figure()));
            for (RepeatResult.Repetition rep : r.runs()) {
                Double v = rep.values().get(s.figure());
                out.append(String.format(Locale.ROOT, " %10s", v == null ? "-" : String.format(Locale.ROOT, "%.2f", v)));
            }
            out.append(String.format(Locale.ROOT, " %10.2f %10.2f %7s  %s%n", p.mean(), p.median(),
                    p.cvPct() == null ? "-" : String.format(Locale.ROOT, "%.1f", p.cvPct()),
                    p.low() == null ? "-" : String.format(Locale.ROOT, "[%.2f, %.2f]", p.low(), p.high())
                            + (p.halfWidthPct() == null ? "" // a mean of 0 has no relative width
                            : String.format(Locale.ROOT, " (mean +/- %.1f%%)", p.halfWidthPct()))));
        }
        if (leftOut) {
            out.append("* left out of the statistics: ").append(String.join(", ", r.runs().stream()
                    .filter(rep -> rep.leftOut() != null).map(rep -> "run " + rep.index() + " " + rep.leftOut())
                    .toList())).append(" (incomplete, failed and inconsistent repetitions are counted, never "
                    + "averaged in)").append(nl);
        }
        out.append("CV: sample standard deviation / mean. Interval: mean +/- t x s / sqrt(n), t for n - 1 degrees of "
                + "freedom. Seeds: ").append(r.seedPolicy()).append(". Data: ").append(r.loadPolicy()).append('.').append(nl);
        return out.toString();
    }

    /**
     * The points whose figure is within the knee's threshold of the peak's, in words, or null.
     * Each point is one run, so how far its figure moves from run to run is not known: a peak a
     * few percent above its neighbours may be the machine's noise, not the database's.
     */
    static String closeToPeak(SweepResult r) {
        double peak = r.peak().figureValue();
        double threshold = r.knee().thresholdPct();
        if (!(peak > 0)) {
            return null;
        }
        List<String> close = new ArrayList<>();
        for (SweepResult.Point p : r.points()) {
            Double v = r.figure().isTps() ? Double.valueOf(p.tps()) : p.headline().get(r.figure().id());
            if (p.index() != r.peak().point() && v != null && 100 * (peak - v) / peak <= threshold) {
                close.add(SweepAxis.format(p.value()) + String.format(Locale.ROOT, " (%.1f)", v));
            }
        }
        if (close.isEmpty()) {
            return null;
        }
        return String.format(Locale.ROOT, "peak not distinguishable from %d other point%s within %.0f%% of it (%s %s): "
                + "each point is one run, so their spreads are not known and may overlap; repeat the sweep to separate "
                + "them", close.size(), close.size() == 1 ? "" : "s", threshold, r.axis(), String.join(", ", close));
    }

    /** A point's verdict, with its failed checks and its being cut short. */
    private static String verdict(SweepResult.Point p) {
        return p.verdict() + (p.consistent() ? "" : ", CONSISTENCY FAILED") + (p.incomplete() ? ", INCOMPLETE" : "");
    }

    /** The model's mean absolute errors over the points after the first, which it fits by construction. */
    private static String errors(Double requests, Double response) {
        return requests == null ? "no point but the first, so no error to give (the model fits that one by construction)"
                : String.format(Locale.ROOT, "mean absolute error over the points after the first %.1f%% "
                + "(interactions/s), %.1f%% (response time)", requests, response == null ? Double.NaN : response);
    }
}
