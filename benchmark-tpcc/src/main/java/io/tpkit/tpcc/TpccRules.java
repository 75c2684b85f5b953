package io.tpkit.tpcc;

import io.tpkit.metrics.DeferredSummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The TPC-C rules of the built-in auditor (spec digest sections 4 and 6). */
final class TpccRules {
    private TpccRules() {
    }

    static List<RuleResult> evaluate(MeasuredRun facts, int warehouses, boolean foreignKeys) {
        RunMetrics m = facts.metrics();
        List<RuleResult> rules = new ArrayList<>();
        rules.add(RuleResult.check("terminals", "10 terminals per warehouse (" + 10 * warehouses + ")",
                facts.terminals() == 10 * warehouses, facts.terminals() + " terminals"));
        // the spec sets minimums: longer keying and think times (a factor above 1) comply
        rules.add(RuleResult.check("keying-think-times",
                "at least the spec's keying times and mean think times (--think spec, or a factor of at least 1)",
                facts.thinkFactor() >= 1.0, "think factor " + facts.thinkFactor()));
        rules.add(RuleResult.check("foreign-keys", "the spec's foreign keys are declared", foreignKeys,
                foreignKeys ? "declared" : "--foreign-keys off"));
        rules.add(mix(m));
        rules.add(responseTimes(m));
        if (m.deferred() != null) {
            rules.add(skippedDeliveries(m.deferred()));
        }
        rules.add(rollbacks(m));
        rules.add(NopmCeilingRule.judge(m, warehouses));
        return rules;
    }

    private static long completed(TypeSummary t) {
        return t.committed() + t.businessRollbacks();
    }

    /**
     * §5.2.3: Payment at least 43%, Order-Status, Delivery and Stock-Level at least 4% each, of
     * the interval's completed transactions. The terminals deal from a 23-card deck (Payment
     * 43.48 %, the small three 4.35 % each), and the interval's shares scatter around those: hard
     * cut-offs failed a correct generator most of the time in short runs (over 10 minutes with
     * 10 terminals, some 290 transactions). Each share is judged as {@link SampleJudgement#atLeast}
     * does, against the deck's share: a share below its minimum fails when chance cannot explain
     * it; with too few transactions to tell, the rule is not judged.
     */
    private static RuleResult mix(RunMetrics m) {
        String rule = "the transaction mix meets the spec's minimum shares (Payment 43%, Order-Status, Delivery and "
                + "Stock-Level 4% each), judged against the deck's 43.48% and 4.35% (exact binomial)";
        long total = 0;
        for (TpccTransactionType t : TpccTransactionType.values()) {
            total += completed(m.types().get(t.ordinal()));
        }
        if (total == 0) {
            return RuleResult.check("mix", rule, false, "no transaction completed");
        }
        int cards = java.util.Arrays.stream(CardDeck.SMALLEST).sum();
        List<String> detail = new ArrayList<>();
        boolean failed = false;
        boolean undecided = false;
        for (TpccTransactionType t : TpccTransactionType.values()) {
            long n = completed(m.types().get(t.ordinal()));
            if (t == TpccTransactionType.NEW_ORDER) {
                detail.add(String.format(Locale.ROOT, "%s %.2f%%", t.label(), 100.0 * n / total));
                continue;
            }
            double minimum = t == TpccTransactionType.PAYMENT ? 0.43 : 0.04;
            SampleJudgement.Judged j = SampleJudgement.atLeast(t.label(), n, total, minimum,
                    (double) CardDeck.SMALLEST[t.ordinal()] / cards);
            failed |= j.status() == RuleResult.Status.FAILED;
            undecided |= j.status() == RuleResult.Status.NOT_APPLICABLE;
            detail.add(j.text().replaceFirst(" of [0-9,]+", ""));
        }
        String text = String.join(", ", detail) + String.format(Locale.ROOT, " of %,d completed", total);
        if (!failed && undecided) {
            return RuleResult.notApplicable("mix", rule, "cannot be judged: " + text);
        }
        return RuleResult.check("mix", rule, !failed, text);
    }

