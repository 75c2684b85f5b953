package io.tpkit.runner;

import io.tpkit.metrics.IntervalSample;
import io.tpkit.result.LoadReport;

/** What a long command reports while it works (the CLI prints it; tests may ignore it). */
public interface RunListener {
    /** A step worth a line: "starting embedded PostgreSQL", "loading tp1 at scale 1"... */
    default void message(String line) {
    }

    /** Load progress: the current step, rows done and expected (expected 0 while unknown). */
    default void loadProgress(String step, long rowsDone, long rowsExpected, double elapsedSeconds) {
    }

    default void loadFinished(LoadReport report) {
    }

    /** One second of a run; see {@link io.tpkit.scheduler.ProgressListener}. */
    default void sample(IntervalSample sample, double phaseElapsed, double phaseLength, long measuredCommitted) {
    }

    RunListener SILENT = new RunListener() { };
}
