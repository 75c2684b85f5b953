package io.tpkit.scheduler;

import io.tpkit.metrics.IntervalSample;

/** Receives one sample a second while a run is measured (the live progress line). */
@FunctionalInterface
public interface ProgressListener {
    /**
     * @param phaseElapsed seconds spent in the current phase
     * @param phaseLength  the planned length of the current phase in seconds, or -1 when it ends by count
     * @param measuredCommitted committed transactions counted in the measurement interval so far
     */
    void onSample(IntervalSample sample, double phaseElapsed, double phaseLength, long measuredCommitted);

    ProgressListener NONE = (s, e, l, c) -> { };
}
