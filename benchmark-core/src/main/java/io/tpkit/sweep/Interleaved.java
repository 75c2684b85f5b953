package io.tpkit.sweep;

import io.tpkit.compare.ComparedRuns;
import io.tpkit.compare.Comparison;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.compare.Comparisons;
import io.tpkit.compare.Gate;
import io.tpkit.compare.Judgement;
import io.tpkit.compare.RunDifferences;
import io.tpkit.compare.RunOrder;
import io.tpkit.compare.RunSet;
import io.tpkit.compare.UsableRuns;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.TargetText;
import io.tpkit.files.Folders;
import io.tpkit.report.ComparisonFolder;
import io.tpkit.result.DatabaseSection;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.RunResult;
import io.tpkit.result.Sections;
import io.tpkit.result.StartingDataSection;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Series;
import io.tpkit.runner.StartingData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The variants of a comparison (targets, logics, a setting's values) run N times each, interleaved
 * in a balanced order ({@link RunOrder#balanced}: A B | B A | A B ...), so that a drift of the
 * machine falls on every variant alike, then compared with each judged figure's interval and
 * verdict, round by round: the runs of a round ran minutes apart and are a pair
 * ({@link io.tpkit.compare.RoundPairs}, the interval for paired means).
 *
 * <p>Every distinct target is started once, before the first run, and stays up until the last:
 * variants that differ only in how they run (the logic, the isolation...) share one target, its
 * data and its copy of the data ({@link Series}); variants that need a server of their own (a
 * server setting, another target, other data) get one each, and the servers tpkit starts then
 * run side by side. Each run starts from the same data of its own target ({@link StartingData}:
 * restored from a copy made once after the load, before every run, the first included; or
 * loaded again where no copy can be kept). The runs of a round share a seed (the same input
 * streams); each round has the next one.
 *
 * <p>Everything goes into one folder, {@code compare-WORKLOAD-...}, made before the first run:
 * a folder per variant ({@code A-logic-client/}) that holds its runs' result folders as they
 * finish and, at the end, its repeat.json (so that {@code tpkit compare A-... B-...} compares
 * them again, as repeat folders, or as folders of result folders when the command was killed
 * before it wrote them), then the comparison's own files beside them. Each repeat.json names the
 * comparison (an id drawn when it starts) and each run's round, so that its variants compared
 * again pair their runs as the comparison did; folders of result folders carry no rounds and are
 * compared as independent samples.
 */
public final class Interleaved {
    private Interleaved() {
    }

    /** A variant: its letter, what tells it from the others, its folder and its run of each round. */
    private record Variant(int index, String letter, String description, Path folder, List<BenchmarkConfig> rounds) {
    }

    /** The variants that share one target (and its data), with their series once opened. */
    private static final class Group {
        final List<Variant> variants = new ArrayList<>();
        Series series;
        /** tpkit started the group's server (embedded, container). */
        boolean owns;

        BenchmarkConfig first() {
            return variants.getFirst().rounds().getFirst();
        }

        String letters() {
            return String.join(", ", variants.stream().map(Variant::letter).toList());
        }

        String target() {
            BenchmarkConfig c = first();
            StringBuilder b = new StringBuilder(TargetText.redact(c.target()));
            if (!c.serverSettings().isEmpty()) {
                List<String> each = new ArrayList<>();
                c.serverSettings().forEach((k, v) -> each.add(k + "=" + v));
                b.append(" with ").append(String.join(", ", each));
            }
            return b.toString();
        }
    }

    /**
     * Runs {@code rounds} rounds of every variant, interleaved, and compares them (the first
     * variant is the baseline).
     *
     * @param variants  one configuration per variant, of one workload
     * @param rounds    the runs of every variant (2 or more)
     * @param sameData  each run from the same data (true), or on the data as the previous run on
     *                  its target left it ({@code --no-reset})
     * @param gate      the regression gate, or null
     * @return the comparison, every run in the order it ran, and the comparison's folder
     */
    public static ComparedRuns run(List<BenchmarkConfig> variants, int rounds, boolean sameData, Judgement judgement,
                                   Gate gate, RunListener listener, RunControl control) throws Exception {
        if (variants.size() < 2) {
            throw new BadInputException("compare needs at least two variants: give --db twice or more, compare the "
                    + "two logics with --logic client,procedure, or a setting with --vary-setting NAME=A,B");
        }
        if (rounds < 2) {
            throw new BadInputException("--repeat needs at least 2 runs of each variant to measure a spread (got "
                    + rounds + ")");
        }
        if (gate != null) {
            Gate.requireRepetitions(rounds);
        }
        BenchmarkConfig base = variants.getFirst();
        for (BenchmarkConfig c : variants) {
            if (!c.workload().equals(base.workload())) {
                throw new BadInputException("compare runs one workload: got " + base.workload() + " and " + c.workload());
            }
            if (c.partition() != null) {
                throw new BadInputException("compare runs whole runs, not parts of a split run (--partition)");
            }
            Series.shape(c); // every configuration checked before anything starts or is written
        }
        refuseSharedDatabases(variants);
        Set<String> varied = RunDifferences.varied(variants);
        boolean targetsDiffer = variants.stream().map(BenchmarkConfig::target).distinct().count() > 1;
        List<List<Integer>> order = RunOrder.balanced(variants.size(), rounds);
        String startedAt = OffsetDateTime.now().toString();
        // names this comparison in every variant's repeat.json, so that its variants pair round by round again later
        String id = java.util.UUID.randomUUID().toString();

        Path top = folder(base, variants.size(), rounds);
        boolean anyRun = false;
        List<Group> groups = new ArrayList<>();
        try {
            List<Variant> vs = new ArrayList<>();
            for (int v = 0; v < variants.size(); v++) {
                BenchmarkConfig c = variants.get(v);
                String letter = RunOrder.letter(v);
                String description = describe(c, varied, targetsDiffer);
                Path dir = Files.createDirectory(top.resolve(letter + "-" + fileName(description)));
                List<BenchmarkConfig> each = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    each.add(c.toBuilder().seed(c.seed() + r).outDir(dir).build());
                }
                vs.add(new Variant(v, letter, description, dir, each));
            }
            groups = groups(vs);
            listener.message("order: " + RunOrder.text(order) + " (" + RunOrder.how(rounds) + ")");
            vs.forEach(v -> listener.message(v.letter() + ": " + v.description() + ", runs in " + v.folder()));
            open(groups, order, vs, sameData, listener);

            List<List<RunResult>> byVariant = new ArrayList<>();
            List<List<Integer>> roundsOf = new ArrayList<>(); // each variant's runs' rounds, from 1
            vs.forEach(v -> {
                byVariant.add(new ArrayList<>());
                roundsOf.add(new ArrayList<>());
            });
            List<RunResult> inOrder = new ArrayList<>();
            List<int[]> ran = new ArrayList<>(); // each run's round and variant
            int total = rounds * vs.size();
            rounds:
            for (int r = 0; r < rounds; r++) {
                for (int v : order.get(r)) {
                    if (control.aborted()) {
                        break rounds;
                    }
                    Variant variant = vs.get(v);
                    BenchmarkConfig c = variant.rounds().get(r);
                    listener.message(String.format(Locale.ROOT, "run %d of %d: round %d of %d, %s (%s), seed %d",
                            inOrder.size() + 1, total, r + 1, rounds, variant.letter(), variant.description(), c.seed()));
                    RunResult result;
                    try {
                        result = groupOf(groups, variant).series.run(c, listener, control);
                    } catch (Exception | Error e) {
                        if (anyRun) {
                            listener.message("the comparison stopped at run " + (inOrder.size() + 1) + "; the runs "
                                    + "finished are in " + top + " ('tpkit compare' takes the variants' folders)");
                        }
                        throw e;
                    }
                    anyRun = true;
                    byVariant.get(v).add(result);
                    roundsOf.get(v).add(r + 1);
                    inOrder.add(result);
                    ran.add(new int[] {r, v});
                }
            }
            if (!anyRun) {
                throw new BadInputException("the comparison was interrupted before its first run ended: nothing to "
                        + "compare");
            }
            String finishedAt = OffsetDateTime.now().toString();
            Map<Group, StartingData.Summary> data = new LinkedHashMap<>();
            for (Group g : groups) {
                data.put(g, g.series.startingData(fresh(g.first(), sameData) ? STARTS_EMPTY : null));
            }
            closeAll(groups);

            for (Variant v : vs) {
                List<RunResult> runs = byVariant.get(v.index());
                if (!runs.isEmpty()) {
                    Group g = groupOf(groups, v);
                    StartingData.Summary s = ofVariant(data.get(g), runs);
                    RepeatResult record = RepeatResult.of(rounds, judgement.level(), SEEDS, s.text("run"), s, runs,
                            targetDescription(g), startedAt, finishedAt, control.aborted(), v.folder().toString(),
                            new RepeatResult.Interleaving(id, top.toString(), v.letter()), roundsOf.get(v.index()));
                    RepeatFiles.writeInto(v.folder(), record);
                }
            }
            List<RunSet> sets = new ArrayList<>();
            for (Variant v : vs) {
                if (byVariant.get(v.index()).stream().noneMatch(x -> UsableRuns.whyNotUsable(x) == null)) {
                    throw new BadInputException((control.aborted() ? "the comparison was interrupted before " : "")
                            + v.letter() + " (" + v.description() + ") had a usable run: nothing to compare; "
                            + "the runs done are in " + top);
                }
                // the runs of a round are a pair: the comparison judges each figure round by round
                sets.add(RunSet.of(v.folder().toString(), byVariant.get(v.index()), roundsOf.get(v.index()), rounds, id));
            }
            Comparison c = Comparisons.ofSets(sets, varied, judgement);
            c = c.withOrder(runOrder(c, order, rounds, vs, groups, data, inOrder, ran));
            if (gate != null) {
                c = c.withGate(gate.judge(c));
            }
            return new ComparedRuns(c, inOrder, ComparisonFolder.writeInto(top, c));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write into " + top, e);
        } finally {
            closeAll(groups);
            if (!anyRun) {
                Folders.deleteQuietly(top); // nothing measured: leave nothing behind
            }
        }
    }

    static final String SEEDS = "the comparison's seed plus the round (0, 1, 2...): the runs of a round draw the "
            + "same inputs, each round others from the same distributions";
    private static final String STARTS_EMPTY = "the workload starts on empty tables";

    /** The comparison's folder, made at once so that an unwritable --out is refused before anything runs. */
    private static Path folder(BenchmarkConfig base, int variants, int rounds) {
        ResultFolder f = ResultFolder.create(base.outDir(), "compare-" + base.workload(),
                variants + "x" + rounds + "-runs");
        return f.commit();
    }

    /**
     * Variants grouped by what their target and data are: the target with its user, data
     * directory, container limits and server settings, and the workload's scale, options and
     * load policy. Variants of one group share a server and a copy of the data (two groups that
     * would share one database are refused first: {@link #refuseSharedDatabases}).
     */
    private static List<Group> groups(List<Variant> variants) {
        Map<String, Group> byKey = new LinkedHashMap<>();
        for (Variant v : variants) {
            byKey.computeIfAbsent(key(v.rounds().getFirst()), k -> new Group()).variants.add(v);
        }
        return new ArrayList<>(byKey.values());
    }

    /** Refuses variants that need data or a server of their own but would share one database. */
    private static void refuseSharedDatabases(List<BenchmarkConfig> variants) {
        Map<String, List<Integer>> byKey = new LinkedHashMap<>();
        for (int v = 0; v < variants.size(); v++) {
            byKey.computeIfAbsent(key(variants.get(v)), k -> new ArrayList<>()).add(v);
        }
        List<List<Integer>> groups = new ArrayList<>(byKey.values());
        for (int i = 0; i < groups.size(); i++) {
            for (int j = i + 1; j < groups.size(); j++) {
                BenchmarkConfig a = variants.get(groups.get(i).getFirst());
                BenchmarkConfig b = variants.get(groups.get(j).getFirst());
                boolean sameUrl = a.target().startsWith("jdbc:") && a.target().equals(b.target());
                boolean sameDir = a.dataDir() != null && b.dataDir() != null
                        && a.dataDir().toAbsolutePath().normalize().equals(b.dataDir().toAbsolutePath().normalize());
                if (sameUrl || sameDir) {
                    throw new BadInputException("variants " + letters(groups.get(i)) + " and " + letters(groups.get(j))
                            + " need data or a server of their own (their scale, workload options, load or server "
                            + "settings differ) but would share " + (sameUrl ? "the database "
                            + TargetText.redact(a.target()) : "--data-dir " + a.dataDir()) + ": compare them in two "
                            + "commands, or give each its own " + (sameUrl ? "database" : "--data-dir"));
                }
            }
        }
    }

    private static String letters(List<Integer> variants) {
        return String.join(", ", variants.stream().map(RunOrder::letter).toList());
    }

    private static String key(BenchmarkConfig c) {
        return String.join("\u0000", c.workload(), c.target(), String.valueOf(c.user()), String.valueOf(c.password()),
                String.valueOf(c.dataDir() == null ? null : c.dataDir().toAbsolutePath().normalize()),
                c.containerResources().options(), c.serverSettings().toString(), String.valueOf(c.scale()),
                new java.util.TreeMap<>(c.options()).toString(), c.loadPolicy().name());
    }

    private static Group groupOf(List<Group> groups, Variant v) {
        return groups.stream().filter(g -> g.variants.contains(v)).findFirst().orElseThrow();
    }

    /** Starts every target, checking each run against its server's connection limit first. */
    private static void open(List<Group> groups, List<List<Integer>> order, List<Variant> vs, boolean sameData,
                             RunListener listener) {
        long owned = 0;
        for (Group g : groups) {
            List<BenchmarkConfig> configs = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            for (int r = 0; r < order.size(); r++) {
                for (int v : order.get(r)) {
                    Variant variant = vs.get(v);
                    if (g.variants.contains(variant)) {
                        configs.add(variant.rounds().get(r));
                        labels.add(variant.letter() + " (" + variant.description() + ")");
                    }
                }
            }
            listener.message("starting the target of " + g.letters() + ": " + g.target()
                    + (groups.size() > 1 ? " (it stays up until the last run of the comparison)" : ""));
            g.series = Series.open(configs, labels, StartingData.Ask.of(g.first(), sameData), listener);
            g.owns = g.series.ownsServer();
            owned += g.owns ? 1 : 0;
        }
        if (owned > 1) {
            listener.message(owned + " servers tpkit started run side by side until the last run (an idle one "
                    + "costs little CPU but keeps its memory)");
        }
    }

    private static void closeAll(List<Group> groups) {
        for (Group g : groups) {
            if (g.series != null) {
                try {
                    g.series.close();
                } finally {
                    g.series = null;
                }
            }
        }
    }

    /** A workload measured from the empty tables its load leaves (HPSS) is loaded afresh before every run. */
    private static boolean fresh(BenchmarkConfig c, boolean sameData) {
        return StartingData.Ask.of(c, sameData) == StartingData.Ask.RELOAD && c.loadPolicy() == LoadPolicy.IF_EMPTY;
    }

    /** The series' summary with this variant's restores or reloads only (the target may be shared). */
    private static StartingData.Summary ofVariant(StartingData.Summary s, List<RunResult> runs) {
        List<Double> seconds = new ArrayList<>();
        for (RunResult r : runs) {
            if (r.database() != null && r.database().startingData() != null
                    && r.database().startingData().seconds() != null) {
                seconds.add(r.database().startingData().seconds());
            }
        }
        return new StartingData.Summary(s.method(), s.sameData(), s.asked(), s.copy(), s.copySeconds(), seconds,
                s.load(), s.fallback());
    }

    private static Map<String, Object> targetDescription(Group g) {
        // the series is closed by now: its record is its first configuration's target, redacted
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", TargetText.redact(g.first().target()));
        if (!g.first().serverSettings().isEmpty()) {
            m.put("serverSettings", g.first().serverSettings());
        }
        m.put("sharedWith", g.letters());
        return m;
    }

    private static RunOrder runOrder(Comparison c, List<List<Integer>> order, int rounds, List<Variant> vs,
                                     List<Group> groups, Map<Group, StartingData.Summary> data,
                                     List<RunResult> inOrder, List<int[]> ran) {
        List<String> letters = new ArrayList<>();
        for (Variant v : vs) {
            letters.add(v.letter() + " = " + ComparisonTable.name(c, v.index()));
        }
        List<String> dataLines = new ArrayList<>();
        data.forEach((g, s) -> dataLines.add(g.letters() + " on " + g.target() + ": " + s.text("run")));
        long owned = groups.stream().filter(g -> g.owns).count();
        String targets = groups.size() + (groups.size() == 1 ? " target, started once and up" : " targets, each started "
                + "once and up") + " from the first run to the last: " + String.join("; ", groups.stream()
                .map(g -> g.target() + " (" + g.letters() + ")").toList())
                + (owned > 1 ? "; the " + owned + " servers tpkit started ran side by side (an idle one costs little "
                + "CPU but keeps its memory)" : "");
        List<RunOrder.Slot> slots = new ArrayList<>();
        for (int i = 0; i < inOrder.size(); i++) {
            RunResult r = inOrder.get(i);
            int round = ran.get(i)[0];
            Variant v = vs.get(ran.get(i)[1]);
            DatabaseSection db = r.database() == null ? Sections.empty(DatabaseSection.class) : r.database();
            slots.add(new RunOrder.Slot(i + 1, round + 1, v.letter(), v.index() + 1, v.rounds().get(round).seed(),
                    r.resultDir(), start(db.startingData()), db.transactionsBefore(), SweepResult.tps(r),
                    UsableRuns.whyNotUsable(r)));
        }
        return new RunOrder(RunOrder.text(order), RunOrder.how(rounds), letters, slots, dataLines, targets);
    }

    /** What a run started from, in a few words, from its result.json's {@code database.startingData}. */
    private static String start(StartingDataSection startingData) {
        if (startingData == null) {
            return null;
        }
        String seconds = startingData.seconds() != null ? String.format(Locale.ROOT, " in %.2f s",
                startingData.seconds()) : "";
        return switch (String.valueOf(startingData.method())) {
            case StartingDataSection.RESTORE -> "restored from the copy" + seconds;
            case StartingDataSection.RELOAD -> "loaded again" + seconds;
            default -> "the data as left";
        };
    }

    /** What tells a variant from the others: its target where targets differ, and its values of the keys varied. */
    private static String describe(BenchmarkConfig c, Set<String> varied, boolean targetsDiffer) {
        List<String> parts = new ArrayList<>();
        if (targetsDiffer) {
            parts.add(TargetText.redact(c.target()));
        }
        Map<String, String> flat = RunDifferences.flattened(c.describe());
        for (String k : varied) {
            parts.add(k.replaceFirst("^serverSettings\\.", "") + " " + (flat.get(k) == null ? "default" : flat.get(k)));
        }
        return parts.isEmpty() ? TargetText.redact(c.target()) : String.join(", ", parts);
    }

    /** A variant's description as part of a folder's name. */
    static String fileName(String description) {
        String s = description.replaceFirst("^jdbc:", "").replaceAll("\\?.*$", "")
                .replaceAll("[^A-Za-z0-9._=-]+", "-").replaceAll("^-+|-+$", "");
        return s.length() > 60 ? s.substring(0, 60) : s;
    }
}
