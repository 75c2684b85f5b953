package io.tpkit.hpss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.metrics.HeadlineFigure;
import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's table form (mean, high, low, first, last, change) on rates worked out by hand. */
class HpssReportTest {
    private static Map<String, HeadlineFigure> headline(List<Iteration> iterations, long duplicates) {
        LatencySummary none = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        long committed = iterations.stream().mapToLong(Iteration::committed).sum();
        TypeSummary create = new TypeSummary(HpssBoundWorkload.TRANSACTION_TYPE, committed, committed, 0, Map.of(),
                0, Map.of("duplicate_key", duplicates), Map.of(), Map.of(), 0, none, none, none);
        RunMetrics m = new RunMetrics(0, 1, "fixed", committed, 0, 0, duplicates, committed, new Throughput(1, 1),
                List.of(create), none, false).withIterations(iterations);
        return HpssReport.headline(m);
    }

    private static double value(Map<String, HeadlineFigure> h, String id) {
        return h.get(id).value();
    }

    @Test
    void meanHighLowFirstLastAndChangeOfThreeIterations() {
        // 1,000 creates in 10 s (100/s), 1,000 in 4 s (250/s), 1,000 in 20 s (50/s)
        Map<String, HeadlineFigure> h = headline(List.of(new Iteration(1, 10, 1_000), new Iteration(2, 4, 1_000),
                new Iteration(3, 20, 1_000)), 3);

        // the mean of the iterations' rates, as the report's "averaged ... with the high and low"
        assertThat(value(h, "createsPerSecondMean")).isCloseTo((100 + 250 + 50) / 3.0, within(1e-9));
        assertThat(value(h, "createsPerSecondHigh")).isCloseTo(250, within(1e-9));
        assertThat(value(h, "createsPerSecondLow")).isCloseTo(50, within(1e-9));
        assertThat(value(h, "createsPerSecondFirstIteration")).isCloseTo(100, within(1e-9));
        assertThat(value(h, "createsPerSecondLastIteration")).isCloseTo(50, within(1e-9));
        assertThat(value(h, "lastVsFirstIterationPct")).isCloseTo(-50, within(1e-9));
        assertThat(value(h, "duplicateKeys")).isEqualTo(3);
        assertThat(h.get("createsPerSecondMean").label()).contains("over 3 iterations");
    }

    @Test
    void theMeanIsOfTheRatesAndTheOverallFigureTheTotalOverTheTotalTime() {
        // 3,000 creates in 34 s: 88.2/s sustained, the harmonic mean of 100, 250 and 50; the
        // report averages the iterations' rates instead, 133.3/s
        Map<String, HeadlineFigure> h = headline(List.of(new Iteration(1, 10, 1_000), new Iteration(2, 4, 1_000),
                new Iteration(3, 20, 1_000)), 0);
        assertThat(value(h, "createsPerSecondMean")).isNotCloseTo(3_000 / 34.0, within(1.0));
        assertThat(value(h, "createsPerSecondOverall")).isCloseTo(3_000 / 34.0, within(1e-9))
                .isCloseTo(3 / (1 / 100.0 + 1 / 250.0 + 1 / 50.0), within(1e-9));
        assertThat(h.get("createsPerSecondMean").label()).contains("the report's figure", "arithmetic mean");
        assertThat(h.get("createsPerSecondOverall").label()).contains("harmonic mean", "a sweep's peak and knee use it");
        // and a sweep compares points by it
        assertThat(new HpssWorkload().throughputFigure()).contains("createsPerSecondOverall");
    }

    @Test
    void theSeedsDb2FiguresComeOutAsPublished() {
        // DB2's published table: low 1,311, high 1,399 per second; an iteration of 20,000 creates each
        Map<String, HeadlineFigure> h = headline(List.of(new Iteration(1, 20_000 / 1_311.0, 20_000),
                new Iteration(2, 20_000 / 1_399.0, 20_000), new Iteration(3, 20_000 / 1_343.0, 20_000)), 0);
        assertThat(value(h, "createsPerSecondMean")).isCloseTo(1_351, within(1e-6));
        assertThat(value(h, "createsPerSecondHigh")).isCloseTo(1_399, within(1e-6));
        assertThat(value(h, "createsPerSecondLow")).isCloseTo(1_311, within(1e-6));
        assertThat(value(h, "lastVsFirstIterationPct")).isCloseTo(100 * (1_343 - 1_311) / 1_311.0, within(1e-9));
    }

    @Test
    void oneIterationIsItsOwnMeanHighLowFirstAndLast() {
        Map<String, HeadlineFigure> h = headline(List.of(new Iteration(1, 8, 2_000)), 0);
        for (String id : List.of("createsPerSecondMean", "createsPerSecondHigh", "createsPerSecondLow",
                "createsPerSecondFirstIteration", "createsPerSecondLastIteration")) {
            assertThat(value(h, id)).as(id).isCloseTo(250, within(1e-9));
        }
        assertThat(value(h, "lastVsFirstIterationPct")).isZero();
        assertThat(h.get("createsPerSecondMean").label()).contains("over 1 iteration)");
    }

    @Test
    void noIterationsNoRates() {
        Map<String, HeadlineFigure> h = headline(List.of(), 0);
        assertThat(h).doesNotContainKeys("createsPerSecondMean", "lastVsFirstIterationPct");
    }
}
