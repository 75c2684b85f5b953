package io.tpkit.history;

import java.util.List;
import java.util.Map;

/**
 * The runs of one workload and configuration in the order they started, the change points
 * found among those fit for it, and the segments between them.
 *
 * @param number        1 for the first group printed
 * @param name          the workload, product and target, and the keys that tell it from the
 *                      other groups of the workload
 * @param key           the grouping key (see {@link History#key()})
 * @param figure        the id of the figure analysed ({@code tps}, {@code nopm}...)
 * @param figureLabel   what it is, in words
 * @param unit          its unit ({@code 1/s}, {@code 1/min}...), or null
 * @param everyRunFails the validity rules every point of the group failed (listed once, not at each run)
 * @param points        in the order they started
 * @param changes       the change points, in the order of the series
 * @param segments      the points used, cut at the change points
 * @param note          what the analysis found or why there was none, in words
 * @param contextChanges where the server version, a recorded server setting, tpkit, Java or the
 *                      machine changed from one point to the next
 */
public record HistoryGroup(int number, String name, String workload, String product, String target,
                           Map<String, String> key, String figure, String figureLabel, String unit,
                           List<String> everyRunFails, List<HistoryPoint> points, List<Change> changes,
                           List<Segment> segments, String note, List<String> contextChanges) {

    /**
     * A change point: the figure changed between {@code lastBefore} and {@code firstAfter} (run
     * numbers in the group; points left out of the analysis may lie between them).
     *
     * @param relativePct (after - before) / before, in percent; null when before is 0
     * @param pValue      the permutation test's p-value
     * @param statistic   the energy statistic Q of the split
     * @param alsoChanged what else differed between the two runs (their context)
     * @param nearby      what changed one run before or after them ("run 7: setting commit_delay
     *                    0 -> 3000"): the place of a change is an estimate, and a noisy run beside a
     *                    real change can move it by one
     */
    public record Change(int lastBefore, int firstAfter, String startedAt, double meanBefore, double meanAfter,
                         Double relativePct, double pValue, double statistic, List<String> alsoChanged,
                         List<String> nearby) {
    }

    /**
     * Points {@code fromRun} to {@code toRun} (run numbers) with no change between them.
     *
     * @param n    the points used in it
     * @param mean their mean
     */
    public record Segment(int fromRun, int toRun, int n, double mean) {
    }
}
