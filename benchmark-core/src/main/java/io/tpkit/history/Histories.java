package io.tpkit.history;

import io.tpkit.analysis.ChangePoints;
import io.tpkit.config.BadInputException;
import io.tpkit.metrics.HeadlineFigure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Builds a {@link History}: reads the folders, groups the runs, orders them and finds the change points. */
public final class Histories {
    /** More context changes than this along one series are counted, not listed. */
    private static final int CONTEXT_LINES = 20;

    private Histories() {
    }

    /**
     * @param folders        folders to search (recursively) for result folders and sets of repetitions
     * @param figure         the figure to follow ({@code tps} or a headline figure's id), or null for
     *                       each workload's headline figure
     * @param settings       the change-point search's parameters
     * @param conformantOnly leave runs that are not conformant out of the analysis too
     * @throws BadInputException when a folder does not exist, nothing was found, or no run has the figure
     */
    public static History of(List<Path> folders, String figure, ChangePoints.Settings settings,
                             boolean conformantOnly) {
        if (settings.smallestPValue() > settings.pValue()) {
            throw new BadInputException(String.format(Locale.ROOT, "%d permutations cannot show p <= %s: the smallest "
                    + "p-value they give is 1/(%d + 1); use --permutations %d or more", settings.permutations(),
                    num(settings.pValue()), settings.permutations(), (int) Math.ceil(1 / settings.pValue() - 1)));
        }
        HistoryFolders.Reading reading = HistoryFolders.read(folders);
        List<History.Skipped> skipped = new ArrayList<>();
        reading.skipped().forEach((kind, files) -> skipped.add(new History.Skipped(kind, files.size(),
                files.getFirst().toString())));
        String where = folders.stream().map(Path::toString).collect(Collectors.joining(", "));
        if (reading.found().isEmpty()) {
            throw new BadInputException("no tpkit result.json or repeat.json under " + where
                    + (skipped.isEmpty() ? "" : " (skipped: " + skipped.stream().map(s -> s.count() + " " + s.kind())
                    .collect(Collectors.joining(", ")) + ")") + ": give the folders that tpkit run --out wrote into");
        }
        String requested = figure == null ? null : figure.equalsIgnoreCase(RunFacts.TPS) ? RunFacts.TPS : figure;
        if (requested != null && reading.found().stream().flatMap(f -> f.facts().stream())
                .noneMatch(f -> f.values().containsKey(requested))) {
            Set<String> ids = new TreeSet<>();
            reading.found().forEach(f -> f.facts().forEach(r -> ids.addAll(r.values().keySet())));
            throw new BadInputException("no run under " + where + " has the figure '" + figure + "': choose one of "
                    + String.join(", ", ids));
        }
        Map<String, List<HistoryFolders.Found>> byKey = new LinkedHashMap<>();
        reading.found().stream()
                .sorted(Comparator.comparing(HistoryFolders.Found::at).thenComparing(f -> f.folder().toString()))
                .forEach(f -> byKey.computeIfAbsent(f.workload() + "\n" + f.key(), k -> new ArrayList<>()).add(f));
        List<List<HistoryFolders.Found>> series = new ArrayList<>(byKey.values());
        series.sort(Comparator.comparing((List<HistoryFolders.Found> s) -> s.getFirst().workload())
                .thenComparing(s -> s.getFirst().at()));
        List<String> names = names(series);
        List<HistoryGroup> groups = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            groups.add(group(i + 1, series.get(i), names.get(i), requested, settings, conformantOnly));
        }
        return new History(History.TOOL, folders.stream().map(Path::toString).toList(), method(settings), settings,
                conformantOnly, requested, keyText(), GroupingKey.LEFT_OUT, reading.runs(), reading.repetitionSets(),
                reading.repetitions(), skipped, groups, closeGroups(groups), null);
    }

    /** The method and its parameters, in words. */
    static String method(ChangePoints.Settings s) {
        return String.format(Locale.ROOT, "%s (Matteson & James, JASA 2014): energy statistic with alpha = 1, the best "
                + "split of each segment tested by %d permutations within the segments (seed %d), a change point when "
                + "p <= %s, at least %d points on either side, segments split again until no split is significant",
                ChangePoints.METHOD, s.permutations(), s.seed(), num(s.pValue()), s.minSize());
    }

    private static String keyText() {
        return "runs are one series when they ran the same workload on the same database product with the same "
                + "configuration as result.json records it (the target with any password masked; where an option "
                + "was left to its default, the value the run had); left out of the key: "
                + String.join(", ", GroupingKey.LEFT_OUT.keySet()) + ". The server's version and settings, tpkit, "
                + "Java and the machine are not part of the key: where they change along a series, it is said";
    }

    private static HistoryGroup group(int number, List<HistoryFolders.Found> found, String name, String requested,
                                      ChangePoints.Settings settings, boolean conformantOnly) {
        HistoryFolders.Found first = found.getFirst();
        String figure = requested != null ? requested : defaultFigure(first.workload(), found);
        HeadlineFigure label = found.stream().flatMap(f -> f.facts().stream())
                .map(f -> f.figures().get(figure)).filter(Objects::nonNull).findFirst().orElse(null);
        String figureLabel = figure.equals(RunFacts.TPS) ? RunFacts.TPS_LABEL : label != null ? label.label() : figure;
        String unit = figure.equals(RunFacts.TPS) ? HeadlineFigure.PER_SECOND : label != null ? label.unit() : null;
        List<HistoryPoint> points = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            points.add(point(i + 1, found.get(i), figure, conformantOnly));
        }
        List<String> common = null;
        for (HistoryPoint p : points) {
            if (common == null) {
                common = new ArrayList<>(p.failedRules());
            } else {
                common.retainAll(p.failedRules());
            }
        }
        List<HistoryPoint> used = points.stream().filter(HistoryPoint::used).toList();
        List<HistoryGroup.Change> changes = new ArrayList<>();
        List<HistoryGroup.Segment> segments = new ArrayList<>();
        String note;
        boolean any = found.stream().flatMap(f -> f.facts().stream()).anyMatch(f -> f.values().containsKey(figure));
        if (!any) {
            Set<String> ids = new TreeSet<>();
            found.forEach(f -> f.facts().forEach(r -> ids.addAll(r.values().keySet())));
            note = "no change points: these runs have no figure '" + figure + "' (they have " + String.join(", ", ids)
                    + ")";
        } else if (used.size() < 2 * settings.minSize()) {
            note = "no change points: " + used.size() + " point" + (used.size() == 1 ? "" : "s") + " fit for the "
                    + "analysis, at least " + 2 * settings.minSize() + " needed (twice --min-size " + settings.minSize()
                    + ")";
        } else {
            double[] values = used.stream().mapToDouble(HistoryPoint::value).toArray();
            ChangePoints.Result r = ChangePoints.find(values, settings);
            for (ChangePoints.Change c : r.changes()) {
                HistoryPoint before = used.get(c.index() - 1);
                HistoryPoint after = used.get(c.index());
                List<String> nearby = new ArrayList<>();
                for (int at : new int[] {before.run(), after.run() + 1}) {
                    List<String> d = at < 2 || at > points.size() ? List.of()
                            : differences(points.get(at - 2).context(), points.get(at - 1).context());
                    if (!d.isEmpty()) {
                        nearby.add("run " + at + ": " + String.join("; ", d));
                    }
                }
                changes.add(new HistoryGroup.Change(before.run(), after.run(), after.startedAt(), c.meanBefore(),
                        c.meanAfter(), c.relativePct(), c.pValue(), c.statistic(), differences(before.context(),
                        after.context()), nearby));
            }
            for (ChangePoints.Segment s : r.segments()) {
                segments.add(new HistoryGroup.Segment(used.get(s.from()).run(), used.get(s.to() - 1).run(),
                        s.to() - s.from(), s.mean()));
            }
            String tested = r.rejected() == null ? "no segment is long enough to split further"
                    : String.format(Locale.ROOT, "the best %ssplit, before run %d, has p = %s > %s",
                    r.changes().isEmpty() ? "" : "further ", used.get(r.rejected().index()).run(),
                    num(r.rejected().pValue()), num(settings.pValue()));
            note = (r.changes().isEmpty() ? "no change point" : r.changes().size() == 1 ? "1 change point"
                    : r.changes().size() + " change points") + " among " + used.size() + " points; " + tested;
        }
        int left = points.size() - used.size();
        if (left > 0) {
            note += "; " + left + " point" + (left == 1 ? "" : "s") + " left out of the analysis (marked)";
        }
        return new HistoryGroup(number, name, first.workload(), first.product(), first.target(), first.key(), figure,
                figureLabel, unit, common == null ? List.of() : common, points, changes, segments, note,
                contextChanges(points));
    }

    /**
     * The workload's own throughput figure when it names one (HPSS), otherwise the first of the
     * headline figures that the runs have a value of (TPC-C: NOPM), otherwise TPS.
     */
    private static String defaultFigure(String workload, List<HistoryFolders.Found> found) {
        Set<String> have = new LinkedHashSet<>();
        found.forEach(f -> f.facts().forEach(r -> r.figures().keySet().forEach(id -> {
            if (r.values().containsKey(id)) {
                have.add(id);
            }
        })));
        found.forEach(f -> f.facts().forEach(r -> r.values().keySet().forEach(have::add)));
        try {
            String own = io.tpkit.spi.Plugins.workload(workload).throughputFigure().orElse(null);
            if (own != null && have.contains(own)) {
                return own;
            }
        } catch (RuntimeException e) {
            // a workload this tpkit does not carry: its runs' own headline decides
        }
        return have.stream().filter(id -> !id.equals(RunFacts.TPS)).findFirst().orElse(RunFacts.TPS);
    }

    private static HistoryPoint point(int run, HistoryFolders.Found f, String figure, boolean conformantOnly) {
        if (f.kind().equals(HistoryPoint.RUN)) {
            RunFacts r = f.facts().getFirst();
            String why = !r.complete() ? "incomplete (interrupted)" : !r.consistent() ? "consistency checks failed"
                    : !r.values().containsKey(figure) ? "no " + figure
                    : conformantOnly && !r.conformant() ? "not conformant (--conformant-only)" : null;
            return new HistoryPoint(run, f.kind(), f.folder().toString(), f.startedAt(), r.values().get(figure),
                    r.values().get(RunFacts.TPS), null, null, r.verdict(), r.failedRules(), r.complete(),
                    r.consistent(), r.freshLoad(), why == null, why, r.context());
        }
        List<RunFacts> used = new ArrayList<>();
        Map<String, Integer> out = new LinkedHashMap<>();
        for (RunFacts r : f.facts()) {
            String why = !r.complete() ? "incomplete" : !r.consistent() ? "consistency failed"
                    : !r.values().containsKey(figure) ? "no " + figure
                    : conformantOnly && !r.conformant() ? "not conformant" : null;
            if (why == null) {
                used.add(r);
            } else {
                out.merge(why, 1, Integer::sum);
            }
        }
        String outText = out.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", "));
        Double value = mean(used, figure);
        Double tps = mean(used, RunFacts.TPS);
        Set<String> rules = new LinkedHashSet<>();
        (used.isEmpty() ? f.facts() : used).forEach(r -> rules.addAll(r.failedRules()));
        String verdict = used.size() + " of " + f.facts().size() + " repetitions used" + (out.isEmpty() ? ""
                : " (" + outText + ")") + (rules.isEmpty() ? "; conformant" : "; non-standard: "
                + String.join(", ", rules));
        RunFacts context = used.isEmpty() ? f.facts().isEmpty() ? null : f.facts().getFirst() : used.getFirst();
        String why = used.isEmpty() ? "no usable repetition" + (outText.isEmpty() ? "" : " (" + outText + ")") : null;
        return new HistoryPoint(run, f.kind(), f.folder().toString(), f.startedAt(), value, tps, used.size(),
                f.facts().size(), verdict, List.copyOf(rules), f.facts().stream().allMatch(RunFacts::complete),
                f.facts().stream().allMatch(RunFacts::consistent), null, why == null, why,
                context == null ? Map.of() : context.context());
    }

    private static Double mean(List<RunFacts> runs, String figure) {
        List<Double> v = runs.stream().map(r -> r.values().get(figure)).filter(Objects::nonNull).toList();
        return v.isEmpty() ? null : v.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    /** "setting commit_delay 0 -> 1000" for each context value that differs. */
    static List<String> differences(Map<String, String> before, Map<String, String> after) {
        Set<String> keys = new LinkedHashSet<>(before.keySet());
        keys.addAll(after.keySet());
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            String a = before.get(k);
            String b = after.get(k);
            if (a != null && b != null && !a.equals(b)) {
                out.add(k + " " + a + " -> " + b);
            }
        }
        return out;
    }

    private static List<String> contextChanges(List<HistoryPoint> points) {
        List<String> out = new ArrayList<>();
        int more = 0;
        for (int i = 1; i < points.size(); i++) {
            List<String> d = differences(points.get(i - 1).context(), points.get(i).context());
            if (d.isEmpty()) {
                continue;
            }
            if (out.size() < CONTEXT_LINES) {
                out.add("run " + points.get(i).run() + ": " + String.join("; ", d));
            } else {
                more++;
            }
        }
        if (more > 0) {
            out.add("... and at " + more + " more runs (history.json holds each run's context)");
        }
        return out;
    }

    /**
     * Each group's name: workload, product and target, and the keys whose values differ among the
     * groups of its workload.
     */
    private static List<String> names(List<List<HistoryFolders.Found>> series) {
        List<String> names = new ArrayList<>();
        for (List<HistoryFolders.Found> s : series) {
            HistoryFolders.Found f = s.getFirst();
            List<Map<String, String>> others = series.stream().map(o -> o.getFirst())
                    .filter(o -> o.workload().equals(f.workload())).map(HistoryFolders.Found::key).toList();
            Set<String> varying = new TreeSet<>();
            for (Map<String, String> o : others) {
                Set<String> keys = new TreeSet<>(o.keySet());
                keys.addAll(f.key().keySet());
                keys.stream().filter(k -> !Objects.equals(o.get(k), f.key().get(k))).forEach(varying::add);
            }
            varying.removeAll(List.of("product", "target", "workload"));
            String extra = varying.stream().limit(4).map(k -> k + " " + f.key().getOrDefault(k, "-"))
                    .collect(Collectors.joining(", "));
            names.add(f.workload() + " on " + f.product() + ", " + f.target() + (extra.isEmpty() ? ""
                    : ", " + extra + (varying.size() > 4 ? ", ..." : "")));
        }
        return names;
    }

    /**
     * For each group, the group of the same workload closest to it (fewest keys apart) and the
     * keys they differ in: what kept runs apart that a user may have expected in one series.
     */
    private static List<String> closeGroups(List<HistoryGroup> groups) {
        Set<String> pairs = new LinkedHashSet<>();
        for (HistoryGroup g : groups) {
            HistoryGroup nearest = null;
            List<String> nearestDiff = null;
            for (HistoryGroup h : groups) {
                if (h == g || !h.workload().equals(g.workload())) {
                    continue;
                }
                List<String> d = keyDifferences(g.key(), h.key());
                if (nearestDiff == null || d.size() < nearestDiff.size()) {
                    nearest = h;
                    nearestDiff = d;
                }
            }
            if (nearest != null) {
                HistoryGroup a = g.number() < nearest.number() ? g : nearest;
                HistoryGroup b = a == g ? nearest : g;
                List<String> d = keyDifferences(a.key(), b.key());
                pairs.add("groups " + a.number() + " and " + b.number() + " (" + g.workload() + ") differ in "
                        + (d.size() <= 5 ? String.join("; ", d) : String.join("; ", d.subList(0, 5)) + "; and "
                        + (d.size() - 5) + " more keys"));
            }
        }
        return List.copyOf(pairs);
    }

    private static List<String> keyDifferences(Map<String, String> a, Map<String, String> b) {
        Set<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys.stream().filter(k -> !Objects.equals(a.get(k), b.get(k)))
                .map(k -> k + ": " + a.getOrDefault(k, "(not set)") + " | " + b.getOrDefault(k, "(not set)")).toList();
    }

    /** A p-value or threshold to three significant digits: 0.005, 0.31, 1. */
    static String num(double v) {
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
