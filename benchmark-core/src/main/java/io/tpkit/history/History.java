package io.tpkit.history;

import io.tpkit.analysis.ChangePoints;
import java.util.List;
import java.util.Map;

/**
 * The results under some folders, grouped into series of one workload and configuration, with
 * the change points of each series: what {@code tpkit history} prints and writes to history.json.
 *
 * @param tool           always "tpkit history"
 * @param folders        the folders searched
 * @param method         the change-point method and its parameters, in words
 * @param settings       its parameters
 * @param conformantOnly whether runs that are not conformant were left out of the analysis
 * @param figure         the figure asked for, or null for each workload's headline figure
 * @param key            how runs are grouped, in words
 * @param leftOutOfKey   configuration keys that are not part of the key, and why
 * @param runs           single runs found
 * @param repetitionSets sets of repetitions found (each one point)
 * @param repetitions    the runs in those sets (not counted again as single runs)
 * @param skipped        what was found and not read, by kind
 * @param groups         the series
 * @param closeGroups    groups of one workload that differ in few keys, and in which
 * @param folder         where history.json was written, or null
 */
public record History(String tool, List<String> folders, String method, ChangePoints.Settings settings,
                      boolean conformantOnly, String figure, String key, Map<String, String> leftOutOfKey, int runs,
                      int repetitionSets, int repetitions, List<Skipped> skipped, List<HistoryGroup> groups,
                      List<String> closeGroups, String folder) {
    public static final String TOOL = "tpkit history";
    public static final String FILE = "history.json";

    /**
     * Files that were found and not read, of one kind.
     *
     * @param example one of them
     */
    public record Skipped(String kind, int count, String example) {
    }

    public History withFolder(String dir) {
        return new History(tool, folders, method, settings, conformantOnly, figure, key, leftOutOfKey, runs,
                repetitionSets, repetitions, skipped, groups, closeGroups, dir);
    }
}
