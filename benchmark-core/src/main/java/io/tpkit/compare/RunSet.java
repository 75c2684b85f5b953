package io.tpkit.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.config.BadInputException;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One side of a comparison: the runs of one configuration, those the usable-run rule
 * ({@link UsableRuns}) keeps, and how many it left out and why. Read from a result folder (one
 * run), a repeat folder ({@code tpkit run --repeat}: its repetitions' result folders, found
 * where repeat.json says or beside the repeat folder when the folders were moved together), or a
 * folder that holds result folders of one configuration (a copy of a JUnit test's
 * {@code target/tpkit-results}); or made from runs in memory.
 *
 * @param source where the runs come from (a folder), or "" for runs in memory
 * @param kind   {@value #RUN}, {@value #REPEAT} or {@value #RUNS}
 * @param usable the runs used and the tally of those left out
 * @param rounds the rounds of an interleaved comparison its runs ran in, or null when they did not
 *               run in one (or it recorded no rounds): sides of one interleaved comparison are
 *               compared round by round ({@link RoundPairs})
 */
public record RunSet(String source, String kind, UsableRuns usable, Rounds rounds) {
    /**
     * The rounds of an interleaved comparison ({@code tpkit compare WORKLOAD ... --repeat N}) a
     * variant's runs ran in: round r holds one run of every variant, run minutes apart.
     *
     * @param comparison the comparison's id, the same for all its variants (and only theirs)
     * @param used       the round of each run used, from 1, in the order of {@link #runs()}
     * @param leftOut    the other rounds, up to {@code total}, each with why it has no usable run
     *                   ({@link UsableRuns}: incomplete, failed, inconsistent, missing, not run)
     * @param total      the rounds the comparison asked for
     */
    public record Rounds(String comparison, List<Integer> used, Map<Integer, String> leftOut, int total) {
        public Rounds {
            used = List.copyOf(used);
            leftOut = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(leftOut));
        }

        /**
         * The rounds of {@code runs} ({@code rounds.get(i)} is the round of {@code runs.get(i)}), each
         * judged by the usable-run rule as {@link UsableRuns#of} judges it.
         *
         * @param absent rounds without a result to judge, with why (missing, not run)
         */
        static Rounds of(String comparison, List<RunResult> runs, List<Integer> rounds, Map<Integer, String> absent,
                         int total) {
            List<Integer> used = new ArrayList<>();
            Map<Integer, String> leftOut = new java.util.HashMap<>(absent);
            for (int i = 0; i < runs.size(); i++) {
                String why = UsableRuns.whyNotUsable(runs.get(i));
                if (why == null) {
                    used.add(rounds.get(i));
                } else {
                    leftOut.put(rounds.get(i), why);
                }
            }
            for (int r = 1; r <= total; r++) {
                if (!used.contains(r)) {
                    leftOut.putIfAbsent(r, UsableRuns.NOT_RUN);
                }
            }
            return new Rounds(comparison, used, leftOut, total);
        }
    }

    public RunSet(String source, String kind, UsableRuns usable) {
        this(source, kind, usable, null);
    }

    /** Whether this set and {@code other} are variants of one interleaved comparison, their runs paired by round. */
    boolean pairsWith(RunSet other) {
        return rounds != null && other.rounds != null && rounds.comparison() != null
                && rounds.comparison().equals(other.rounds.comparison());
    }

    /** A single result folder. */
    public static final String RUN = "run";
    /** A repeat folder. */
    public static final String REPEAT = "repeat";
    /** A folder of result folders, or runs given in memory. */
    public static final String RUNS = "runs";

    /** The runs that enter the statistics. */
    public List<RunResult> runs() {
        return usable.used();
    }

    public RunsUsed counts() {
        return usable.counts();
    }

    /** The run that stands for the set where one run's description is needed (its target, configuration). */
    public RunResult first() {
        return usable.used().getFirst();
    }

    /** Runs of one configuration (repetitions), judged by the usable-run rule when there are several. */
    public static RunSet of(List<RunResult> runs) {
        if (runs.isEmpty()) {
            throw new BadInputException("a side of a comparison needs at least one run");
        }
        if (runs.size() == 1) {
            return new RunSet(runs.getFirst().resultDir() == null ? "" : runs.getFirst().resultDir(), RUN,
                    UsableRuns.single(runs.getFirst()));
        }
        return checked(new RunSet("", RUNS, UsableRuns.of(runs)), "the runs given");
    }

    /**
     * The runs of one configuration that tpkit ran for a comparison and keeps in {@code folder}
     * (written as a repeat folder), {@code requested} of them asked for: those an interrupted
     * comparison never ran are counted as not run.
     *
     * @throws BadInputException when no run is usable
     */
    public static RunSet of(String folder, List<RunResult> runs, int requested) {
        return checked(new RunSet(folder, REPEAT, UsableRuns.of(runs, requested)), folder);
    }

    /**
     * As {@link #of(String, List, int)}, the runs of the variant of interleaved comparison
     * {@code comparison}, {@code rounds.get(i)} the round (from 1) of {@code runs.get(i)}: compared
     * with another variant of the same comparison, round by round.
     */
    public static RunSet of(String folder, List<RunResult> runs, List<Integer> rounds, int requested,
                            String comparison) {
        if (rounds.size() != runs.size()) {
            throw new IllegalArgumentException("a round for every run: " + rounds.size() + " rounds, " + runs.size()
                    + " runs");
        }
        return checked(new RunSet(folder, REPEAT, UsableRuns.of(runs, requested),
                Rounds.of(comparison, runs, rounds, Map.of(), requested)), folder);
    }

    /**
     * @param path a result folder or its result.json, a repeat folder or its repeat.json, or a
     *             folder holding result folders of one configuration
     * @throws BadInputException when the path holds none of these, or no usable run
     */
    public static RunSet read(Path path) {
        if (!Files.exists(path)) {
            throw new BadInputException("no such file or folder: " + path.toAbsolutePath() + ": give a result folder, a "
                    + "repeat folder (tpkit run --repeat N) or a folder of result folders");
        }
        path = path.toAbsolutePath().normalize();
        if (isRepeat(path)) {
            return readRepeat(Files.isDirectory(path) ? path : path.getParent());
        }
        if (!Files.isDirectory(path) || Files.exists(path.resolve(ResultReader.FILE))) {
            Path folder = Files.isDirectory(path) ? path : path.getParent();
            return new RunSet(folder.toString(), RUN, UsableRuns.single(found(path, folder)));
        }
        List<Path> folders;
        try (Stream<Path> s = Files.list(path)) {
            folders = s.filter(d -> Files.isRegularFile(d.resolve(ResultReader.FILE))).sorted().toList();
        } catch (IOException e) {
            throw new BadInputException("cannot list " + path + ": " + e.getMessage());
        }
        if (folders.isEmpty()) {
            throw new BadInputException(path + " holds no result.json, repeat.json or result folders: give a result "
                    + "folder, a repeat folder (tpkit run --repeat N) or a folder of result folders");
        }
        List<RunResult> runs = folders.stream().map(f -> found(f, f)).toList();
        List<String> differ = RunDifferences.differences(runs.stream().map(r -> r.configuration().asMap()).toList(),
                java.util.Set.of(), "run");
        if (!differ.isEmpty() || runs.stream().map(r -> r.workload().name()).distinct().count() > 1) {
            throw new BadInputException(path + " holds runs of more than one configuration (" + (differ.isEmpty()
                    ? "workloads differ" : String.join("; ", differ)) + "): give a folder with the runs of one "
                    + "configuration, or a repeat folder");
        }
        return checked(new RunSet(path.toString(), runs.size() == 1 ? RUN : RUNS, runs.size() == 1
                ? UsableRuns.single(runs.getFirst()) : UsableRuns.of(runs)), path.toString());
    }

    /** A repeat folder or its repeat.json. */
    public static boolean isRepeat(Path path) {
        return Files.isDirectory(path) ? Files.isRegularFile(path.resolve(REPEAT_FILE))
                : path.getFileName() != null && path.getFileName().toString().equals(REPEAT_FILE);
    }

    /** The file a repeat folder is known by (sweep.RepeatResult.FILE, which this layer cannot name). */
    private static final String REPEAT_FILE = "repeat.json";
    private static final String REPEAT_TOOL = "tpkit repeat";

    private static RunSet readRepeat(Path folder) {
        JsonNode tree;
        try {
            tree = ResultWriter.json().readTree(folder.resolve(REPEAT_FILE).toFile());
        } catch (IOException e) {
            throw new BadInputException("cannot read " + folder.resolve(REPEAT_FILE) + ": " + e.getMessage());
        }
        if (tree == null || !REPEAT_TOOL.equals(tree.path("tool").asText())) {
            throw new BadInputException(folder.resolve(REPEAT_FILE) + " is not a tpkit repeat.json: give the folder "
                    + "of 'tpkit run --repeat N'");
        }
        List<RunResult> runs = new ArrayList<>();
        List<RunsUsed.LeftOut> absent = new ArrayList<>();
        // the rounds of an interleaved comparison's variant, when its repeat.json records them
        String comparison = tree.path("interleaved").path("comparison").asText(null);
        boolean rounded = comparison != null;
        List<Integer> rounds = new ArrayList<>();
        Map<Integer, String> roundsAbsent = new java.util.HashMap<>();
        for (JsonNode rep : tree.path("runs")) {
            String dir = rep.path("resultDir").asText();
            Path found = locate(folder, dir);
            rounded &= rep.path("round").canConvertToInt() && rep.path("round").asInt() > 0;
            if (found == null) {
                absent.add(new RunsUsed.LeftOut(dir, UsableRuns.MISSING));
                roundsAbsent.put(rep.path("round").asInt(), UsableRuns.MISSING);
            } else {
                runs.add(found(found, found));
                rounds.add(rep.path("round").asInt());
            }
        }
        int requested = tree.path("requested").asInt(runs.size() + absent.size());
        for (int i = runs.size() + absent.size(); i < requested; i++) {
            absent.add(new RunsUsed.LeftOut("repetition " + (i + 1), UsableRuns.NOT_RUN));
        }
        Rounds paired = rounded ? Rounds.of(comparison, runs, rounds, roundsAbsent, requested) : null;
        return checked(new RunSet(folder.toString(), REPEAT, UsableRuns.of(runs, absent), paired), folder.toString());
    }

    /**
     * A repetition's result folder: where repeat.json says, else beside the repeat folder or inside
     * it under the same name (the folders were moved or copied together); null when none holds a result.
     */
    private static Path locate(Path repeatFolder, String dir) {
        if (dir == null || dir.isBlank()) {
            return null;
        }
        Path given = Path.of(dir);
        Path name = given.getFileName();
        List<Path> candidates = new ArrayList<>(List.of(given));
        if (name != null) {
            Path parent = repeatFolder.toAbsolutePath().getParent();
            if (parent != null) {
                candidates.add(parent.resolve(name));
            }
            candidates.add(repeatFolder.resolve(name));
        }
        return candidates.stream().filter(p -> Files.isRegularFile(p.resolve(ResultReader.FILE))).findFirst()
                .orElse(null);
    }

    /** The result at {@code path}, its folder where it is now rather than where it was written. */
    private static RunResult found(Path path, Path folder) {
        return ResultReader.read(path).withResultDir(folder.toAbsolutePath().normalize().toString());
    }

    private static RunSet checked(RunSet set, String what) {
        if (set.usable().used().isEmpty()) {
            throw new BadInputException(what + ": none of its " + set.counts().given() + " runs is usable ("
                    + set.counts().summary().replaceFirst("^0 of \\d+ repetitions used ", "").replaceAll("[()]", "")
                    + "): a comparison needs at least one complete, consistent run that committed something");
        }
        return set;
    }

    /** The configuration the set's runs share (the first used run's). */
    io.tpkit.result.ConfigurationSection configuration() {
        return first().configuration();
    }
}
