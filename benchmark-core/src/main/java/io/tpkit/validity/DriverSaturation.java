package io.tpkit.validity;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code driver-saturation}: the driver was not the bottleneck. */
final class DriverSaturation {
    private DriverSaturation() {
    }

    /** The driver's largest share of the machine's CPU when the database runs on the same machine. */
    static final double DRIVER_CPU_MAX_PCT_SHARED = 50;
    /** ... and when the database runs elsewhere (or its processes are not visible here). */
    static final double DRIVER_CPU_MAX_PCT_ALONE = 90;
    /** The latest a due request may start, at the 99th percentile, while a server is free for it. */
    static final double DRIVER_LAG_P99_MAX_MS = 10;
    /** Fewer requests make the 99th percentile the maximum: one late wake-up would decide. */
    static final int DRIVER_LAG_MIN_COUNT = 100;
    private static final String SATURATION = "driver-saturation";
    private static final String SATURATION_RULE = String.format(Locale.ROOT, "the driver was not a bottleneck: it used "
            + "at most %.0f%% of the machine's CPU (%.0f%% when the database runs elsewhere) and its terminals "
            + "started at most %.0f ms late at the 99th percentile", DRIVER_CPU_MAX_PCT_SHARED,
            DRIVER_CPU_MAX_PCT_ALONE, DRIVER_LAG_P99_MAX_MS);

    /**
     * Whether the driver (this JVM) may have limited the run instead of the database: its CPU
     * time over the measurement interval as a share of the whole machine, and how late its
     * terminals' requests started while a server was free for them (the schedule lag).
     *
     * @param seconds         the measurement interval's length
     * @param driverCpuNanos  the driver JVM's CPU time over the interval, or -1 when unknown
     * @param cpus            the machine's CPUs
     * @param databaseHere    whether the database's processes run on this machine
     * @param lag             the schedule lag of the interval, or null when it does not measure
     *                        the driver (then {@code lagNotJudged} says why)
     */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, int cpus, boolean databaseHere,
                                              LatencySummary lag, String lagNotJudged) {
        return driverSaturation(seconds, driverCpuNanos, -1, cpus, databaseHere, lag, lagNotJudged);
    }

    /**
     * @param jitNanos the JIT compiler's share of {@code driverCpuNanos} (-1 unknown): left out of
     *                 the judgement, because compiling is start-up work that a short interval
     *                 (HPSS has no warm-up) would otherwise report as a saturated driver, while the
     *                 warm-up rules judge the start-up
     */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, long jitNanos, int cpus,
                                              boolean databaseHere, LatencySummary lag, String lagNotJudged) {
        return driverSaturation(seconds, driverCpuNanos, jitNanos, cpus, databaseHere, "schedule lag", lag,
                lagNotJudged);
    }

    /**
     * @param lagName what {@code lag} measures: "schedule lag" (closed terminals: a due request
     *                waiting while a server was free) or "wake-up lag" (open and paced runs: an
     *                idle server waking up after its slot, the backlog left out)
     */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, long jitNanos, int cpus,
                                              boolean databaseHere, String lagName, LatencySummary lag,
                                              String lagNotJudged) {
        if (seconds <= 0) {
            return RuleResult.notApplicable(SATURATION, SATURATION_RULE, "nothing was measured");
        }
        List<String> detail = new ArrayList<>();
        boolean judged = false;
        boolean saturated = false;
        if (driverCpuNanos >= 0 && cpus > 0) {
            judged = true;
            boolean withoutJit = jitNanos >= 0 && jitNanos <= driverCpuNanos;
            double pct = 100.0 * (withoutJit ? driverCpuNanos - jitNanos : driverCpuNanos) / 1e9 / seconds / cpus;
            double limit = databaseHere ? DRIVER_CPU_MAX_PCT_SHARED : DRIVER_CPU_MAX_PCT_ALONE;
            saturated = pct > limit;
            detail.add(String.format(Locale.ROOT, "driver CPU %.1f%% of the machine's %d CPUs%s (limit %.0f%%: %s)",
                    pct, cpus, withoutJit ? String.format(Locale.ROOT, " without the JIT compiler's %.1f%%",
                            100.0 * jitNanos / 1e9 / seconds / cpus) : "", limit,
                    databaseHere ? "the database runs on this machine and needs the rest"
                            : "the database's processes are not on this machine, or not visible from it"));
        } else {
            detail.add("driver CPU unknown: the JVM does not report its process CPU time");
        }
        if (lag == null) {
            detail.add("schedule lag not judged: " + lagNotJudged);
        } else if (lag.count() < DRIVER_LAG_MIN_COUNT) {
            detail.add(String.format(Locale.ROOT, "%s not judged: %d requests fell due in the interval, "
                    + "fewer than the %d a 99th percentile needs", lagName, lag.count(), DRIVER_LAG_MIN_COUNT));
        } else {
            judged = true;
            boolean late = lag.p99Ms() > DRIVER_LAG_P99_MAX_MS;
            saturated |= late;
            detail.add(String.format(Locale.ROOT, "%s p99 %.3f ms, max %.3f ms (limit %.0f ms at the p99)",
                    lagName, lag.p99Ms(), lag.maxMs(), DRIVER_LAG_P99_MAX_MS));
        }
        if (saturated) {
            detail.add("the database was not the only bottleneck: the rates and response times include the driver's "
                    + "own limits");
        }
        String text = String.join("; ", detail);
        return judged ? RuleResult.check(SATURATION, SATURATION_RULE, !saturated, text)
                : RuleResult.notApplicable(SATURATION, SATURATION_RULE, "cannot be judged: " + text);
    }
}
