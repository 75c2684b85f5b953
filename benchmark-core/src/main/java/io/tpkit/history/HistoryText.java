package io.tpkit.history;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** A {@link History} as the console prints it: per group, one line per point, then its change points. */
public final class HistoryText {
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private HistoryText() {
    }

    public static String render(History h) {
        StringBuilder b = new StringBuilder();
        b.append("History of ").append(String.join(", ", h.folders())).append(": ").append(count(h.runs(), "run"));
        if (h.repetitionSets() > 0) {
            b.append(", ").append(count(h.repetitionSets(), "set")).append(" of repetitions (").append(h.repetitions())
                    .append(" runs; each set is one point, the mean of its repetitions that completed and passed "
                            + "their consistency checks)");
        }
        b.append(", in ").append(count(h.groups().size(), "group")).append('\n');
        for (History.Skipped s : h.skipped()) {
            b.append("skipped ").append(s.count()).append(' ').append(s.kind()).append(s.count() > 1 ? ", e.g. " : ": ")
                    .append(s.example()).append('\n');
        }
        b.append(wrap("", "Grouping: " + h.key() + ".", " "));
        b.append(wrap("", "Change points: " + h.method() + ". Runs that are incomplete or failed their consistency "
                + "checks" + (h.conformantOnly() ? ", and runs that are not conformant," : "")
                + " are shown, marked, and left out of the analysis.", " "));
        for (HistoryGroup g : h.groups()) {
            group(b, g, h.settings().permutations());
        }
        if (!h.closeGroups().isEmpty()) {
            b.append("\nGroups of one workload kept apart by their configuration (closest pairs):\n");
            h.closeGroups().forEach(c -> b.append("  ").append(c).append('\n'));
        }
        return b.toString();
    }

