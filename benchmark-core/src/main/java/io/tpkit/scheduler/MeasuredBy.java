package io.tpkit.scheduler;

import io.tpkit.config.ArrivalModel;

/** How a run's measurement was bounded and paced, in the words the result states it in. */
final class MeasuredBy {
    private MeasuredBy() {
    }

    static String describe(SchedulerSettings settings) {
        int n = settings.terminals();
        String measuredBy = settings.byCount()
                ? settings.transactions() + " committed transactions, split evenly across " + n + " terminals"
                : settings.duration().toSeconds() + " s duration";
        if (settings.rounds() != null) {
            Rounds r = settings.rounds();
            measuredBy = r.count() + (r.count() == 1 ? " iteration of " : " iterations of ") + measuredBy
                    + (r.count() == 1 ? ", ended by its last terminal" : ", each ended by its last terminal")
                    + (r.restart() ? "; each iteration opened its own connections and prepared its statements "
                    + "inside its clock, and closed them after" + (r.pause().isZero() ? ""
                    : " (then a pause of " + r.pause().toMillis() / 1000.0 + " s)") : "");
        }
        if (settings.rateLimited()) {
            measuredBy += (settings.arrival() == ArrivalModel.OPEN ? ", open arrivals at " : ", requests paced at ")
                    + settings.ratePerSecond() + "/s" + (settings.poisson() ? " (Poisson)" : "")
                    + " (response time from the slot)";
        }
        if (settings.latencyLimitNanos() > 0) {
            measuredBy += ", requests already " + settings.latencyLimitNanos() / 1_000_000.0
                    + " ms late when due skipped";
        }
        return measuredBy;
    }
}
