package io.tpkit.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How many runs a side of a comparison (or a set of repetitions) had, how many entered its
 * statistics, and why the others did not ({@link UsableRuns}).
 *
 * @param given   the runs the side had, the repetitions asked for included
 * @param used    those that entered the statistics
 * @param runs    the result folders of the runs used, in order
 * @param leftOut the others, each with its reason
 */
public record RunsUsed(int given, int used, List<String> runs, List<LeftOut> leftOut) {
    /**
     * @param run the run's result folder (or what stands for it)
     * @param why {@link UsableRuns#INCOMPLETE}, {@link UsableRuns#FAILED}, {@link UsableRuns#INCONSISTENT},
     *            {@link UsableRuns#MISSING} or {@link UsableRuns#NOT_RUN}
     */
    public record LeftOut(String run, String why) {
    }

    public RunsUsed {
        runs = runs == null ? List.of() : runs.stream().map(r -> r == null ? "" : r).toList();
        leftOut = leftOut == null ? List.of() : List.copyOf(leftOut);
    }

    /** "3 of 5 repetitions used (2 incomplete)", "3 of 3 repetitions used", "1 run". */
    public String summary() {
        if (given == 1 && used == 1) {
            return "1 run";
        }
        StringBuilder s = new StringBuilder(used + " of " + given + " repetitions used");
        if (!leftOut.isEmpty()) {
            Map<String, Integer> byReason = new LinkedHashMap<>();
            for (String why : List.of(UsableRuns.INCOMPLETE, UsableRuns.FAILED, UsableRuns.INCONSISTENT,
                    UsableRuns.MISSING, UsableRuns.NOT_RUN)) {
                byReason.put(why, 0);
            }
            leftOut.forEach(l -> byReason.merge(l.why(), 1, Integer::sum));
            byReason.values().removeIf(n -> n == 0);
            List<String> parts = new ArrayList<>();
            byReason.forEach((why, n) -> parts.add(n + " " + why));
            s.append(" (").append(String.join(", ", parts)).append(')');
        }
        return s.toString();
    }
}
