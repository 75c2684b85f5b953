package io.tpkit.sweep;

import io.tpkit.analysis.Spread;
import io.tpkit.compare.RunsUsed;
import io.tpkit.compare.UsableRuns;
import io.tpkit.result.RunResult;
import io.tpkit.runner.StartingData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The same configuration run several times, as written to repeat.json: each repetition's
 * figures (from its own result.json) and how they spread.
 *
 * @param tool          always "tpkit repeat", so that a reader can tell the file
 * @param requested     the repetitions asked for
 * @param level         the confidence level of the intervals (0.95)
 * @param seedPolicy    how the repetitions' seeds were chosen
 * @param loadPolicy    what each repetition started from, in words
 * @param startingData  what each repetition started from: how the data was restored or reloaded
 *                      before it and how long that took ({@link StartingData})
 * @param configuration the configuration of the first repetition, its seed left out
 * @param runs          one per repetition done
 * @param statistics    one per figure, over the repetitions used
 * @param incomplete    interrupted: fewer repetitions than requested, or the last one cut short
 * @param used          how many repetitions the statistics use, and why the others are left out
 *                      ({@link io.tpkit.compare.UsableRuns}, the rule {@code tpkit compare} applies
 *                      too); null in a repeat.json written before the rule
 * @param interleaved   the interleaved comparison these runs are a variant of, whose rounds
 *                      {@link Repetition#round()} names; null for {@code tpkit run --repeat} (and
 *                      in a repeat.json written before rounds were recorded)
 */
