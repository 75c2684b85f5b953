package io.tpkit.metrics;

/** The phases of a run. Only the measurement interval counts towards the results. */
public enum Phase {
    WARMUP, MEASUREMENT, DRAIN;

    /** The phase after this one (the drain is the last). */
    public Phase next() {
        return this == DRAIN ? DRAIN : values()[ordinal() + 1];
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