    /**
     * §5.2.5.7: 90% within 5 s (Stock-Level 20 s); the deferred Delivery within 80 s of queueing.
     * The detail names what failed first; a type without a sample is "no sample", never a 0 s p90.
     */
    private static RuleResult responseTimes(RunMetrics m) {
        List<String> over = new ArrayList<>();
        List<String> within = new ArrayList<>();
        List<String> unsampled = new ArrayList<>();
        for (TpccTransactionType t : TpccTransactionType.values()) {
            io.tpkit.metrics.LatencySummary r = m.types().get(t.ordinal()).response();
            if (r.count() == 0) {
                unsampled.add(t.label());
                continue;
            }
            double p90 = r.p90Ms() / 1000;
            (p90 <= t.responseLimit90().toSeconds() ? within : over).add(String.format(Locale.ROOT,
                    "%s p90 %.3f s (limit %d s)", t.label(), p90, t.responseLimit90().toSeconds()));
        }
        DeferredSummary d = m.deferred();
        long limit = TpccTransactionType.DEFERRED_DELIVERY_LIMIT.toSeconds();
        if (d != null) {
            // the deliveries queued in the interval, followed to their end: one that never
            // completed (failed, or still queued when the run ended) is later than the limit
            long never = d.failed() + d.notExecuted();
            if (d.queued() == 0) {
                over.add("delivery (deferred): no Delivery was queued in the interval, so its " + limit + " s limit was "
                        + "never shown met");
            } else if (d.p90Seconds() == null) {
                over.add(String.format(Locale.ROOT, "delivery (deferred): %d of the %d queued in the interval "
                        + "never completed (%d failed, %d not executed), more than 10%%", never, d.queued(),
                        d.failed(), d.notExecuted()));
            } else {
                String text = String.format(Locale.ROOT, "delivery (deferred) p90 %.3f s from queue to commit "
                        + "(limit %d s) over the %d queued in the interval", d.p90Seconds(), limit, d.queued())
                        + (never > 0 ? String.format(Locale.ROOT, ", %d never completed and counted as late", never) : "");
                (d.p90Seconds() <= limit ? within : over).add(text);
            }
        } else if (m.types().size() > TpccTransactionType.values().length) {
            io.tpkit.metrics.LatencySummary r = m.types().get(TpccTransactionType.values().length).response();
            if (r.count() == 0) {
                unsampled.add("delivery (deferred)");
            } else {
                double p90 = r.p90Ms() / 1000;
                (p90 <= limit ? within : over).add(String.format(Locale.ROOT, "delivery (deferred) p90 %.3f s "
                        + "(limit %d s)", p90, limit));
            }
        }
        List<String> parts = new ArrayList<>();
        if (!over.isEmpty()) {
            parts.add("over the limit: " + String.join(", ", over));
        }
        if (!unsampled.isEmpty()) {
            parts.add("no sample: " + String.join(", ", unsampled));
        }
        if (!within.isEmpty()) {
            parts.add("within: " + String.join(", ", within));
        }
        String rule = "90% of each type within its response-time limit";
        String detail = String.join("; ", parts);
        if (over.isEmpty() && !unsampled.isEmpty()) {
            return RuleResult.notApplicable("response-time-90th", rule, "cannot be judged: " + detail);
        }
        return RuleResult.check("response-time-90th", rule, over.isEmpty(), detail);
    }

    /**
     * §2.7.4.2: a Delivery skips a district that has no undelivered order; at most 1% of the
     * Deliveries (or one, whichever is more) may skip, counted over the Deliveries queued in the
     * interval that completed.
     */
    static RuleResult skippedDeliveries(DeferredSummary d) {
        long allowed = Math.max(1, (long) Math.floor(0.01 * d.completed()));
        return RuleResult.check("skipped-deliveries",
                "at most 1% of the Deliveries (or one) skipped a district that had no new order",
                d.skipped() <= allowed, String.format(Locale.ROOT, "%d of %d completed Deliveries skipped a district "
                        + "(at most %d allowed)", d.skipped(), d.completed(), allowed));
    }

    /**
     * §9.2.2.5: 0.9% to 1.1% of New-Orders roll back on the unused item. Judged on what the
     * database did in the measurement interval (the generator's draws and their execution
     * together), as far as the number of New-Orders supports: see {@link SampleJudgement}.
     */
    private static RuleResult rollbacks(RunMetrics m) {
        TypeSummary newOrder = m.types().get(TpccTransactionType.NEW_ORDER.ordinal());
        return SampleJudgement.share("new-order-rollbacks", "New-Orders rolled back on the unused item",
                "the New-Orders completed in the measurement interval", newOrder.businessRollbacks(), completed(newOrder),
                0.009, 0.011);
    }
}
