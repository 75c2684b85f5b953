package io.tpkit.metrics;

/** The phases of a run. Only the measurement interval counts towards the results. */
public enum Phase {
    WARMUP, MEASUREMENT, DRAIN;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
