package io.tpkit.validity;

import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;

/** {@code no-outage}: the database answered throughout the measurement interval. */
final class NoOutage {
    private NoOutage() {
    }

    /**
     * Steady state: no outage (seconds without a completed transaction, with failures) inside
     * the measurement interval. Stalls are not judged here: see the four-argument form.
     *
     * @param from the interval's start and end, in seconds since the run started, as the outages
     */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, Double from, Double to) {
        return steadyState(outages, null, from, to);
    }

    private static final String NO_OUTAGE = "no-outage";

    /**
     * Steady state: the database answered throughout the measurement interval. Neither an outage
     * (seconds in which nothing completed and failures were reported) nor a stall (a whole
     * sampled second, or more, in which requests were outstanding and nothing completed at all,
     * not even a failure: a lock held, a stalled disk) lies inside it. A stall is found from the
     * one-second samples, so one shorter than a whole sampled second is not seen here (its
     * transactions' response times show it), and a 2.5 s one shows as one or two seconds.
     *
     * @param stalls the run's stalls, or null when the samples did not say what was in flight
     *               (the rule then claims no more than the outages it checks)
     * @param from   the interval's start and end, in seconds since the run started, as the outages
     */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, io.tpkit.metrics.Stalls stalls,
                                         Double from, Double to) {
        String rule = stalls == null
                ? "no outage inside the measurement interval (seconds in which nothing completed and failures were "
                + "reported; stalls without failures not judged: in-flight requests were not counted)"
                : "no outage or stall inside the measurement interval: in every whole second with requests "
                + "outstanding something completed (an outage: failures and nothing completed; a stall: nothing "
                + "completed, not even a failure)";
        if (from == null) {
            return RuleResult.notApplicable(NO_OUTAGE, rule, "the measurement interval never started");
        }
        double end = to == null ? Double.MAX_VALUE : to;
        List<io.tpkit.metrics.Outage> inside = outages.stream().filter(o -> o.to() > from && o.from() < end).toList();
        double seconds = inside.stream().mapToDouble(o -> Math.min(o.to(), end) - Math.max(o.from(), from)).sum();
        List<String> found = new ArrayList<>();
        if (!inside.isEmpty()) {
            found.add(String.format(java.util.Locale.ROOT, "%d outage(s), %.1f s in all, the first from %.1f s",
                    inside.size(), seconds, inside.getFirst().from()));
        }
        List<io.tpkit.metrics.Stalls.Stall> stalled = stalls == null ? List.of()
                : stalls.stretches().stream().filter(st -> st.to() > from && st.from() < end).toList();
        if (!stalled.isEmpty()) {
            double stalledSeconds = stalled.stream().mapToDouble(st -> Math.min(st.to(), end) - Math.max(st.from(), from))
                    .sum();
            io.tpkit.metrics.Stalls.Stall first = stalled.getFirst();
            found.add(String.format(java.util.Locale.ROOT, "%d stall(s) without failures, %.1f s in all (whole "
                            + "sampled seconds), the first from %.1f s with %d request(s) outstanding", stalled.size(),
                    stalledSeconds, first.from(), first.inFlight()));
        }
        return RuleResult.check(NO_OUTAGE, rule, found.isEmpty(), found.isEmpty() ? "none" : String.join("; ", found));
    }
}
