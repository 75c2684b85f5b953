package io.tpkit.validity;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.RuleResult;

/** {@code rate-reached}: a paced run (--rate) ran at the rate it was given. */
final class RateReached {
    private RateReached() {
    }

    /** The share of a --rate target a run must reach to say it ran at that rate. */
    static final double RATE_REACHED = 0.98;

    /**
     * A paced run (--rate) measures latency at a given load only if it ran at that load: whether
     * the requests of the interval's slots started (at their slot or later), as a share of the
     * slots the schedule put in the interval, reached {@link #RATE_REACHED}; and how far behind
     * their slots they started (the schedule lag), as pgbench -R reports it. The slots are the
     * schedule's own count: with Poisson arrivals the number of arrivals in the interval is random
     * (at 10/s over 60 s, 600 +- 24.5), and a comparison of completions per second with the
     * nominal rate failed a database that kept up about 31 % of the time. Counting the work and
     * the schedule by the same slots takes that chance out. Results that did not count slots are
     * judged as before, by completions per second.
     */
    public static RuleResult rateReached(double targetPerSecond, RunMetrics metrics) {
        double seconds = metrics.measurementSeconds();
        double completed = seconds <= 0 ? 0 : (metrics.totalCommitted() + metrics.totalBusinessRollbacks()
                + metrics.totalFailed()) / seconds;
        io.tpkit.metrics.LatencySummary lag = metrics.scheduleLag();
        io.tpkit.metrics.RateSchedule s = metrics.schedule();
        String lagText = String.format(java.util.Locale.ROOT, "started behind their slot: p50 %.1f ms, p99 %.1f ms, "
                + "max %.1f ms", lag.p50Ms(), lag.p99Ms(), lag.maxMs());
        String rule = String.format(java.util.Locale.ROOT, "the requests of at least %.0f%% of the --rate schedule's "
                + "slots in the measurement interval started", 100 * RATE_REACHED);
        if (s == null || !s.countedBySlot()) {
            return RuleResult.check("rate-reached", rule, completed >= RATE_REACHED * targetPerSecond,
                    String.format(java.util.Locale.ROOT, "target %.1f/s, reached %.1f/s (%.1f%%; completions per "
                                    + "second, this result counted no slots); %s%s", targetPerSecond, completed,
                            100 * completed / targetPerSecond, lagText, lateDetail(s)));
        }
        if (s.scheduled() == 0) {
            return RuleResult.notApplicable("rate-reached", rule, String.format(java.util.Locale.ROOT,
                    "cannot be judged: the schedule (%.1f/s, %s) put no arrival in the interval", targetPerSecond,
                    s.interarrival()));
        }
        double share = (double) s.started() / s.scheduled();
        String detail = String.format(java.util.Locale.ROOT, "target %.1f/s, %s gaps: the schedule put %d arrivals in "
                        + "the %.1f s interval (%.1f/s), %d of them started (%.1f%%)%s; completed in the interval "
                        + "%.1f/s; %s%s%s", targetPerSecond, s.interarrival(), s.scheduled(), seconds,
                seconds <= 0 ? 0 : s.scheduled() / seconds, s.started(), 100 * share,
                s.skipped() > 0 || s.backlog() > 0 ? String.format(java.util.Locale.ROOT,
                        ", %d skipped, %d never started", s.skipped(), s.backlog()) : "",
                completed, lagText, backlogDetail(s), lateDetail(s));
        return RuleResult.check("rate-reached", rule, share >= RATE_REACHED, detail);
    }

    /** The backlog's lateness at the interval's end: lower bounds of response times never measured. */
    static String backlogDetail(io.tpkit.metrics.RateSchedule s) {
        if (s.backlog() <= 0 || s.backlogLateness() == null || s.backlogLateness().count() == 0) {
            return "";
        }
        io.tpkit.metrics.LatencySummary b = s.backlogLateness();
        io.tpkit.metrics.LatencySummary all = s.responseWithBacklog();
        return String.format(java.util.Locale.ROOT, "; the %d arrivals never started had waited %.1f ms at the "
                        + "median and %.1f ms at the most when the interval ended (censored: their response times are "
                        + "at least that), and with them what was due in the interval responded in p99 >= %.1f ms, "
                        + "max >= %.1f ms", b.count(), b.p50Ms(), b.maxMs(), all.p99Ms(), all.maxMs());
    }

    /** With a latency limit: what was skipped and what came late, as pgbench -R --latency-limit says it. */
    static String lateDetail(io.tpkit.metrics.RateSchedule late) {
        if (late == null) {
            return "";
        }
        String behind = late.behindAtEndSeconds() > 0 ? String.format(java.util.Locale.ROOT,
                "; at the interval's end the schedule was %.1f s behind (about %.0f arrivals due and not started)",
                late.behindAtEndSeconds(), late.behindAtEndSeconds() * late.targetPerSecond()) : "";
        if (late.limitMs() <= 0) {
            return behind;
        }
        long due = late.executed() + late.skipped();
        return String.format(java.util.Locale.ROOT, "; %d skipped (%.1f%% of %d due; already later than the %.0f ms "
                        + "limit when due), %d executed ones completed later than it", late.skipped(),
                due == 0 ? 0 : 100.0 * late.skipped() / due, due, late.limitMs(), late.aboveLimit()) + behind;
    }
}
