package io.tpkit.validity;

import io.tpkit.monitor.Monitor;
import io.tpkit.spi.workload.RuleResult;
import java.util.List;
import java.util.Locale;

/** {@code quiet-machine}: other processes left the machine to the database and the driver. */
final class QuietMachine {
    private QuietMachine() {
    }

    /** The share of the machine's CPUs other processes may take before the figures measure them too. */
    public static final double OTHER_CPU_MAX_PCT = 10;
    public static final String QUIET_MACHINE = "quiet-machine";
    static final String QUIET_MACHINE_RULE = "the machine was the benchmark's: other processes than the database "
            + "and the driver took at most " + (int) OTHER_CPU_MAX_PCT + "% of its CPUs over the measurement interval";

    /**
     * On a shared machine the other work takes CPU from the database and the driver, and the
     * figures measure it too: a run in which other processes took more than
     * {@link #OTHER_CPU_MAX_PCT} of the CPUs on average over the interval is labelled. Judged
     * from the monitor's seconds inside the interval, only when the database's processes are
     * measured on this machine (otherwise its CPU cannot be told from the others').
     */
    public static RuleResult quietMachine(List<Monitor.Row> rows, Double from, Double to) {
        if (from == null || to == null) {
            return RuleResult.notApplicable(QUIET_MACHINE, QUIET_MACHINE_RULE, "no measurement interval");
        }
        List<Monitor.Row> inside = rows.stream().filter(r -> r.middleIn(from, to)).toList();
        Double mean = io.tpkit.monitor.IterationConditions.meanOfRows(inside, Monitor.Row::otherCpuPct);
        if (mean == null) {
            return RuleResult.notApplicable(QUIET_MACHINE, QUIET_MACHINE_RULE, "cannot be judged: the CPU of the "
                    + "database's processes is measured only when the database runs on the driver's machine (and for "
                    + "a whole second of the interval)");
        }
        double most = inside.stream().mapToDouble(Monitor.Row::otherCpuPct).filter(v -> !Double.isNaN(v)).max()
                .orElse(mean);
        String figures = String.format(Locale.ROOT, "other processes took %.1f%% of the CPUs on average over the "
                + "interval's %d monitored seconds, %.1f%% in the busiest", mean, inside.size(), most);
        return mean <= OTHER_CPU_MAX_PCT ? RuleResult.check(QUIET_MACHINE, QUIET_MACHINE_RULE, true, figures)
                : RuleResult.check(QUIET_MACHINE, QUIET_MACHINE_RULE, false, figures + ": they ran beside the "
                + "benchmark and took from it; run on a machine nothing else uses, or repeat and compare");
    }
}
