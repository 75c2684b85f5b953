package io.tpkit.compare;

import io.tpkit.result.RunResult;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs of one workload side by side: a column per run (or per set of repetitions of one
 * configuration), a row per figure, each figure with its ratio to the first column; for the
 * figures judged ({@link Row#better()} set), each column's change from the first with the
 * ratio's confidence interval and a verdict in words ({@link Change}).
 *
 * @param runs         the columns, in the order given (the first is the baseline of the ratios)
 * @param rows         the figures, each naming how it was obtained
 * @param differences  configuration keys (other than the target and those varied on purpose)
 *                     whose values differ between the runs: a comparison is only fair when
 *                     this is empty
 * @param varied       the configuration keys the comparison varies on purpose besides the target
 *                     (e.g. {@code logic: client | procedure})
 * @param startingData how the data the runs started from differed (a fresh load against data
 *                     earlier runs had changed), in words; empty when they started from the same
 * @param level        the confidence level of the intervals (null in a comparison written before them)
 * @param noise        the noise threshold, a fraction (null before intervals)
 * @param method       how the intervals were computed, in words (null before intervals)
 * @param headline     the id of the row of the workload's headline figure, the one a gate judges by default
 * @param gate         the regression gate's verdict, or null when none was asked for
 * @param order        the order the runs ran in and what each started from, when tpkit ran them
 *                     interleaved ({@code tpkit compare WORKLOAD ... --repeat N}); null otherwise
 */
public record Comparison(String workload, List<Run> runs, List<Row> rows, List<String> differences,
                         List<String> varied, List<String> startingData, Double level, Double noise, String method,
                         String headline, GateVerdict gate, RunOrder order) {
    /** A comparison whose runs' starting data are not known to differ. */
    public Comparison(String workload, List<Run> runs, List<Row> rows, List<String> differences, List<String> varied) {
        this(workload, runs, rows, differences, varied, List.of());
    }

    /** A comparison without intervals (a sweep's points). */
    public Comparison(String workload, List<Run> runs, List<Row> rows, List<String> differences, List<String> varied,
                      List<String> startingData) {
        this(workload, runs, rows, differences, varied, startingData, null, null, null, null, null, null);
    }

    /** A comparison of runs not run interleaved by tpkit. */
    public Comparison(String workload, List<Run> runs, List<Row> rows, List<String> differences, List<String> varied,
                      List<String> startingData, Double level, Double noise, String method, String headline,
                      GateVerdict gate) {
        this(workload, runs, rows, differences, varied, startingData, level, noise, method, headline, gate, null);
    }

    /** Older comparison.json files have no {@code startingData}. */
    public Comparison {
        startingData = startingData == null ? List.of() : List.copyOf(startingData);
    }

    /** The same comparison with the gate's verdict. */
    public Comparison withGate(GateVerdict verdict) {
        return new Comparison(workload, runs, rows, differences, varied, startingData, level, noise, method, headline,
                verdict, order);
    }

    /** The same comparison with the order its runs ran in. */
    public Comparison withOrder(RunOrder runOrder) {
        return new Comparison(workload, runs, rows, differences, varied, startingData, level, noise, method, headline,
                gate, runOrder);
    }

    /** The level and noise threshold the changes were judged with, or null for a comparison without them. */
    public Judgement judgement() {
        return level == null || noise == null ? null : new Judgement(level, noise);
    }

    /**
     * Whether the changes are judged round by round: every column's runs ran in one interleaved
     * comparison with the baseline's, and each column pairs its runs with the baseline's of the
     * same round ({@link Run#pairs()}).
     */
    public boolean paired() {
        return runs.size() > 1 && runs.subList(1, runs.size()).stream().allMatch(r -> r.pairs() != null);
    }

    /** Whether some column has more than one run behind it. */
    public boolean ofRepetitions() {
        return runs.stream().anyMatch(r -> r.counts() != null && r.counts().used() > 1);
    }

    /** The row with this id, or null. */
    public Row row(String id) {
        return rows.stream().filter(r -> id.equals(r.id())).findFirst().orElse(null);
    }

    /**
     * The regression gate from Java, on the workload's headline figure: passes unless the
     * candidate is shown slower than the baseline by more than {@code pct} percent, the whole
     * confidence interval beyond it (see {@link Gate}).
     *
     * @param baseline  a result folder, a repeat folder, or a folder of result folders
     * @param candidate the same forms
     * @return the verdict, when passed
     * @throws AssertionError when the candidate is shown slower: the message is the verdict line
     * @throws io.tpkit.config.BadInputException when the gate cannot judge (a side with fewer than two
     *                                           usable runs, or no bounded interval)
     */
    public static GateVerdict assertNotSlower(Path baseline, Path candidate, double pct) {
        return Gate.of(pct, null).assertPasses(RunSet.read(baseline), RunSet.read(candidate));
    }

    /** As {@link #assertNotSlower(Path, Path, double)}, the candidate's runs given in memory. */
    public static GateVerdict assertNotSlower(Path baseline, List<RunResult> candidate, double pct) {
        return assertNotSlower(baseline, candidate, pct, Gate.HEADLINE);
    }

    /**
     * As {@link #assertNotSlower(Path, List, double)}, on {@code figure} ({@link Gate#figure()}):
     * "headline", "tps", "p90", "p99", "driverCpu", "databaseCpu".
     */
    public static GateVerdict assertNotSlower(Path baseline, List<RunResult> candidate, double pct, String figure) {
        return Gate.of(pct, figure).assertPasses(RunSet.read(baseline), RunSet.of(candidate));
    }

    /** As {@link #assertNotSlower(Path, Path, double)}, both sides' runs given in memory. */
    public static GateVerdict assertNotSlower(List<RunResult> baseline, List<RunResult> candidate, double pct) {
        return Gate.of(pct, null).assertPasses(RunSet.of(baseline), RunSet.of(candidate));
    }

    /**
     * @param label   the target, passwords redacted, with the product and version
     * @param variant the run's values of the varied keys ("logic procedure"), or ""
     * @param verdict the run's validity verdict ("conformant" or "non-standard: ..."); of a set of
     *                repetitions, the verdicts of the runs used ("a | b" when they differ)
     * @param name    what tells this run from the others ("run 2: logic procedure", "run 1: PostgreSQL
     *                18.6"): its column's head and its name in legends
     * @param counts  how many runs the column had and used (null in a comparison written before sets)
     * @param pairs   how the column's runs pair with the baseline's, round by round, when both ran in
     *                one interleaved comparison; null otherwise, and for the baseline
     */
    public record Run(String label, String product, String version, String variant, String resultDir,
                      String verdict, boolean consistent, String name, RunsUsed counts, RoundPairs pairs) {
        /** A run not named yet (see {@link Comparisons#named}). */
        public Run(String label, String product, String version, String variant, String resultDir,
                   String verdict, boolean consistent) {
            this(label, product, version, variant, resultDir, verdict, consistent, null, null, null);
        }

        Run named(String runName) {
            return new Run(label, product, version, variant, resultDir, verdict, consistent, runName, counts, pairs);
        }

        Run counted(RunsUsed used) {
            return new Run(label, product, version, variant, resultDir, verdict, consistent, name, used, pairs);
        }

        Run paired(RoundPairs byRound) {
            return new Run(label, product, version, variant, resultDir, verdict, consistent, name, counts, byRound);
        }
    }

    /**
     * A figure of every column; a value is null when a column does not have it.
     *
     * @param values  each column's value: the mean of its runs' values
     * @param count   the figure counts things (failed transactions): written as an integer
     * @param id      a name for the figure that does not change with its wording ("tps", "nopm",
     *                "new-order.p99"); null in a comparison written before ids
     * @param better  which way the figure is better, for the figures judged; null for those shown only
     * @param samples each column's values of its runs used (null before sets)
     * @param changes each column's change from the first, for the figures judged (the first null)
     */
    public record Row(String metric, List<Double> values, boolean count, String id, Better better,
                      List<List<Double>> samples, List<Change> changes) {
        public Row(String metric, List<Double> values) {
            this(metric, values, false);
        }

        public Row(String metric, List<Double> values, boolean count) {
            this(metric, values, count, null, null, null, null);
        }

        /** This run's value over the first run's, or null when either is missing or the first is 0. */
        public Double ratio(int run) {
            Double base = values.getFirst();
            Double v = values.get(run);
            return base == null || v == null || base == 0 ? null : v / base;
        }

        /** Column {@code run}'s change from the first, or null when the figure is not judged or a column lacks it. */
        public Change change(int run) {
            return changes == null || run >= changes.size() ? null : changes.get(run);
        }

        /** The figure's name up to its explanation in brackets: "TPS", "new-order: response p99 ms". */
        public String shortName() {
            int bracket = metric.indexOf(" (");
            return bracket > 0 ? metric.substring(0, bracket) : metric;
        }
    }
}
