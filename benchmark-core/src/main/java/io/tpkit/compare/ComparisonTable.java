package io.tpkit.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The comparison as a plain-text table: what the console prints and comparison.txt holds. */
public final class ComparisonTable {
    private ComparisonTable() {
    }

    public static String render(Comparison c) {
        int n = c.runs().size();
        List<String[]> lines = new ArrayList<>();
        String[] head = new String[n + 1];
        head[0] = c.workload() + " (ratio = run / run 1)";
        for (int i = 0; i < n; i++) {
            Comparison.Run r = c.runs().get(i);
            head[i + 1] = "run " + (i + 1) + ": " + r.product() + " " + shortVersion(r.version())
                    + (r.variant().isEmpty() ? "" : ", " + r.variant());
        }
        lines.add(head);
        for (Comparison.Row row : c.rows()) {
            String[] line = new String[n + 1];
            line[0] = row.metric();
            for (int i = 0; i < n; i++) {
                Double v = row.values().get(i);
                Double ratio = row.ratio(i);
                line[i + 1] = v == null ? "-" : format(v) + (i == 0 || ratio == null ? ""
                        : String.format(Locale.ROOT, " (%.2fx)", ratio));
            }
            lines.add(line);
        }
        String[] valid = new String[n + 1];
        valid[0] = "validity";
        String[] consistent = new String[n + 1];
        consistent[0] = "consistency checks";
        for (int i = 0; i < n; i++) {
            valid[i + 1] = c.runs().get(i).verdict();
            consistent[i + 1] = c.runs().get(i).consistent() ? "passed" : "FAILED";
        }
        lines.add(consistent);
        lines.add(valid);

        int[] width = new int[n + 1];
        for (String[] line : lines) {
            for (int i = 0; i <= n; i++) {
                width[i] = Math.max(width[i], Math.min(line[i].length(), i == 0 ? 60 : 40));
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            for (int i = 0; i <= n; i++) {
                String cell = line[i];
                out.append(i == 0 ? String.format("%-" + width[0] + "s", cell) : "  " + pad(cell, width[i]));
            }
            out.append(System.lineSeparator());
        }
        for (int i = 0; i < n; i++) {
            Comparison.Run r = c.runs().get(i);
            out.append(String.format("run %d: %s, %s%n", i + 1, r.label(), r.resultDir()));
        }
        if (!c.varied().isEmpty()) {
            out.append("Varied on purpose: ").append(String.join("; ", c.varied())).append(System.lineSeparator());
        }
        if (c.differences().isEmpty()) {
            out.append(c.varied().isEmpty() ? "The runs used the same configuration apart from the target."
                    : "Otherwise the runs used the same configuration apart from the target.")
                    .append(System.lineSeparator());
        } else {
            out.append("NOT LIKE FOR LIKE: the runs differ in ").append(String.join("; ", c.differences()))
                    .append(System.lineSeparator());
        }
        return out.toString();
    }

    private static String pad(String cell, int width) {
        // numbers right-aligned so their digits line up; verdicts and text left-aligned
        return !cell.isEmpty() && (Character.isDigit(cell.charAt(0)) || cell.equals("-"))
                ? String.format("%" + width + "s", cell) : String.format("%-" + width + "s", cell);
    }

    private static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    /** "15.20 (Debian 15.20-0+deb12u1)" -> "15.20". */
    private static String shortVersion(String version) {
        int space = version.indexOf(' ');
        return space > 0 ? version.substring(0, space) : version;
    }
}
