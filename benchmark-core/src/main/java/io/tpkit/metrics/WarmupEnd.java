package io.tpkit.metrics;

/**
 * How the warm-up ended, and what the driver's JIT compiler took of the driver's CPU in the
 * measurement interval after it.
 *
 * @param endedBy              {@link #GIVEN}, {@link #SETTLED}, {@link #CAPPED}, {@link #UNREAD}, {@link #INTERRUPTED}
 *                             or {@link #NONE}
 * @param leastSeconds         a warm-up until settled: the least it lasts (the default fixed one's
 *                             length, which also covers a terminal's first cycle); else the warm-up given
 * @param mostSeconds          a warm-up until settled: the most it lasts; else the warm-up given
 * @param settledWhen          what "settled" means, in words (null for a warm-up given)
 * @param compilerPctOfDriver  the JIT compiler threads' CPU in the measurement interval, in percent
 *                             of the driver process's CPU over it; null when not read
 */
public record WarmupEnd(String endedBy, double leastSeconds, double mostSeconds, String settledWhen,
                        Double compilerPctOfDriver) {
    /** A fixed warm-up, as given ({@code --warmup 30s}). */
    public static final String GIVEN = "given";
    /** The driver's JIT compiler had settled. */
    public static final String SETTLED = "settled";
    /** The compiler had not settled when the warm-up reached its most. */
    public static final String CAPPED = "capped";
    /** The compiler's CPU could not be read (no /proc): the warm-up lasted its least. */
    public static final String UNREAD = "unread";
    /** The run was interrupted before the compiler had settled. */
    public static final String INTERRUPTED = "interrupted";
    /** No warm-up phase: a benchmark that runs in rounds rehearses before its clock instead. */
    public static final String NONE = "none";

    /** Whether the warm-up waited for the compiler (settled or capped). */
    public boolean untilSettled() {
        return SETTLED.equals(endedBy) || CAPPED.equals(endedBy);
    }

    /** The compiler's share of the driver's CPU over the interval, from its meters; null when not read. */
    public static Double compilerPct(CostTotals costs, String jitMeter, String cpuMeter) {
        long jit = costs.meter(jitMeter);
        long cpu = costs.meter(cpuMeter);
        return jit < 0 || cpu <= 0 ? null : 100.0 * jit / cpu;
    }

    /** How it ended, in words: "ended when the JIT compiler had settled", "a fixed warm-up"... */
    public String words() {
        return switch (endedBy) {
            case SETTLED -> "until the driver's JIT compiler had settled (" + settledWhen + ")";
            case CAPPED -> "until its most, " + seconds(mostSeconds) + ": the driver's JIT compiler had not settled ("
                    + settledWhen + ")";
            case UNREAD -> "its least: the JIT compiler's CPU could not be read";
            case NONE -> "no warm-up phase";
            case INTERRUPTED -> "interrupted before the driver's JIT compiler had settled";
            default -> "as given";
        };
    }

    /** How it ended and the compiler's share in the interval, in a line: what the console and report show. */
    public String summary() {
        return "warm-up " + words() + (compilerPctOfDriver == null ? ""
                : String.format(java.util.Locale.ROOT, "; in the interval the JIT compiler took %.1f%% of the driver's CPU",
                compilerPctOfDriver));
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? (long) s + " s" : s + " s";
    }
}
