package io.tpkit.tp1;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The upper bound as a table (console and bound.txt) and as figures with how each was obtained (bound.csv). */
public final class UpperBoundTable {
    private UpperBoundTable() {
    }

    public static String render(UpperBoundRuns.Result r) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> c = r.configuration();
        line(out, "TP1 upper bound (seed 000, section 3) on %s (%s)", r.database() == null ? "?" : r.database(),
                r.target());
        line(out, "  scale %s (%s accounts per branch), connections %s, each run %s s measured after %s s warm-up",
                c.get("scale"), c.get("accountsPerBranch"), connections(c.get("connections")), fmt((Double) c.get("durationSeconds")),
                fmt((Double) c.get("warmupSeconds")));
        line(out, "  t1, t1-conflict and t2: %s operations per transaction, sent with its COMMIT in one round trip",
                c.get("opsPerTransaction"));
        line(out, "  data: %s", r.sameData());
        line(out, "  server: %s", r.runs().isEmpty() ? "no run finished"
                : r.durable() ? "durable commits in every run (each run's durability rule passed)"
                : "NOT durable in every run (see the runs' durability rule): TP1 did not pay for a durable commit");
        r.runs().stream().filter(run -> !run.run().equals("tp1")).map(UpperBoundRuns.Run::commits).distinct()
                .forEach(commits -> line(out, "  t1 and t2 commits: %s", commits));
        if (!r.complete()) {
            line(out, "  INCOMPLETE: the sequence was interrupted after %d runs", r.runs().size());
        }
        out.append('\n');
        line(out, "%-12s %11s %11s %8s %10s  %-7s  %s", "run", "connections", "committed", "seconds", "rate/s", "checks",
                "what");
        for (UpperBoundRuns.Run run : r.runs()) {
            line(out, "%-12s %11d %11d %8.1f %10.1f  %-7s  %s", run.run(), run.connections(), run.committed(),
                    run.measuredSeconds(), run.perSecond(), run.consistent() ? "passed" : "FAILED", run.description());
        }
        out.append('\n');
        StringBuilder peaks = new StringBuilder();
        r.peaks().values().forEach(p -> peaks.append(peaks.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT,
                "%s %.1f (%d connection%s)", p.run(), p.perSecond(), p.connections(), p.connections() == 1 ? "" : "s")));
        line(out, "peak rate/s (the highest over the connection counts): %s", peaks.isEmpty() ? "none" : peaks);
        out.append('\n');
        line(out, "%-31s %-46s %12s %13s %8s", "", "TP1 minimum time", "upper bound", "TP1 observed", "% bound");
        boundRow(out, "seed 000: 2/T2 + 3/T1", r.bound(), r.tp1PerSecond(), r.percentOfBound());
        boundRow(out, "not in the seed: 1 in conflict", r.boundOneInConflict(), r.tp1PerSecond(),
                r.percentOfBoundOneInConflict());
        for (UpperBoundRuns.AtConnections at : r.byConnections()) {
            boundRow(out, String.format(Locale.ROOT, "at %d connection%s", at.connections(),
                    at.connections() == 1 ? "" : "s"), at.bound(), at.tp1PerSecond(), at.percentOfBound());
        }
        out.append('\n');
        out.append("How the figures are obtained:\n");
        for (String how : r.how()) {
            out.append("  - ").append(how).append('\n');
        }
        line(out, "Runs: %s (each run's folder inside)", r.folder());
        return out.toString();
    }

    private static String connections(Object counts) {
        return counts instanceof List<?> l ? String.join(",", l.stream().map(String::valueOf).toList())
                : String.valueOf(counts);
    }

    private static void boundRow(StringBuilder out, String label, UpperBound bound, Double tp1, Double percent) {
        if (bound == null) {
            line(out, "%-31s %-46s", label, "not computed: a sub-transaction's rate is missing");
            return;
        }
        line(out, "%-31s %-46s %8.1f TPS %9s TPS %8s", label, bound.formula(), bound.tps(),
                tp1 == null ? "n/a" : String.format(Locale.ROOT, "%.1f", tp1),
                percent == null ? "n/a" : String.format(Locale.ROOT, "%.0f", percent));
    }

    /**
     * bound.csv: one figure a row, {@code figure,run,connections,value,unit,how}: every run's
     * rate, the peaks, the minimum time, the bound, TP1 observed and its percentage.
     */
    public static String csv(UpperBoundRuns.Result r) {
        StringBuilder out = new StringBuilder("figure,run,connections,value,unit,how\n");
        for (UpperBoundRuns.Run run : r.runs()) {
            row(out, "rate", run.run(), Integer.toString(run.connections()), run.perSecond(), "per second",
                    run.committed() + " committed" + (run.opsPerTransaction() == 1 ? "" : " x "
                    + run.opsPerTransaction() + " operations") + " / " + fmt(run.measuredSeconds()) + " s measured; "
                    + run.resultDir());
        }
        for (UpperBoundRuns.Peak p : r.peaks().values()) {
            row(out, "peak rate", p.run(), Integer.toString(p.connections()), p.perSecond(), "per second",
                    "the highest rate of " + p.run() + " over the connection counts");
        }
        bound(out, "seed 000", r.bound(), r.tp1PerSecond(), r.percentOfBound());
        bound(out, "not in the seed, one amend in conflict", r.boundOneInConflict(), r.tp1PerSecond(),
                r.percentOfBoundOneInConflict());
        for (UpperBoundRuns.AtConnections at : r.byConnections()) {
            String which = "at " + at.connections() + " connections";
            row(out, "TP1 upper bound (" + which + ")", "", Integer.toString(at.connections()), at.bound().tps(), "TPS",
                    "1 / (" + at.bound().formula() + "), the t1 and t2 rates at " + at.connections() + " connections");
            if (at.tp1PerSecond() != null) {
                row(out, "TP1 % of bound (" + which + ")", "tp1", Integer.toString(at.connections()),
                        at.percentOfBound(), "percent", "TP1 " + fmt(at.tp1PerSecond()) + " TPS at "
                        + at.connections() + " connections / that bound x 100");
            }
        }
        return out.toString();
    }

    private static void bound(StringBuilder out, String which, UpperBound b, Double tp1, Double percent) {
        if (b == null) {
            return;
        }
        row(out, "TP1 minimum time (" + which + ")", "", "", b.minimumSeconds(), "seconds", b.formula());
        row(out, "TP1 upper bound (" + which + ")", "", "", b.tps(), "TPS", "1 / minimum time");
        if (tp1 != null) {
            row(out, "TP1 % of bound (" + which + ")", "tp1", "", percent, "percent",
                    "TP1 peak " + fmt(tp1) + " TPS / upper bound x 100");
        }
    }

    private static void row(StringBuilder out, String figure, String run, String connections, double value,
                            String unit, String how) {
        out.append(quote(figure)).append(',').append(run).append(',').append(connections).append(',')
                .append(fmt(value)).append(',').append(unit).append(',').append(quote(how)).append('\n');
    }

    private static String fmt(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
