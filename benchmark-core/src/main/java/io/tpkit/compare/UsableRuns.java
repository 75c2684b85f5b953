package io.tpkit.compare;

import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Which repetitions of one configuration enter its statistics, and why the others do not: the
 * one rule that {@code tpkit run --repeat} (its statistics and repeat.json) and
 * {@code tpkit compare} (each side's means and intervals) apply. A repetition is left out, never
 * averaged in, when it is
 * <ul>
 *   <li>{@value #INCOMPLETE}: interrupted before its measurement interval ended (result.json
 *       {@code metrics.incomplete}), so its figures are of a shorter, often warm-up-heavy interval;</li>
 *   <li>{@value #FAILED}: it committed nothing in its measurement interval (a server that went
 *       away, a run stopped in its warm-up): a TPS of 0 is not a draw of the configuration's speed;</li>
 *   <li>{@value #INCONSISTENT}: a consistency check failed, so what it counted as committed is
 *       not what the database holds.</li>
 * </ul>
 * A set read from files also counts the repetitions whose result folder is gone
 * ({@value #MISSING}) and those an interrupted set never ran ({@value #NOT_RUN}). A single run
 * compared on its own is not judged by this rule: it is shown with its verdict and consistency,
 * and a comparison of single runs gives no interval anyway.
 */
public final class UsableRuns {
    public static final String INCOMPLETE = "incomplete";
    public static final String FAILED = "failed";
    public static final String INCONSISTENT = "inconsistent";
    public static final String MISSING = "missing";
    public static final String NOT_RUN = "not run";

    private final List<RunResult> used;
    private final RunsUsed counts;

    private UsableRuns(List<RunResult> used, RunsUsed counts) {
        this.used = List.copyOf(used);
        this.counts = counts;
    }

    /** Why {@code run} is left out of a set's statistics, or null when it is used. */
    public static String whyNotUsable(RunResult run) {
        if (run.metrics().incomplete() || run.validity() != null && run.validity().verdict() != null
                && run.validity().verdict().startsWith("incomplete")) {
            return INCOMPLETE;
        }
        if (run.metrics().totalCommitted() <= 0) {
            return FAILED;
        }
        if (run.consistency() != null && !run.consistent()) {
            return INCONSISTENT;
        }
        return null;
    }

    /** The rule applied to every run of a set. */
    public static UsableRuns of(List<RunResult> runs) {
        return of(runs, List.of());
    }

    /**
     * The rule applied to the runs of a set of {@code requested} repetitions, those never run
     * (the set was interrupted) counted as {@value #NOT_RUN}.
     */
    public static UsableRuns of(List<RunResult> runs, int requested) {
        List<RunsUsed.LeftOut> notRun = new ArrayList<>();
        for (int i = runs.size(); i < requested; i++) {
            notRun.add(new RunsUsed.LeftOut("repetition " + (i + 1), NOT_RUN));
        }
        return of(runs, notRun);
    }

    /**
     * @param absent the set's repetitions that have no result to judge (missing, not run), already
     *               with their reason
     */
    static UsableRuns of(List<RunResult> runs, List<RunsUsed.LeftOut> absent) {
        List<RunResult> used = new ArrayList<>();
        List<RunsUsed.LeftOut> leftOut = new ArrayList<>();
        for (RunResult r : runs) {
            String why = whyNotUsable(r);
            if (why == null) {
                used.add(r);
            } else {
                leftOut.add(new RunsUsed.LeftOut(r.resultDir(), why));
            }
        }
        leftOut.addAll(absent);
        return new UsableRuns(used, new RunsUsed(runs.size() + absent.size(), used.size(),
                used.stream().map(RunResult::resultDir).toList(), leftOut));
    }

    /** A single run, shown as it is. */
    static UsableRuns single(RunResult run) {
        return new UsableRuns(List.of(run), new RunsUsed(1, 1, java.util.Collections.singletonList(run.resultDir()),
                List.of()));
    }

    /** The runs that enter the statistics, in their order. */
    public List<RunResult> used() {
        return used;
    }

    public RunsUsed counts() {
        return counts;
    }
}
