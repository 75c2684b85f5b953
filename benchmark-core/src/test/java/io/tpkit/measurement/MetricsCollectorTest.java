package io.tpkit.measurement;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which phase a completion counts in, and timeseries rows that add up to the phase's totals. */
class MetricsCollectorTest {
    private static final long S = 1_000_000_000L;
    private static final long START = 100 * S;

    private static MetricsCollector collector() {
        MetricsCollector m = new MetricsCollector(List.of("t"), 3, START, null);
        // a 2 s measurement after a 1 s warm-up, as a timed run plans them
        m.planPhase(Phase.MEASUREMENT, START + S);
        m.planPhase(Phase.DRAIN, START + 3 * S);
        return m;
    }

    private static Phase complete(MetricsCollector m, double atSeconds) {
        long end = START + (long) (atSeconds * S);
        return m.recordCompletion(0, Outcome.COMMITTED, 0, end - S / 100, end - S / 100, end);
    }

    /**
     * The interval counts the transactions that began (intended start) and ended inside it,
     * whatever the control thread has noticed; those that straddled an edge are counted apart.
     * Each completion here began 10 ms before it ended.
     */
    @Test
    void aTransactionCountsInTheIntervalOnlyWhenItBeganAndEndedInsideIt() {
        MetricsCollector m = collector();
        assertThat(complete(m, 0.999)).isEqualTo(Phase.WARMUP);
        // the control thread has not woken up yet: still the warm-up as far as it knows
        assertThat(m.phase()).isEqualTo(Phase.WARMUP);
        // began at 0.99 s, before the interval: not the interval's, though it ended inside it
        assertThat(complete(m, 1.0)).isEqualTo(Phase.WARMUP);
        assertThat(complete(m, 1.011)).isEqualTo(Phase.MEASUREMENT);
        m.startPhase(Phase.MEASUREMENT, START + S);
        assertThat(complete(m, 2.999)).isEqualTo(Phase.MEASUREMENT);
        // began inside, ended after the interval's end, before the control thread starts the drain
        assertThat(complete(m, 3.0)).isEqualTo(Phase.DRAIN);
        assertThat(complete(m, 3.011)).isEqualTo(Phase.DRAIN);
        // began in the warm-up and ended after the interval: spanned it, and is not its either
        assertThat(m.recordCompletion(0, Outcome.COMMITTED, 0, START + S / 2, START + S / 2, START + 4 * S))
                .isEqualTo(Phase.DRAIN);
        m.startPhase(Phase.DRAIN, START + 3 * S);

        RunMetrics r = m.summarize(START + 5 * S, "test", 0, false);
        assertThat(r.totalCommitted()).isEqualTo(2);
        assertThat(r.measurementSeconds()).isEqualTo(2.0);
        assertThat(r.committedAllPhases()).isEqualTo(7);
        assertThat(r.edges()).isEqualTo(new io.tpkit.metrics.IntervalEdges(2, 1, 3_500.0));
    }

    /** A failure counts as a completion does, by its transaction's start; a retried attempt counts no straddler. */
    @Test
    void failuresAreCountedByTheirTransactionsStartToo() {
        MetricsCollector m = collector();
        long began = START + S - S / 10; // in the warm-up
        m.recordRetry(0, io.tpkit.spi.database.ErrorClass.DEADLOCK, "40P01", began);
        m.recordFailure(0, io.tpkit.spi.database.ErrorClass.DEADLOCK, "40P01", "deadlock", began);
        m.recordFailure(0, io.tpkit.spi.database.ErrorClass.DEADLOCK, "40P01", "deadlock", START + S);
        m.startPhase(Phase.MEASUREMENT, START + S);
        m.startPhase(Phase.DRAIN, START + 3 * S);
        RunMetrics r = m.summarize(START + 4 * S, "test", 0, false);
        // this machine's clock reads far past the interval: both failures ended "after" it
        assertThat(System.nanoTime()).isGreaterThan(START + 3 * S);
        assertThat(r.totalFailed()).isZero();
        assertThat(r.edges().beganBefore()).isEqualTo(1);
        assertThat(r.edges().endedAfter()).isEqualTo(1);
    }

    @Test
    void aSecondThatStraddlesAPhaseChangeIsSplitAtTheChange() {
        MetricsCollector m = collector();
        complete(m, 0.5);
        m.sample(START + (long) (0.6 * S));
        complete(m, 0.9);
        complete(m, 1.1);
        complete(m, 1.2);
        m.startPhase(Phase.MEASUREMENT, START + S); // noticed late, at 1.3 s
        m.sample(START + (long) (1.6 * S));
        complete(m, 2.5);
        complete(m, 2.95);
        complete(m, 3.05); // after the end: the drain's
        m.sample(START + (long) (3.2 * S));
        m.startPhase(Phase.DRAIN, START + 3 * S);
        m.sample(START + (long) (3.4 * S));

        List<IntervalSample> samples = m.samples();
        assertThat(samples).extracting(s -> s.phase() + "@" + s.elapsedSeconds() + "/" + s.seconds() + ":"
                + s.total().committed()).containsExactly(
                "WARMUP@0.6/0.6:1", "WARMUP@1.0/0.4:1", "MEASUREMENT@1.6/0.6:2",
                "MEASUREMENT@3.0/1.4:2", "DRAIN@3.2/0.2:1", "DRAIN@3.4/0.2:0");
        RunMetrics r = m.summarize(START + (long) (3.4 * S), "test", 0, false);
        long measuredRows = samples.stream().filter(s -> s.phase() == Phase.MEASUREMENT)
                .mapToLong(s -> s.total().committed()).sum();
        assertThat(measuredRows).isEqualTo(r.totalCommitted()).isEqualTo(4);
    }

    @Test
    void aTransactionsCostCountsInThePhaseItWasCountedInEvenWhenRecordedAfterTheEdge() {
        MetricsCollector m = collector();
        m.startPhase(Phase.MEASUREMENT, START + S);
        long end = START + 3 * S - 1; // the interval's last nanosecond
        assertThat(m.recordCompletion(0, Outcome.COMMITTED, 0, end - S / 100, end - S / 100, end))
                .isEqualTo(Phase.MEASUREMENT);
        TransactionCost cost = new TransactionCost();
        cost.addCalls(1, 1, 0, 1, 0);
        cost.countedAt(end);
        // recorded later than the edge (this machine's clock reads far past START + 3 s)
        assertThat(System.nanoTime()).isGreaterThan(START + 3 * S);
        m.recordCost(0, cost);
        m.startPhase(Phase.DRAIN, START + 3 * S);
        RunMetrics r = m.summarize(START + 3 * S, "test", 0, false);
        assertThat(r.totalCommitted()).isEqualTo(1);
        assertThat(r.costs().transactions()).isEqualTo(r.totalCommitted());
        assertThat(r.costs().roundTrips()).isEqualTo(1);
    }
}
