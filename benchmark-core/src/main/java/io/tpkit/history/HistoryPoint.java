package io.tpkit.history;

import java.util.List;
import java.util.Map;

/**
 * One point of a series: a run, or a set of repetitions taken as the mean of its usable ones.
 *
 * @param run             its place in the group, 1 for the first started
 * @param kind            {@code run} or {@code repetitions}
 * @param folder          its result folder (or the repetitions' folder)
 * @param value           the group's figure: the run's, or the mean over the repetitions used; null
 *                        when the run has none
 * @param tps             TPS, the same way
 * @param repetitions     the repetitions the mean is of (null for a run)
 * @param repetitionsDone the repetitions in the folder (null for a run)
 * @param verdict         the run's validity verdict, or what the repetitions' verdicts were
 * @param failedRules     the ids of the validity rules not met (by any repetition used)
 * @param complete        the run measured its whole interval
 * @param consistent      its consistency checks passed
 * @param freshLoad       it loaded its data first (null: not known, or repetitions)
 * @param used            it is part of the change-point analysis
 * @param leftOutBecause  why it is not, or null
 * @param context         the server's version and settings, tpkit's and Java's versions, the machine
 */
public record HistoryPoint(int run, String kind, String folder, String startedAt, Double value, Double tps,
                           Integer repetitions, Integer repetitionsDone, String verdict, List<String> failedRules,
                           boolean complete, boolean consistent, Boolean freshLoad, boolean used, String leftOutBecause,
                           Map<String, String> context) {
    public static final String RUN = "run";
    public static final String REPETITIONS = "repetitions";
}