    private static void group(StringBuilder b, HistoryGroup g, int permutations) {
        List<HistoryPoint> points = g.points();
        String from = minute(points.getFirst().startedAt());
        String to = minute(points.getLast().startedAt());
        b.append("\nGroup ").append(g.number()).append(": ").append(g.name()).append(" (").append(count(points.size(),
                "point")).append(", ").append(from.equals(to) ? from : from + " to " + to).append(")\n");
        b.append(wrap("  key: ", g.key().entrySet().stream().filter(e -> !e.getKey().equals("workload"))
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")), ", "));
        b.append("  figure: ").append(g.figureLabel()).append('\n');
        if (!g.everyRunFails().isEmpty()) {
            b.append("  every point: non-standard: ").append(String.join(", ", g.everyRunFails())).append('\n');
        }
        String name = shortName(g);
        boolean tps = !g.figure().equals(RunFacts.TPS);
        boolean sets = points.stream().anyMatch(p -> p.kind().equals(HistoryPoint.REPETITIONS));
        int width = Math.max(10, name.length());
        b.append(String.format(Locale.ROOT, "  %4s  %-19s  %" + width + "s%s%s  %s%n", "run", "started", name,
                tps ? String.format(Locale.ROOT, "  %10s", "TPS") : "", sets ? "     n" : "", "marks"));
        for (HistoryPoint p : points) {
            b.append(String.format(Locale.ROOT, "  %4d  %-19s  %" + width + "s%s%s  %s", p.run(), second(p.startedAt()),
                    value(p.value()), tps ? String.format(Locale.ROOT, "  %10s", value(p.tps())) : "",
                    sets ? String.format(Locale.ROOT, "  %4s", p.repetitions() == null ? "1"
                            : p.repetitions() + "/" + p.repetitionsDone()) : "", String.join("; ", marks(g, p)))
                    .stripTrailing()).append('\n');
        }
        for (HistoryGroup.Change c : g.changes()) {
            b.append("  ").append(change(g, c, permutations)).append('\n');
            b.append("    between run ").append(c.lastBefore()).append(" (").append(folderName(g, c.lastBefore()))
                    .append(") and run ").append(c.firstAfter()).append(" (").append(folderName(g, c.firstAfter()))
                    .append(")");
            if (!c.alsoChanged().isEmpty()) {
                b.append("; also changed between them: ").append(String.join("; ", c.alsoChanged()));
            }
            b.append('\n');
            if (!c.nearby().isEmpty()) {
                b.append("    changed one run either side: ").append(String.join("; ", c.nearby())).append('\n');
            }
        }
        if (!g.segments().isEmpty() && !g.changes().isEmpty()) {
            b.append("  segments: ").append(g.segments().stream().map(s -> "runs " + s.fromRun() + "-" + s.toRun()
                    + " mean " + value(s.mean()) + " (" + count(s.n(), "point") + ")")
                    .collect(Collectors.joining(", "))).append('\n');
        }
        b.append("  ").append(g.note()).append('\n');
        if (!g.contextChanges().isEmpty()) {
            b.append("  changed along the series (not part of the key):\n");
            g.contextChanges().forEach(c -> b.append("    ").append(c).append('\n'));
        }
    }

    /** "change at run 12 (2026-11-03 14:02): NOPM 1,234 -> 1,050 (-14.9 %), p = 0.003 (e-divisive means, 199 permutations)". */
    public static String change(HistoryGroup g, HistoryGroup.Change c, int permutations) {
        return "change at run " + c.firstAfter() + " (" + minute(c.startedAt()) + "): " + shortName(g) + " "
                + value(c.meanBefore()) + " -> " + value(c.meanAfter()) + (c.relativePct() == null ? ""
                : String.format(Locale.ROOT, " (%+.1f %%)", c.relativePct())) + ", p = " + Histories.num(c.pValue())
                + " (" + io.tpkit.analysis.ChangePoints.METHOD + ", " + permutations + " permutations)";
    }

    private static List<String> marks(HistoryGroup g, HistoryPoint p) {
        List<String> marks = new ArrayList<>();
        if (!p.used()) {
            marks.add("LEFT OUT: " + p.leftOutBecause());
        } else if (p.kind().equals(HistoryPoint.REPETITIONS) && !p.repetitions().equals(p.repetitionsDone())) {
            marks.add(p.verdict().substring(0, p.verdict().indexOf(';')));
        }
        List<String> extra = p.failedRules().stream().filter(r -> !g.everyRunFails().contains(r))
                .filter(r -> !r.equals(io.tpkit.validity.Verdict.COMPLETE)).toList();
        if (!extra.isEmpty()) {
            marks.add("also not met: " + String.join(", ", extra));
        }
        if (Boolean.TRUE.equals(p.freshLoad())) {
            marks.add("loaded its data");
        }
        return marks;
    }

    /** The figure's short name: its label up to the first parenthesis ("NOPM", "TPS"). */
    public static String shortName(HistoryGroup g) {
        String label = g.figureLabel();
        int paren = label.indexOf(" (");
        return paren > 0 ? label.substring(0, paren) : label;
    }

    private static String folderName(HistoryGroup g, int run) {
        Path p = Path.of(g.points().get(run - 1).folder());
        return p.getFileName() == null ? p.toString() : p.getFileName().toString();
    }

    /** A figure as the history prints it: thousands separated, three significant digits at least. */
    public static String value(Double v) {
        if (v == null) {
            return "-";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 1000 ? "%,.0f" : a >= 100 ? "%.1f" : "%.2f", v);
    }

    /** A p-value to three significant digits: 0.005, 0.31, 1. */
    public static String p(double v) {
        return Histories.num(v);
    }

    /** A recorded timestamp ("2026-11-28T06:38:46.123456789+00:00") to the second: "2026-11-28 06:38:46". */
    public static String second(String startedAt) {
        return at(startedAt, SECOND);
    }

    static String minute(String startedAt) {
        return at(startedAt, MINUTE);
    }

    private static String at(String startedAt, DateTimeFormatter f) {
        if (startedAt == null) {
            return "?";
        }
        try {
            return OffsetDateTime.parse(startedAt).format(f);
        } catch (DateTimeParseException e) {
            return startedAt;
        }
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /**
     * {@code head} and the text, broken at {@code separator} (", " or " ") into lines of at most
     * 100 characters, the following lines indented under the text.
     */
    private static String wrap(String head, String text, String separator) {
        StringBuilder out = new StringBuilder(head);
        int line = head.length();
        String indent = " ".repeat(head.length());
        String[] parts = text.split(java.util.regex.Pattern.quote(separator));
        String keep = separator.strip();
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i] + (i + 1 < parts.length ? keep : "");
            if (line > head.length() && line + 1 + part.length() > 100) {
                out.append('\n').append(indent);
                line = indent.length();
            } else if (line > head.length()) {
                out.append(' ');
                line++;
            }
            out.append(part);
            line += part.length();
        }
        return out.append('\n').toString();
    }
}
