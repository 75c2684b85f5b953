package io.tpkit.config;

/** What {@code run} does about the workload's data before it measures. */
public enum LoadPolicy {
    /** Load when the database holds no data for the workload (the default of {@code tpkit run}). */
    IF_EMPTY,
    /** Require existing data, loaded earlier with the same scale ({@code --no-load}). */
    NEVER,
    /** Drop and load again, whatever is there. */
    ALWAYS
}
