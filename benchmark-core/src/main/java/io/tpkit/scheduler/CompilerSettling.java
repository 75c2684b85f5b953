package io.tpkit.scheduler;

import java.util.Locale;

/**
 * Whether the driver's JIT compiler has settled: over the last {@link #WINDOW_SECONDS} readings
 * (one a second), its threads took at most {@link #MAX_SHARE} of the driver process's CPU. Fed
 * cumulative CPU clocks; a reading that cannot be taken (-1) empties the window, so that a gap
 * never passes for a quiet stretch.
 */
final class CompilerSettling {
    /** The most of the driver's CPU its compiler may take over the window. */
    static final double MAX_SHARE = 0.05;
    /** How long, in one-second readings, the compiler must stay below its share. */
    static final int WINDOW_SECONDS = 5;
    /** The rule in words, as results and reports state it. */
    static final String RULE = String.format(Locale.ROOT,
            "its compiler threads took at most %.0f%% of the driver's CPU for %d s", 100 * MAX_SHARE, WINDOW_SECONDS);

    private final long[] jit = new long[WINDOW_SECONDS + 1];
    private final long[] cpu = new long[WINDOW_SECONDS + 1];
    private int readings;

    /**
     * Takes one reading and says whether the compiler has settled by it.
     *
     * @param jitNanos    the compiler threads' CPU so far, -1 when not read
     * @param driverNanos the driver process's CPU so far, -1 when not read
     */
    boolean settledAfter(long jitNanos, long driverNanos) {
        if (jitNanos < 0 || driverNanos < 0) {
            readings = 0;
            return false;
        }
        int slot = readings % jit.length;
        jit[slot] = jitNanos;
        cpu[slot] = driverNanos;
        readings++;
        if (readings < jit.length) {
            return false;
        }
        int oldest = readings % jit.length; // the slot the next reading overwrites
        long compiled = jitNanos - jit[oldest];
        long used = driverNanos - cpu[oldest];
        return compiled <= MAX_SHARE * used;
    }
}
