package io.tpkit.tpcc;

import io.tpkit.metrics.DeferredSummary;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.workload.MeasuredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a TPC-C run measured, built directly for the rules: a conformant 1-warehouse, 2-hour run
 * unless changed (the 23-card deck's shares, 1 % rollbacks, fast responses, spec think times).
 */
final class TpccFacts {
    /** Completed transactions (committed + business rollbacks) per type, in TpccTransactionType order. */
    final long[] completed = {1_500, 1_500, 150, 150, 150};
    long newOrderRollbacks = 15;
    final double[] p90Ms = {50, 50, 50, 50, 50};
    double deferredP90Ms = 200;
    /** Deliveries queued in the interval that failed, were never executed, or skipped a district. */
    long deferredFailed;
    long deferredNotExecuted;
    long deferredSkipped;
    /** Whether the run followed its queued deliveries to their end (false: an older result's metrics). */
    boolean deferredFollowed = true;
    double seconds = 7_200;
    int terminals = 10;
    double thinkFactor = 1.0;

    TpccFacts completed(TpccTransactionType type, long n) {
        completed[type.ordinal()] = n;
        return this;
    }

    TpccFacts newOrders(long n, long rollbacks) {
        completed[TpccTransactionType.NEW_ORDER.ordinal()] = n;
        newOrderRollbacks = rollbacks;
        return this;
    }

    TpccFacts p90(TpccTransactionType type, double ms) {
        p90Ms[type.ordinal()] = ms;
        return this;
    }

    TpccFacts deferredP90(double ms) {
        deferredP90Ms = ms;
        return this;
    }

    TpccFacts deliveries(long failed, long notExecuted, long skipped) {
        deferredFailed = failed;
        deferredNotExecuted = notExecuted;
        deferredSkipped = skipped;
        return this;
    }

    TpccFacts deferredNotFollowed() {
        deferredFollowed = false;
        return this;
    }

    TpccFacts seconds(double s) {
        seconds = s;
        return this;
    }

    TpccFacts terminals(int n) {
        terminals = n;
        return this;
    }

    TpccFacts think(double factor) {
        thinkFactor = factor;
        return this;
    }

    MeasuredRun build() {
        List<TypeSummary> types = new ArrayList<>();
        long committed = 0;
        for (TpccTransactionType t : TpccTransactionType.values()) {
            long rollbacks = t == TpccTransactionType.NEW_ORDER ? newOrderRollbacks : 0;
            long c = completed[t.ordinal()] - rollbacks;
            committed += c;
            types.add(type(t.label(), c, rollbacks, p90Ms[t.ordinal()]));
        }
        long deliveries = completed[TpccTransactionType.DELIVERY.ordinal()];
        types.add(type("delivery (deferred)", deliveries, 0, deferredP90Ms));
        RunMetrics metrics = new RunMetrics(10, seconds, seconds + " s duration", committed, newOrderRollbacks, 0, 0,
                committed, new Throughput(committed / seconds, committed / seconds), types, none(), false);
        if (deferredFollowed) {
            metrics = metrics.withDeferred(deferred(deliveries));
        }
        return new MeasuredRun(metrics, terminals, 4, thinkFactor, Map.of());
    }

    /**
     * The deliveries queued in the interval: those not failed or left unexecuted completed, at
     * the p90 set, unless more than 10% never completed.
     */
    private DeferredSummary deferred(long queued) {
        long never = deferredFailed + deferredNotExecuted;
        long completed = queued - never;
        Double p90 = queued == 0 || completed < Math.ceil(0.9 * queued) ? null : deferredP90Ms / 1000;
        LatencySummary q2c = new LatencySummary(completed, deferredP90Ms / 2, deferredP90Ms / 2, deferredP90Ms,
                deferredP90Ms, deferredP90Ms, deferredP90Ms, deferredP90Ms);
        return new DeferredSummary(queued, completed, deferredFailed, deferredNotExecuted, deferredSkipped, q2c, p90,
                0, 0, 1, 2);
    }

    private TypeSummary type(String name, long committed, long rollbacks, double p90) {
        LatencySummary response = new LatencySummary(committed + rollbacks, p90 / 2, p90 / 2, p90, p90, p90, p90, p90);
        return new TypeSummary(name, committed, committed, 0, Map.of(), rollbacks, Map.of(), Map.of(), Map.of(),
                committed / seconds, response, none(), none());
    }

    private static LatencySummary none() {
        return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
    }
}
