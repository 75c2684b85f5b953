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
 * wall time), with mean, high and low, and how the last iteration compares with the first; and
 * beside them the creates of all iterations over their total wall time.
 *
 * <p>Two means, for two questions. The report's figure is the arithmetic mean of the
 * iterations' rates ({@link #MEAN}), kept as the seed publishes it. Every iteration does the
 * same creates, so the rate the whole run sustained is their total over the total time
 * ({@link #OVERALL}), the harmonic mean of the iteration rates: a slow iteration (a checkpoint)
 * weighs by the time it took, where the arithmetic mean counts one fast iteration as much as
 * one slow one and so overstates what the run sustained. A sweep's peak and knee compare what
 * each point sustained: they use {@link #OVERALL}.
 */
final class HpssReport {
    /** The id of the mean of the iterations' rates: the report's headline. */
    static final String MEAN = "createsPerSecondMean";
    /** The id of all iterations' creates over their total wall time: a sweep's figure. */
    static final String OVERALL = "createsPerSecondOverall";

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
        long creates = 0;
        double seconds = 0;
        for (Iteration it : rounds) {
            sum += it.perSecond();
            high = Math.max(high, it.perSecond());
            low = Math.min(low, it.perSecond());
            creates += it.committed();
            seconds += it.seconds();
        }
        String over = rounds.size() + (rounds.size() == 1 ? " iteration" : " iterations");
        h.add(MEAN, "creates/s mean (the report's figure: the arithmetic mean of the iterations' rates, creates "
                + "committed in an iteration / its wall time, over " + over + ")", sum / rounds.size(),
                HeadlineFigure.PER_SECOND);
        if (seconds > 0) {
            h.add(OVERALL, "creates/s overall (the creates of all " + over + " / their total wall time: the harmonic "
                    + "mean of the iterations' rates, each doing the same creates, so what the run sustained; a "
                    + "sweep's peak and knee use it)", creates / seconds, HeadlineFigure.PER_SECOND);
        }
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
