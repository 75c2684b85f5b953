package io.tpkit.spi.workload;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.metrics.RunMetrics;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A sequence of ordinary runs that a workload defines and core runs, as it runs a sweep's points
 * or a run's repetitions: TP1's upper bound ({@code tpkit bound tp1}) is its sub-transactions
 * and TP1 itself at each connection count. The workload says which runs, in which order, and
 * what their results add up to; core runs each one as {@code tpkit run} would (its own result
 * folder, warm-up, checks and verdict) inside the sequence's folder, on the same data, stops
 * at an interruption or an incomplete run, and writes the files the workload renders beside them.
 * The workload neither drives a run nor reads a result file.
 */
public interface RunSequence {
    /** The command's verb and the folder's first word, e.g. {@code bound}: the folder is {@code bound-tp1-...}. */
    String name();

    /**
     * Refuses, before anything runs, a base configuration the sequence cannot run with
     * (throws {@link io.tpkit.config.BadInputException}). Core has checked the connection counts.
     */
    void check(BenchmarkConfig base, List<Integer> connections);

    /**
     * The runs in the order they run, each a configuration of the workload made from
     * {@code base}; core puts them in the sequence's folder and loads only before the first.
     */
    List<Step> steps(BenchmarkConfig base, List<Integer> connections);

    /** What the runs that finished (all of the steps, or fewer when interrupted) add up to. */
    Summary summarize(Context context, List<Finished> runs);

    /**
     * One run of the sequence.
     *
     * @param label       its short name in the progress lines and tables ({@code t1})
     * @param description what it runs, in words
     */
    record Step(String label, String description, int connections, BenchmarkConfig config) {
    }

    /**
     * A run that finished, as the summary needs it.
     *
     * @param parameters the workload's effective parameters, as its bound workload reported them
     * @param loaded     the run loaded the data first
     * @param durable    the server's settings made commits durable (the durability rule)
     * @param verdict    the run's verdict
     * @param resultDir  the run's own result folder
     */
    record Finished(Step step, RunMetrics metrics, Map<String, Object> parameters, boolean loaded, boolean durable,
                    boolean consistent, String verdict, String resultDir) {
    }

    /**
     * What core knows of the sequence as a whole.
     *
     * @param folder   the sequence's folder, beside the runs' folders
     * @param database the server's product and version, or null when no run finished
     * @param sameData how the runs shared their data, in words
     * @param complete every step ran
     */
    record Context(Path folder, String database, BenchmarkConfig base, List<Integer> connections, String sameData,
                   boolean complete) {
    }

    /**
     * The sequence's files, written by core into its folder.
     *
     * @param value    the summary's record, written as JSON to {@code jsonFile} and handed to the caller
     * @param texts    further files by name (a table, a CSV), written as they are
     * @param printed  what the command prints when the sequence ends
     */
    record Summary(String jsonFile, Object value, Map<String, String> texts, String printed) {
    }
}
