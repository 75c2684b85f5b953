package io.tpkit.tp1;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The upper bound as a table (console and bound.txt) and as figures with how each was obtained (bound.csv). */
public final class UpperBoundTable {
    /** How every figure of the table is obtained; printed under it and kept in bound.json. */
    static final List<String> HOW = List.of(
            "rate/s: committed transactions in the run's measurement interval / its length (the run's TPS over wall "
                    + "clock, metrics.throughput.overWallClock in its result.json); every run is an ordinary tp1 run "
                    + "with its own result folder, warm-up, consistency checks and verdict",
            "t1: UPDATE tp1_account SET abalance = abalance + 1 WHERE aid = K, and COMMIT, in one round trip; without "
                    + "conflict stream i of n amends its own K = 1 + i x (accounts / n), the keys spread evenly over "
                    + "the table; with conflict every stream amends K = 1; the database's count of amends (the keys' "
                    + "balances minus their balances before the run) must equal the driver's count of commits",
            "t2: INSERT of one tp1_history row (teller, branch and account drawn as DebitCredit draws them, delta 0), "
                    + "and COMMIT, in one round trip; the database's count of history rows must equal the driver's",
            "tp1: the DebitCredit transaction as 'tpkit run tp1' runs it (streams)",
            "peak: the highest rate of each over the connection counts measured (seed 000: the 'maximum achievable "
                    + "throughputs'); TP1 observed is TP1's peak",
            "upper bound = 1 / (2/T2 + 3/T1), T1 and T2 the peaks of t1 (no conflict) and t2: seed 000 section 3, "
                    + "'each TP1 transaction consists of 2 T2 sub-transactions and 3 T1 sub-transactions (with "
                    + "conflict varying from none to slight)'; % bound = TP1 observed / upper bound x 100",
            "not in the seed: the same with one of the three amends at the t1-conflict peak, 2/T2 + 2/T1 + 1/T1c, "
                    + "since every stream of a branch amends the branch's row as every t1-conflict stream amends K",
            "the seed ran T1 and T2 with logging off; here every run commits durably (the server's settings): each "
                    + "T1 and T2 pays a commit and a round trip that TP1 pays once for its five operations, so TP1 can "
                    + "pass 100% of this bound");

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
        line(out, "  data: %s", r.sameData());
        line(out, "  commits: %s", r.runs().isEmpty() ? "no run finished"
                : r.durable() ? "durable in every run (logging on; each run's durability rule passed)"
                : "NOT durable in every run (see the runs' durability rule): the rates are not comparable with the seed's reasoning");
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
                    run.committed() + " committed / " + fmt(run.measuredSeconds()) + " s measured; " + run.resultDir());
        }
        for (UpperBoundRuns.Peak p : r.peaks().values()) {
            row(out, "peak rate", p.run(), Integer.toString(p.connections()), p.perSecond(), "per second",
                    "the highest rate of " + p.run() + " over the connection counts");
        }
        bound(out, "seed 000", r.bound(), r.tp1PerSecond(), r.percentOfBound());
        bound(out, "not in the seed, one amend in conflict", r.boundOneInConflict(), r.tp1PerSecond(),
                r.percentOfBoundOneInConflict());
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