public record RepeatResult(String tool, String workload, int requested, double level, String seedPolicy,
                           String loadPolicy, StartingData.Summary startingData, String startedAt, String finishedAt,
                           Map<String, Object> configuration, Map<String, Object> target, String product, String version, List<Repetition> runs,
                           List<Statistic> statistics, boolean incomplete, String folder, RunsUsed used,
                           Interleaving interleaved) {
    public static final String TOOL = "tpkit repeat";
    public static final String FILE = "repeat.json";
    /** The name of the TPS figure among the statistics. */
    public static final String TPS = "TPS";

    /** Repetitions whose statistics are not known to leave any out (a repeat.json written before the rule). */
    public RepeatResult(String tool, String workload, int requested, double level, String seedPolicy, String loadPolicy,
                        String startedAt, String finishedAt, Map<String, Object> configuration,
                        Map<String, Object> target, String product, String version, List<Repetition> runs,
                        List<Statistic> statistics, boolean incomplete, String folder) {
        this(tool, workload, requested, level, seedPolicy, loadPolicy, null, startedAt, finishedAt, configuration,
                target, product, version, runs, statistics, incomplete, folder, null, null);
    }

    /**
     * The interleaved comparison ({@code tpkit compare WORKLOAD ... --repeat N}) a variant's runs
     * ran in: {@code tpkit compare DIR_A DIR_B} pairs the runs of two of its variants round by
     * round (the same {@code comparison}), as the comparison itself did.
     *
     * @param comparison the comparison's id, drawn at random when it started: the same in every
     *                   variant's repeat.json, and in no other comparison's
     * @param folder     the comparison's folder, as it was written
     * @param variant    this variant's letter ("A")
     */
    public record Interleaving(String comparison, String folder, String variant) {
    }

    /**
     * One repetition: its figures by name (as in {@link #statistics}).
     *
     * @param leftOut why the statistics leave it out ("incomplete", "failed", "inconsistent"), or null when used
     * @param round   its round in the interleaved comparison it ran in ({@link #interleaved()}), from 1; null
     *                for {@code tpkit run --repeat}
     */
    public record Repetition(int index, long seed, Map<String, Double> values, String verdict, boolean consistent,
                             boolean incomplete, String resultDir, String leftOut, Integer round) {
        public Repetition(int index, long seed, Map<String, Double> values, String verdict, boolean consistent,
                          boolean incomplete, String resultDir) {
            this(index, seed, values, verdict, consistent, incomplete, resultDir, null, null);
        }
    }

    /**
     * @param figure the figure's name ("TPS", a headline figure's id such as "nopm", "debit-credit p90 ms")
     * @param how    how each run's value is obtained
     */
    public record Statistic(String figure, String how, Spread spread) {
    }

    static RepeatResult of(int requested, double level, String seedPolicy, String loadPolicy,
                           StartingData.Summary startingData, List<RunResult> runs,
                           Map<String, Object> target, String startedAt, String finishedAt, boolean interrupted,
                           String folder) {
        return of(requested, level, seedPolicy, loadPolicy, startingData, runs, target, startedAt, finishedAt,
                interrupted, folder, null, null);
    }

    /**
     * As above, of a variant of an interleaved comparison.
     *
     * @param interleaved the comparison, or null
     * @param rounds      each run's round (from 1), or null
     */
    static RepeatResult of(int requested, double level, String seedPolicy, String loadPolicy,
                           StartingData.Summary startingData, List<RunResult> runs,
                           Map<String, Object> target, String startedAt, String finishedAt, boolean interrupted,
                           String folder, Interleaving interleaved, List<Integer> rounds) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no repetitions");
        }
        Map<String, String> how = new LinkedHashMap<>();
        how.put(TPS, "committed transactions per second of the measurement interval, wall clock "
                + "(result.json metrics.throughput.overWallClock)");
        Map<String, String> headline = new LinkedHashMap<>();
        Set<String> types = new LinkedHashSet<>();
        for (RunResult r : runs) {
            SweepResult.headline(r).keySet().forEach(id -> headline.putIfAbsent(id, r.headline().get(id).label()));
            r.metrics().types().forEach(t -> types.add(t.name()));
        }
        headline.forEach((id, label) -> how.put(id, label + " (result.json headline." + id + ".value)"));
        how.put("mean response ms", "mean response time of the types a terminal waits for, weighted by their counts "
                + "(from the intended start)");
        types.forEach(t -> how.put(t + " p90 ms", "90th percentile response time of " + t
                + " (result.json metrics.types[].response.p90Ms)"));
        List<Repetition> reps = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResult r = runs.get(i);
            Map<String, Double> values = new LinkedHashMap<>();
            values.put(TPS, SweepResult.tps(r));
            Map<String, Double> h = SweepResult.headline(r);
            headline.keySet().forEach(k -> {
                if (h.containsKey(k)) {
                    values.put(k, h.get(k));
                }
            });
            values.put("mean response ms", io.tpkit.analysis.QueueingModel.measured(r).responseMs());
            for (io.tpkit.metrics.TypeSummary t : r.metrics().types()) {
                values.put(t.name() + " p90 ms", t.response().p90Ms());
            }
            reps.add(new Repetition(i + 1, r.configuration().seed() != null ? r.configuration().seed() : 0,
                    values, r.validity().verdict(), r.consistent(), r.metrics().incomplete(), r.resultDir(),
                    UsableRuns.whyNotUsable(r), rounds == null ? null : rounds.get(i)));
        }
        // incomplete, failed and inconsistent repetitions are counted, never averaged in
        RunsUsed used = UsableRuns.of(runs, requested).counts();
        List<Statistic> statistics = new ArrayList<>();
        how.forEach((figure, text) -> {
            List<Double> values = reps.stream().filter(r -> r.leftOut() == null).map(r -> r.values().get(figure))
                    .filter(v -> v != null).toList();
            if (!values.isEmpty()) {
                statistics.add(new Statistic(figure, text, Spread.of(values, level)));
            }
        });
        // each repetition's seed is in its line
        Map<String, Object> configuration = runs.getFirst().configuration().withSeed(null).asMap();
        io.tpkit.result.DatabaseSection db = runs.getFirst().database();
        boolean incomplete = interrupted || runs.size() < requested || reps.stream().anyMatch(Repetition::incomplete);
        return new RepeatResult(TOOL, String.valueOf(runs.getFirst().workload().name()), requested, level,
                seedPolicy, loadPolicy, startingData, startedAt, finishedAt, configuration, target,
                String.valueOf(db.product()), String.valueOf(db.version()), reps, statistics, incomplete, folder,
                used, interleaved);
    }

    RepeatResult withFolder(String dir) {
        return new RepeatResult(tool, workload, requested, level, seedPolicy, loadPolicy, startingData, startedAt,
                finishedAt, configuration, target, product, version, runs, statistics, incomplete, dir, used,
                interleaved);
    }
}
