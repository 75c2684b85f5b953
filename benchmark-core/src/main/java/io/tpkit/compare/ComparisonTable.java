package io.tpkit.compare;

import io.tpkit.result.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as a plain-text table: what the console prints and comparison.txt holds. Every
 * column is as wide as its widest cell (a figure's label is shortened to fit), each run's column
 * is headed by what tells that run from the others, figures are written by one helper
 * ({@link Units}) with their ratio to run 1 aligned beside them, and no line ends in spaces.
 */
public final class ComparisonTable {
    /** The widest a figure's label is written; a longer one is cut at its explanation in brackets. */
    static final int LABEL_WIDTH = 58;

    private ComparisonTable() {
    }

    public static String render(Comparison c) {
        int n = c.runs().size();
        String nl = System.lineSeparator();
        List<String[]> lines = new ArrayList<>();
        String[] head = new String[2 * n + 1];
        head[0] = c.workload() + (c.ofRepetitions() ? " (mean of each set's runs; ratio = set / set 1)"
                : c.judgement() != null && n > 1 ? " (ratio = run / run 1: 1 run each, no interval)"
                : " (ratio = run / run 1)");
        for (int i = 0; i < n; i++) {
            head[1 + 2 * i] = name(c, i);
            head[2 + 2 * i] = "";
        }
        for (Comparison.Row row : c.rows()) {
            String[] line = new String[2 * n + 1];
            line[0] = label(row.metric());
            for (int i = 0; i < n; i++) {
                Double v = row.values().get(i);
                Double ratio = row.ratio(i);
                line[1 + 2 * i] = v == null ? "-" : value(v, row.count());
                line[2 + 2 * i] = i == 0 || ratio == null ? "" : String.format(Locale.ROOT, "(%.2fx)", ratio);
            }
            lines.add(line);
        }
        String[] consistent = new String[2 * n + 1];
        String[] valid = new String[2 * n + 1];
        consistent[0] = "consistency checks";
        valid[0] = "validity (in full below)";
        for (int i = 0; i < n; i++) {
            consistent[1 + 2 * i] = c.runs().get(i).consistent() ? "passed" : "FAILED";
            valid[1 + 2 * i] = shortVerdict(c.runs().get(i).verdict());
            consistent[2 + 2 * i] = "";
            valid[2 + 2 * i] = "";
        }
        lines.add(consistent);
        lines.add(valid);

        // a run's column: its value right-aligned, then its ratio; the head right-aligned over both
        int[] width = new int[2 * n + 1];
        for (String[] line : lines) {
            for (int k = 0; k < line.length; k++) {
                width[k] = Math.max(width[k], line[k].length());
            }
        }
        width[0] = Math.max(width[0], head[0].length());
        int[] column = new int[n];
        for (int i = 0; i < n; i++) {
            int both = width[1 + 2 * i] + (width[2 + 2 * i] == 0 ? 0 : 1 + width[2 + 2 * i]);
            column[i] = Math.max(both, head[1 + 2 * i].length());
            width[1 + 2 * i] += column[i] - both; // a wider head pushes the values right, under its end
        }
        StringBuilder out = new StringBuilder();
        StringBuilder h = new StringBuilder(pad(head[0], width[0], false));
        for (int i = 0; i < n; i++) {
            h.append("   ").append(pad(head[1 + 2 * i], column[i], true));
        }
        out.append(h.toString().stripTrailing()).append(nl);
        for (String[] line : lines) {
            StringBuilder b = new StringBuilder(pad(line[0], width[0], false));
            for (int i = 0; i < n; i++) {
                String v = line[1 + 2 * i];
                boolean text = !v.isEmpty() && !Character.isDigit(v.charAt(0)) && !v.equals("-") && v.charAt(0) != '-';
                b.append("   ");
                if (text) {
                    b.append(pad(v, column[i], false));
                } else {
                    b.append(pad(v, width[1 + 2 * i], true));
                    if (width[2 + 2 * i] > 0) {
                        b.append(' ').append(pad(line[2 + 2 * i], width[2 + 2 * i], false));
                    }
                }
            }
            out.append(b.toString().stripTrailing()).append(nl);
        }
        out.append(nl);
        out.append(changes(c));
        out.append(order(c));
        for (int i = 0; i < n; i++) {
            Comparison.Run r = c.runs().get(i);
            out.append(name(c, i)).append(i == 0 && n > 1 ? " (the baseline)" : "").append(nl);
            out.append(("  " + r.label() + ", " + r.product() + " " + r.version() + ", " + r.resultDir())
                    .stripTrailing()).append(nl);
            if (r.counts() != null && r.counts().given() > 1) {
                out.append("  runs: ").append(r.counts().summary()).append(nl);
                for (RunsUsed.LeftOut l : r.counts().leftOut()) {
                    out.append("  left out (").append(l.why()).append("): ").append(l.run()).append(nl);
                }
            }
            out.append(("  validity: " + r.verdict()).stripTrailing()).append(nl);
        }
        if (!c.varied().isEmpty()) {
            out.append("Varied on purpose: ").append(String.join("; ", c.varied())).append(nl);
        }
        if (!c.startingData().isEmpty()) {
            out.append("NOT THE SAME STARTING DATA: ").append(String.join("; ", c.startingData())).append(nl);
        }
        out.append(sameness(c)).append(nl);
        if (c.gate() != null) {
            c.gate().lines().forEach(l -> out.append(l).append(nl));
        }
        return out.toString();
    }

    /**
     * Each later column's change from the first on the figures judged: both means, the ratio, its
     * interval, the runs on each side and the verdict, then the method and the noise threshold;
     * of single runs, the one line that says no interval is known. Empty for a comparison
     * without judged figures (a sweep's, or one written before intervals).
     */
    public static String changes(Comparison c) {
        Judgement j = c.judgement();
        List<Comparison.Row> judged = c.rows().stream().filter(r -> r.better() != null && r.changes() != null).toList();
        if (j == null || judged.isEmpty() || c.runs().size() < 2) {
            return "";
        }
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        boolean anyInterval = judged.stream().anyMatch(r -> r.changes().stream()
                .anyMatch(ch -> ch != null && (ch.hasInterval() || ch.estimate().unbounded())));
        if (!anyInterval && c.runs().stream().allMatch(r -> r.counts() == null || r.counts().used() == 1)) {
            out.append("Uncertainty: ").append(Change.ONE_RUN_EACH).append(" (each ratio above is of one run against "
                    + "one: how much a run moves is not known, so no difference is shown; 'tpkit run ... --repeat N' "
                    + "for each side, then 'tpkit compare DIR_A DIR_B').").append(nl).append(nl);
            return out.toString();
        }
        for (int k = 1; k < c.runs().size(); k++) {
            out.append("Changes, ").append(name(c, k)).append(" against ").append(name(c, 0)).append(':').append(nl);
            List<String[]> lines = new ArrayList<>();
            lines.add(new String[] {"figure", shortName(c, 0) + " mean", shortName(c, k) + " mean", "ratio",
                    j.levelText() + " interval", "runs", "verdict"});
            for (Comparison.Row row : judged) {
                Change ch = row.change(k);
                Double base = mean(row, ch, 0);
                Double v = mean(row, ch, k);
                lines.add(new String[] {label(row.shortName()), base == null ? "-" : value(base, row.count()),
                        v == null ? "-" : value(v, row.count()),
                        ch == null || ch.estimate().ratio() == null ? "-" : Change.ratio(ch.estimate().ratio()),
                        ch == null ? "-" : Change.interval(ch.estimate()),
                        ch == null ? "-" : Change.runs(ch.estimate()), ch == null ? noChange(c, k) : ch.words()});
            }
            boolean[] right = {false, true, true, true, false, true, false};
            out.append(aligned(lines, right));
            RoundPairs pairs = c.runs().get(k).pairs();
            if (c.paired() && pairs != null) {
                out.append("Paired by round: ").append(pairs.summary()).append('.').append(nl);
            }
        }
        out.append(j.methodLine(c.paired())).append(nl).append(nl);
        return out.toString();
    }

    /**
     * A side's mean as the change judged it: of the rounds paired when the runs are paired (a
     * round dropped from the pairing is not in it), else the mean of the side's runs used.
     */
    public static Double mean(Comparison.Row row, Change ch, int side) {
        if (ch == null) {
            return row.values().get(side);
        }
        return side == 0 ? ch.estimate().baselineMean() : ch.estimate().variantMean();
    }

    /** Why a judged figure has no change: a side lacks it, or no round has a usable run of both. */
    public static String noChange(Comparison c, int k) {
        RoundPairs pairs = c.runs().get(k).pairs();
        return pairs != null && pairs.paired().isEmpty() ? "no round paired" : "a side has no value";
    }

    /**
     * Of runs tpkit ran interleaved: the order and why, each variant's letter, what the runs
     * started from, how the targets were up, and every run in the order it ran with its TPS and
     * starting data. Empty otherwise.
     */
    public static String order(Comparison c) {
        RunOrder o = c.order();
        if (o == null) {
            return "";
        }
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        out.append("Order: ").append(o.order()).append(" (").append(String.join(", ", o.letters())).append("): ")
                .append(o.how()).append('.').append(nl);
        o.data().forEach(d -> out.append("Data: ").append(d).append(nl));
        if (o.targets() != null) {
            out.append("Targets: ").append(o.targets()).append(nl);
        }
        out.append("Runs in the order they ran:").append(nl);
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"run", "round", "variant", "TPS", "started from", "transactions before", "result"});
        for (RunOrder.Slot s : o.runs()) {
            String dir = s.resultDir() == null ? "" : java.nio.file.Path.of(s.resultDir()).getFileName().toString();
            lines.add(new String[] {Integer.toString(s.position()), Integer.toString(s.round()), s.variant(),
                    s.tps() == null ? "-" : Units.figure(s.tps()), s.start() == null ? "-" : s.start(),
                    s.transactionsBefore() == null ? "-" : Units.count(s.transactionsBefore()),
                    dir + (s.leftOut() == null ? "" : " (left out: " + s.leftOut() + ")")});
        }
        out.append(aligned(lines, new boolean[] {true, true, false, true, false, true, false})).append(nl);
        return out.toString();
    }

    /** "set 2" of "set 2: synchronous_commit off". */
    private static String shortName(Comparison c, int i) {
        String name = name(c, i);
        int colon = name.indexOf(':');
        return colon > 0 ? name.substring(0, colon) : name;
    }

    /** Rows of cells as columns as wide as their widest cell, three spaces apart, no trailing spaces. */
    static String aligned(List<String[]> lines, boolean[] right) {
        int[] width = new int[right.length];
        for (String[] line : lines) {
            for (int k = 0; k < line.length; k++) {
                width[k] = Math.max(width[k], line[k].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < line.length; k++) {
                b.append(k == 0 ? "" : "   ").append(pad(line[k], width[k], right[k]));
            }
            out.append(b.toString().stripTrailing()).append(System.lineSeparator());
        }
        return out.toString();
    }

    /**
     * What the runs had in common, in one sentence, for comparison.txt and comparison.html alike:
     * the configuration apart from the target (and what was varied), and whether they started
     * from the same data.
     */
    public static String sameness(Comparison c) {
        if (!c.differences().isEmpty()) {
            return "NOT LIKE FOR LIKE: the runs differ in " + String.join("; ", c.differences())
                    + (c.startingData().isEmpty() ? "" : ", and in the data they started from (above)");
        }
        return (c.varied().isEmpty() ? "The runs" : "Otherwise the runs")
                + " used the same configuration apart from the target"
                + (c.startingData().isEmpty() ? "." : ", but did not start from the same data (above).");
    }

    /** A run's column head: its name ("run 2: logic procedure"), or "run N" for a comparison written before names. */
    public static String name(Comparison c, int i) {
        Comparison.Run r = c.runs().get(i);
        return r.name() != null ? r.name() : "run " + (i + 1) + ": " + r.product() + " "
                + Comparisons.shortVersion(r.version()) + (r.variant().isEmpty() ? "" : ", " + r.variant());
    }

    /** A figure as the table writes it: a count as an integer, any other with two decimals, thousands separated. */
    public static String value(double v, boolean count) {
        return count && v == Math.rint(v) ? Units.count((long) v) : Units.figure(v);
    }

    /** "conformant", "non-standard (3 rules)", "incomplete", "part 1/2 of a split run": the verdict in a cell. */
    static String shortVerdict(String verdict) {
        if (verdict == null) {
            return "?";
        }
        if (verdict.startsWith("incomplete")) {
            return "INCOMPLETE";
        }
        if (verdict.startsWith("non-standard: ")) {
            int rules = verdict.substring("non-standard: ".length()).split(", ").length;
            return "non-standard (" + rules + (rules == 1 ? " rule)" : " rules)");
        }
        int colon = verdict.indexOf(':');
        return colon > 0 ? verdict.substring(0, colon) : verdict;
    }

    /** The figure's label, cut at its explanation in brackets when it is too long, else shortened. */
    static String label(String metric) {
        if (metric.length() <= LABEL_WIDTH) {
            return metric;
        }
        int bracket = metric.indexOf(" (");
        if (bracket > 0 && bracket <= LABEL_WIDTH) {
            return metric.substring(0, bracket);
        }
        return metric.substring(0, LABEL_WIDTH - 3) + "...";
    }

    private static String pad(String cell, int width, boolean right) {
        if (cell.length() >= width) {
            return cell;
        }
        String space = " ".repeat(width - cell.length());
        return right ? space + cell : cell + space;
    }
}
