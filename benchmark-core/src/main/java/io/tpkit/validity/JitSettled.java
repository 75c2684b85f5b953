package io.tpkit.validity;

import io.tpkit.spi.workload.RuleResult;
import java.util.Locale;

/** {@code jit-settled}: the driver's JIT compiler had finished its start-up work before the interval. */
final class JitSettled {
    private JitSettled() {
    }

    /** The most of the machine's CPU the driver's JIT compiler may take over the interval. */
    public static final double JIT_MAX_PCT = 2;
    private static final String JIT_SETTLED = "jit-settled";
    private static final String JIT_SETTLED_RULE = String.format(Locale.ROOT, "the driver's JIT compilation had "
            + "settled: its compiler threads took at most %.0f%% of the machine's CPU over the measurement interval",
            JIT_MAX_PCT);

    /**
     * Whether the driver was still compiling its code in the interval. The JIT compiler's CPU is
     * part of the driver's cost per transaction while it lasts, and CPU the database cannot use on
     * a shared machine (in a 60 s TPC-C run on 2 CPUs after the default warm-up it was about 45 %
     * of the driver's CPU per transaction); {@code driver-saturation} leaves it out, so this rule
     * judges it. It reads the compiler's CPU in the interval only, so it does not depend on how the
     * warm-up ended (a time, a count, a rehearsal).
     *
     * @param jitNanos       the JIT compiler threads' CPU over the interval, -1 when unknown
     * @param driverCpuNanos the driver JVM's CPU over the interval, -1 when unknown
     * @param machineCpus    the machine's CPUs (those /proc/stat counts, as quiet-machine's)
     */
    public static RuleResult jitSettled(double seconds, long jitNanos, long driverCpuNanos, int machineCpus) {
        if (seconds <= 0) {
            return RuleResult.notApplicable(JIT_SETTLED, JIT_SETTLED_RULE, "nothing was measured");
        }
        if (jitNanos < 0 || machineCpus <= 0) {
            return RuleResult.notApplicable(JIT_SETTLED, JIT_SETTLED_RULE, "cannot be judged: the JIT compiler's "
                    + "threads are read from /proc/self/task, which this system does not have");
        }
        double pct = 100.0 * jitNanos / 1e9 / seconds / machineCpus;
        String ofDriver = driverCpuNanos > 0 ? String.format(Locale.ROOT, ", %.1f%% of the driver's CPU",
                100.0 * jitNanos / driverCpuNanos) : "";
        String detail = String.format(Locale.ROOT, "the JIT compiler took %.3f s of CPU in the %.1f s interval: %.1f%% "
                + "of the machine's %d CPUs%s", jitNanos / 1e9, seconds, pct, machineCpus, ofDriver);
        boolean settled = pct <= JIT_MAX_PCT;
        if (!settled) {
            detail += "; the warm-up did not let compilation settle: the driver's CPU per transaction includes it, and "
                    + "on a shared machine the database lost that CPU; a longer --warmup (or interval) lets it settle";
        }
        return RuleResult.check(JIT_SETTLED, JIT_SETTLED_RULE, settled, detail);
    }
}
