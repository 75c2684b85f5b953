package io.tpkit.tp1;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The TPC-A / TPC-B rules a run is audited against, beyond the rules every workload shares. */
final class Tp1Rules {
    /** TPC-A and TPC-B: 90 % of transactions within 2 s. Not confirmed from the spec text. */
    static final double RESPONSE_LIMIT_MS = 2_000;
    static final String TRANSACTION_TYPE = "debit-credit";

    private Tp1Rules() {
    }

    static List<RuleResult> evaluate(Tp1Settings settings, MeasuredRun facts) {
        Tp1Size size = settings.size();
        List<RuleResult> rules = new ArrayList<>();
        rules.add(RuleResult.check("standard-scale",
                "each branch has " + Tp1Size.TELLERS_PER_BRANCH + " tellers and "
                        + Tp1Size.STANDARD_ACCOUNTS_PER_BRANCH + " accounts (TPC-A/TPC-B scaling)",
                size.standard(),
                size.standard()
                        ? size.tellers() + " tellers and " + size.accounts() + " accounts for " + size.branches() + " branches"
                        : size.accountsPerBranch() + " accounts per branch: a shrunken account table changes "
                                + "what is measured, so this run is non-standard"));
        if (settings.sub() != SubTransaction.NONE) {
            // a component rate for the upper bound: TP1's rate and response rules do not apply to it
            rules.add(RuleResult.check("debit-credit", "the run measures the DebitCredit transaction", false,
                    "it measures " + settings.sub().description + ", a sub-transaction of seed 000 section 3 "
                            + "whose peak rate bounds TP1's throughput ('tpkit bound tp1'); not a TP1 result"));
            return rules;
        }
        rules.add(BranchThroughput.rule(size.branches(), settings.tpcA(), facts.metrics()));
        if (settings.tpcA()) {
            rules.add(terminals(size, facts));
            rules.add(cycleTime(facts));
            rules.add(responseTime(facts, "90 % of transactions respond within 2 s, measured at the terminal "
                    + "including queueing (TPC-A; the 2 s limit is not verified from the spec text)"));
        } else {
            rules.add(responseTime(facts, "90 % of transactions have a residence time within 2 s "
                    + "(TPC-B; the 2 s limit is not verified from the spec text)"));
        }
        return rules;
    }

    private static RuleResult terminals(Tp1Size size, MeasuredRun facts) {
        int standard = size.tellers();
        return RuleResult.check("tpc-a-terminals",
                Tp1Size.TELLERS_PER_BRANCH + " terminals per branch, one per teller (TPC-A)",
                facts.terminals() == standard,
                facts.terminals() + " terminals for " + size.branches() + " branches (standard: " + standard + ")");
    }

    /**
     * The terminals' pacing: the think factor decides it. The measured mean cycle is shown, but it
     * does not decide the rule, because over a short run it scatters around 10 s by chance.
     */
    private static RuleResult cycleTime(MeasuredRun facts) {
        RunMetrics m = facts.metrics();
        double think = ThinkTime.MEAN_SECONDS * facts.thinkFactor();
        StringBuilder detail = new StringBuilder(String.format(Locale.ROOT,
                "think factor %.2f: mean think time %.2f s", facts.thinkFactor(), think));
        TypeSummary type = type(m);
        if (type != null && type.response().count() > 0) {
            detail.append(String.format(Locale.ROOT, " + mean response %.1f ms", type.response().meanMs()));
        }
        long requests = m.totalCommitted() + m.totalBusinessRollbacks() + m.totalFailed();
        if (requests > 0 && m.measurementSeconds() > 0) {
            double cycle = facts.terminals() * m.measurementSeconds() / requests;
            detail.append(String.format(Locale.ROOT, "; measured mean cycle %.2f s per terminal "
                    + "(%d terminals, %d transactions in %.1f s)", cycle, facts.terminals(), requests,
                    m.measurementSeconds()));
        }
        return RuleResult.check("tpc-a-cycle-time",
                "each terminal's mean cycle time (think + response) is at least "
                        + (int) ThinkTime.MEAN_SECONDS + " s: think time at full length (factor >= 1)",
                facts.thinkFactor() >= 1.0, detail.toString());
    }

    private static RuleResult responseTime(MeasuredRun facts, String rule) {
        TypeSummary type = type(facts.metrics());
        if (type == null || type.response().count() == 0) {
            return RuleResult.notApplicable("response-time-90th", rule, "no transaction was measured");
        }
        LatencySummary r = type.response();
        return RuleResult.check("response-time-90th", rule, r.p90Ms() <= RESPONSE_LIMIT_MS,
                String.format(Locale.ROOT, "90th percentile %.1f ms (mean %.1f ms, max %.1f ms, %d transactions)",
                        r.p90Ms(), r.meanMs(), r.maxMs(), r.count()));
    }

    private static TypeSummary type(RunMetrics m) {
        if (m.types() == null) {
            return null;
        }
        return m.types().stream().filter(t -> TRANSACTION_TYPE.equals(t.name())).findFirst().orElse(null);
    }
}
