package io.tpkit.compare;

import java.util.List;

/**
 * Runs of one workload side by side: a column per run, a row per figure, each figure with the
 * ratio of every run to the first.
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
 */
public record Comparison(String workload, List<Run> runs, List<Row> rows, List<String> differences,
                         List<String> varied, List<String> startingData) {
    /** A comparison whose runs' starting data are not known to differ. */
    public Comparison(String workload, List<Run> runs, List<Row> rows, List<String> differences, List<String> varied) {
        this(workload, runs, rows, differences, varied, List.of());
    }

    /** Older comparison.json files have no {@code startingData}. */
    public Comparison {
        startingData = startingData == null ? List.of() : List.copyOf(startingData);
    }

    /**
     * @param label   the target, passwords redacted, with the product and version
     * @param variant the run's values of the varied keys ("logic procedure"), or ""
     * @param verdict the run's validity verdict ("conformant" or "non-standard: ...")
     * @param name    what tells this run from the others ("run 2: logic procedure", "run 1: PostgreSQL
     *                18.6"): its column's head and its name in legends
     */
    public record Run(String label, String product, String version, String variant, String resultDir,
                      String verdict, boolean consistent, String name) {
        /** A run not named yet (see {@link Comparisons#named}). */
        public Run(String label, String product, String version, String variant, String resultDir,
                   String verdict, boolean consistent) {
            this(label, product, version, variant, resultDir, verdict, consistent, null);
        }

        Run named(String runName) {
            return new Run(label, product, version, variant, resultDir, verdict, consistent, runName);
        }
    }

    /**
     * A figure of every run; a value is null when a run does not have it.
     *
     * @param count the figure counts things (failed transactions): written as an integer
     */
    public record Row(String metric, List<Double> values, boolean count) {
        public Row(String metric, List<Double> values) {
            this(metric, values, false);
        }

        /** This run's value over the first run's, or null when either is missing or the first is 0. */
        public Double ratio(int run) {
            Double base = values.getFirst();
            Double v = values.get(run);
            return base == null || v == null || base == 0 ? null : v / base;
        }
    }
}
