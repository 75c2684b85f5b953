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
        out.append(String.format(Locale.ROOT, "%12s %6s %6s %10s", r.axis(), "conns", "terms", "TPS"));
        if (ownFigure) {
            out.append(String.format(Locale.ROOT, " %" + Math.max(10, figure.label().length()) + "s", figure.label()));
        }
        shown.forEach(k -> out.append(String.format(Locale.ROOT, " %12s", k)));
        out.append(String.format(Locale.ROOT, " %8s %9s %9s %9s", "gain/2x", "mean ms", "p90 ms", "p99 ms"));
        if (model) {
            out.append(String.format(Locale.ROOT, " %10s %10s %7s %9s %7s", "inter./s", "MVA", "err %", "MVA ms", "err %"));
        }
        out.append("  verdict").append(nl);
        for (SweepResult.Point p : r.points()) {
            SweepResult.TypeFigures t = p.types().isEmpty() ? null : p.types().getFirst();
            String mark = (p.index() == r.peak().point() ? " peak" : "")
                    + (r.knee().point() != null && p.index() == r.knee().point() ? " knee" : "");
            out.append(String.format(Locale.ROOT, "%12s %6d %6d %10.1f", SweepAxis.format(p.value()), p.connections(),
                    p.terminals(), p.tps()));
            if (ownFigure) {
                Double v = p.headline().get(figure.id());
                out.append(String.format(Locale.ROOT, " %" + Math.max(10, figure.label().length()) + "s",
                        v == null ? "-" : String.format(Locale.ROOT, "%.1f", v)));
            }
            shown.forEach(k -> out.append(String.format(Locale.ROOT, " %12s",
                    p.headline().containsKey(k) ? String.format(Locale.ROOT, "%.1f", p.headline().get(k)) : "-")));
            out.append(String.format(Locale.ROOT, " %8s %9.2f %9.2f %9.2f", p.gainPerDoublingPct() == null ? "-"
                    : String.format(Locale.ROOT, "%+.0f%%", p.gainPerDoublingPct()), p.meanResponseMs(),
                    t == null ? 0 : t.p90Ms(), t == null ? 0 : t.p99Ms()));
            if (model) {
                SweepResult.Predicted m = p.mva();
                out.append(m == null ? String.format(Locale.ROOT, " %10.1f %10s %7s %9s %7s", p.requestsPerSecond(), "-",
                        "-", "-", "-") : String.format(Locale.ROOT, " %10.1f %10.1f %+7.1f %9.2f %+7.1f",
                        p.requestsPerSecond(), m.requestsPerSecond(), m.requestsErrorPct(), m.responseMs(),
                        m.responseErrorPct()));
            }
            out.append("  ").append(p.verdict()).append(p.consistent() ? "" : ", CONSISTENCY FAILED")
                    .append(p.incomplete() ? ", INCOMPLETE" : "").append(mark).append(nl);
        }
        out.append("(p90 and p99 of ").append(firstType).append("; mean ms: all types a terminal waits for; gain/2x: ")
                .append(figure.label()).append(" gain per doubling from the previous point")
                .append(ownFigure ? "; peak and knee from " + figure.label() : "").append(")").append(nl);
        out.append(String.format(Locale.ROOT, "peak: %.1f %s at %s%s%s%n", r.peak().figureValue(), figure.label(),
                r.axis() + " " + SweepAxis.format(r.peak().value()), ownFigure ? String.format(Locale.ROOT, " (%.1f TPS)",
                        r.peak().tps()) : "", r.peak().atEnd() ? " (the last point: the peak may lie beyond the sweep)" : ""));
        out.append(r.knee().explanation()).append(nl);
        if (model) {
            var in = r.model().inputs();
            out.append(String.format(Locale.ROOT, "MVA (from the first point): Z %.3f s, S %.4f ms per interaction%s; "
                    + "%s%n", in.thinkSeconds(), in.serviceDemandMs(), in.cpuDemandMs() == null ? ", one " + in.other()
                            : String.format(Locale.ROOT, " = cpu %.4f ms on %d CPUs + other %.4f ms (a %s)",
                            in.cpuDemandMs(), in.cpus(), in.otherDemandMs(), in.other()),
                    errors(r.model().meanAbsRequestsErrorPct(), r.model().meanAbsResponseErrorPct())));
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

    /** The model's mean absolute errors over the points after the first, which it fits by construction. */
    private static String errors(Double requests, Double response) {
        return requests == null ? "no point but the first, so no error to give (the model fits that one by construction)"
                : String.format(Locale.ROOT, "mean absolute error over the points after the first %.1f%% "
                + "(interactions/s), %.1f%% (response time)", requests, response == null ? Double.NaN : response);
    }
}
