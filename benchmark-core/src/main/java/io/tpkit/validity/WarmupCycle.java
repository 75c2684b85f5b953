package io.tpkit.validity;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.RuleResult;
import java.util.Locale;

/** {@code warm-up-cycle}: every terminal was past its first cycle when the measurement started. */
final class WarmupCycle {
    private WarmupCycle() {
    }

    private static final String WARMUP_CYCLE = "warm-up-cycle";
    private static final String WARMUP_CYCLE_RULE = "the warm-up lasts at least one mean cycle of a terminal (keying "
            + "+ response + think), so that every terminal is past its first transaction when the measurement starts";

    /**
     * Whether the warm-up covered one mean cycle of a terminal: every terminal's first
     * transaction has no think time before it (closed terminals start staggered over one think
     * time), so an interval that starts inside the first cycle measures the start-up, not the
     * steady state. For think-free workloads the cycle is the response time itself.
     *
     * @param notJudged          why the rule does not apply (a benchmark that fixes its run shape), or null
     * @param warmupSeconds      the warm-up that ran
     * @param keyingThinkSeconds a terminal's mean keying + think time per transaction as run (scaled by
     *                           the think factor; 0 for streams and think-free terminals)
     * @param meanResponseMs     the mean response time of the interval's terminal transactions, NaN when none
     */
    public static RuleResult warmupCycle(String notJudged, double warmupSeconds, double keyingThinkSeconds,
                                         double meanResponseMs) {
        if (notJudged != null) {
            return RuleResult.notApplicable(WARMUP_CYCLE, WARMUP_CYCLE_RULE, notJudged);
        }
        if (warmupSeconds <= 0) {
            return RuleResult.notApplicable(WARMUP_CYCLE, WARMUP_CYCLE_RULE, "no warm-up ran (see the warm-up rule)");
        }
        double response = Double.isNaN(meanResponseMs) ? 0 : meanResponseMs / 1000;
        double cycle = keyingThinkSeconds + response;
        String parts = keyingThinkSeconds > 0
                ? String.format(Locale.ROOT, "keying and think %.2f s + response %s", keyingThinkSeconds,
                        responseText(meanResponseMs))
                : "the response time: no keying or think time";
        boolean covered = warmupSeconds >= cycle;
        String detail = String.format(Locale.ROOT, "warm-up %.1f s; mean cycle %s (%s)", warmupSeconds,
                cycle >= 1 ? String.format(Locale.ROOT, "%.2f s", cycle) : String.format(Locale.ROOT, "%.1f ms", cycle * 1000),
                parts);
        if (!covered) {
            detail += String.format(Locale.ROOT, ": the measurement started while terminals were in their first "
                    + "cycle; --warmup %ds or more", (long) Math.ceil(cycle));
        }
        return RuleResult.check(WARMUP_CYCLE, WARMUP_CYCLE_RULE, covered, detail);
    }

    private static String responseText(double meanResponseMs) {
        return Double.isNaN(meanResponseMs) ? "unknown (nothing measured)"
                : String.format(Locale.ROOT, "%.1f ms", meanResponseMs);
    }

    /**
     * The mean response time of the measurement interval over the transactions terminals wait
     * for (deferred parts, which no terminal waits for, left out), in ms; NaN when none.
     */
    public static double meanResponseMs(RunMetrics metrics) {
        double sum = 0;
        long n = 0;
        for (io.tpkit.metrics.TypeSummary t : metrics.types()) {
            if (t.name().endsWith(io.tpkit.measurement.MetricsCollector.DEFERRED_SUFFIX)) {
                continue;
            }
            sum += t.response().meanMs() * t.response().count();
            n += t.response().count();
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
