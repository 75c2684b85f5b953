package io.tpkit.tp1;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.RuleResult;
import java.util.Locale;

/**
 * TPC-A and TPC-B scale the database with the throughput (digest section 3): one branch (10
 * tellers, 100,000 accounts) per transaction per second, so a rate of X TPS needs at least X
 * branches. The bound is the same; what exceeding it means differs:
 *
 * <ul>
 *   <li>TPC-B: the drivers run back to back and the rate is whatever the database sustains, so the
 *       rate is the claim and the database must be sized for it: at most 1 TPS per branch, no
 *       allowance (load more branches).</li>
 *   <li>TPC-A: 10 terminals per branch with a mean cycle of at least 10 s offer at most 1 TPS per
 *       branch; the count they complete scatters around that (at most as widely as a Poisson
 *       count, because a cycle varies less than an exponential), so the rule fails only above
 *       the expected count plus three standard deviations. More means the terminals were not
 *       paced or were too many.</li>
 * </ul>
 */
final class BranchThroughput {
    static final String ID = "throughput-per-branch";
    static final double TPS_PER_BRANCH = 1.0;

    private BranchThroughput() {
    }

    static RuleResult rule(int branches, boolean tpcA, RunMetrics m) {
        String rule = tpcA
                ? "at most " + (int) TPS_PER_BRANCH + " TPS per branch: what 10 terminals per branch at 10 s cycles "
                        + "offer (TPC-A; judged with three standard deviations of the count)"
                : "at most " + (int) TPS_PER_BRANCH + " TPS per branch: the database is sized for the throughput "
                        + "(TPC-B: X TPS needs X branches)";
        double seconds = m.measurementSeconds();
        long committed = m.totalCommitted();
        if (seconds <= 0 || committed == 0) {
            return RuleResult.notApplicable(ID, rule, "no transaction was measured");
        }
        double tps = committed / seconds;
        double bound = branches * TPS_PER_BRANCH * seconds;
        double allowed = tpcA ? bound + 3 * Math.sqrt(bound) : bound;
        String detail = String.format(Locale.ROOT, "%.2f TPS (%,d committed in %.1f s) for %d branch%s", tps,
                committed, seconds, branches, branches == 1 ? "" : "es");
        if (committed <= allowed) {
            return RuleResult.check(ID, rule, true, detail + (tpcA ? String.format(Locale.ROOT,
                    "; at most %,.0f committed allowed", Math.floor(allowed)) : ""));
        }
        int needed = (int) Math.ceil(tps / TPS_PER_BRANCH);
        return RuleResult.check(ID, rule, false, detail + (tpcA
                ? String.format(Locale.ROOT, "; more than the %,.0f 10 s cycles allow: were the terminals paced "
                        + "(--think spec) and 10 per branch?", Math.floor(allowed))
                : String.format(Locale.ROOT, "; this rate needs at least %d branches (--scale %d)", needed, needed)));
    }
}
