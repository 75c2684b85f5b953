package io.tpkit.hpss;

import io.tpkit.metrics.Headline;
import io.tpkit.metrics.HeadlineFigure;
import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;
import java.util.List;
import java.util.Map;

/**
 * The report's table form: the create rate of each iteration (creates committed in it over its
 * wall time), with mean, high and low, and how the last iteration compares with the first.
 */
final class HpssReport {
    /** The id of the mean of the iterations' rates: the report's headline and a sweep's figure. */
    static final String MEAN = "createsPerSecondMean";

    private HpssReport() {
    }

    static Map<String, HeadlineFigure> headline(RunMetrics metrics) {
        Headline h = new Headline();
        List<Iteration> rounds = metrics.iterations();
        if (rounds.isEmpty()) {
            return h.figures();
        }
        double sum = 0;
        double high = 0;
        double low = Double.MAX_VALUE;
        for (Iteration it : rounds) {
            sum += it.perSecond();
            high = Math.max(high, it.perSecond());
            low = Math.min(low, it.perSecond());
        }
        String how = " (creates committed in an iteration / its wall time, over " + rounds.size()
                + (rounds.size() == 1 ? " iteration)" : " iterations)");
        h.add(MEAN, "creates/s mean" + how, sum / rounds.size(), HeadlineFigure.PER_SECOND);
        h.add("createsPerSecondHigh", "creates/s high", high, HeadlineFigure.PER_SECOND);
        h.add("createsPerSecondLow", "creates/s low", low, HeadlineFigure.PER_SECOND);
        double first = rounds.getFirst().perSecond();
        double last = rounds.getLast().perSecond();
        h.add("createsPerSecondFirstIteration", "creates/s first iteration", first, HeadlineFigure.PER_SECOND);
        h.add("createsPerSecondLastIteration", "creates/s last iteration", last, HeadlineFigure.PER_SECOND);
        if (first > 0) {
            h.add("lastVsFirstIterationPct", "last vs first iteration %", 100 * (last - first) / first,
                    HeadlineFigure.PERCENT);
        }
        TypeSummary create = metrics.types().getFirst();
        long duplicates = create.retries().getOrDefault("duplicate_key", 0L);
        h.add("duplicateKeys", "duplicate keys (drawn again and retried)", duplicates, HeadlineFigure.COUNT);
        return h.figures();
    }
}
