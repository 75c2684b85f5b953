package io.tpkit.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stalls found in hand-made one-second samples. */
class StallsTest {
    /** One sample ending at {@code end}: {@code committed} of one type, {@code inFlight} at its end. */
    private static IntervalSample second(double end, double length, Phase phase, long committed, long failed,
                                         long retries, long deferredCommitted, long inFlight) {
        IntervalSample.Row type = new IntervalSample.Row("debit-credit", committed, 0, failed, retries, 1, 2, 3, 4, 0);
        IntervalSample.Row deferred = new IntervalSample.Row("delivery (deferred)", deferredCommitted, 0, 0, 0, 1, 2, 3,
                4, 0);
        IntervalSample.Row all = new IntervalSample.Row("all", committed, 0, failed, retries, 1, 2, 3, 4, 0);
        return new IntervalSample(end, length, phase, List.of(type, deferred, all), inFlight);
    }

    private static IntervalSample busy(double end, long inFlight) {
        return second(end, 1, Phase.MEASUREMENT, 100, 0, 0, 0, inFlight);
    }

    private static IntervalSample quiet(double end, long inFlight) {
        return second(end, 1, Phase.MEASUREMENT, 0, 0, 0, 0, inFlight);
    }

    @Test
    void aSecondWithRequestsOutstandingAndNothingCompletedIsAStall() {
        Stalls s = Stalls.find(List.of(busy(1, 4), busy(2, 4), quiet(3, 4), busy(4, 4)));
        assertThat(s.count()).isEqualTo(1);
        assertThat(s.stretches().getFirst().from()).isEqualTo(2.0);
        assertThat(s.stretches().getFirst().to()).isEqualTo(3.0);
        assertThat(s.stretches().getFirst().inFlight()).isEqualTo(4);
        assertThat(s.stretches().getFirst().phase()).isEqualTo("measurement");
        assertThat(s.longestSeconds()).isEqualTo(1.0);
        assertThat(s.longestFrom()).isEqualTo(2.0);
    }

    @Test
    void consecutiveQuietSecondsAreOneStallAndTheLongestIsNamed() {
        List<IntervalSample> samples = new ArrayList<>(List.of(busy(1, 2), quiet(2, 2), busy(3, 2), busy(4, 3),
                quiet(5, 3), quiet(6, 5), quiet(7, 5), busy(8, 1)));
        Stalls s = Stalls.find(samples);
        assertThat(s.count()).isEqualTo(2);
        assertThat(s.totalSeconds()).isEqualTo(4.0);
        assertThat(s.longestSeconds()).isEqualTo(3.0);
        assertThat(s.longestFrom()).isEqualTo(4.0);
        assertThat(s.stretches().get(1).to()).isEqualTo(7.0);
    }

    @Test
    void quietSecondsWithNothingOutstandingAreNoStall() {
        // terminals all thinking: nothing in flight at the start of the quiet seconds
        assertThat(Stalls.find(List.of(busy(1, 0), quiet(2, 0), quiet(3, 0), busy(4, 0))).count()).isZero();
        // a request begun during a quiet second is in flight at its end only: the next quiet second stalls
        Stalls late = Stalls.find(List.of(busy(1, 0), quiet(2, 1), quiet(3, 1), busy(4, 0)));
        assertThat(late.count()).isEqualTo(1);
        assertThat(late.stretches().getFirst().from()).isEqualTo(2.0);
        // the run's first second: nothing was in flight before it
        assertThat(Stalls.find(List.of(quiet(1, 3), busy(2, 3))).count()).isZero();
    }

    @Test
    void failuresRetriesAndDeferredWorkAreNotStalls() {
        Stalls s = Stalls.find(List.of(busy(1, 4),
                second(2, 1, Phase.MEASUREMENT, 0, 3, 0, 0, 4),    // failures: an outage's business
                second(3, 1, Phase.MEASUREMENT, 0, 0, 7, 0, 4),    // deadlocks retried
                second(4, 1, Phase.MEASUREMENT, 0, 0, 0, 2, 4),    // only the deferred parts completed
                busy(5, 4)));
        assertThat(s.count()).isZero();
    }

    @Test
    void aSecondSplitAtAPhaseChangeCountsWhole() {
        // the warm-up ends at 2.2: the quiet second 1.2..2.2..2.21 is split in two rows
        Stalls s = Stalls.find(List.of(second(1.2, 1.2, Phase.WARMUP, 50, 0, 0, 0, 4),
                second(2.2, 1.0, Phase.WARMUP, 0, 0, 0, 0, 4),
                second(2.21, 0.01, Phase.MEASUREMENT, 0, 0, 0, 0, 4),
                second(3.21, 1.0, Phase.MEASUREMENT, 80, 0, 0, 0, 4)));
        assertThat(s.count()).isEqualTo(1);
        assertThat(s.stretches().getFirst().from()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.stretches().getFirst().seconds()).isCloseTo(1.01, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.stretches().getFirst().phase()).isEqualTo("warmup");
        // a sliver alone is too short to tell
        assertThat(Stalls.find(List.of(busy(1, 4), second(1.05, 0.05, Phase.DRAIN, 0, 0, 0, 0, 4))).count()).isZero();
    }

    @Test
    void aStaleInFlightCountAloneMakesNoStall() {
        // counted in flight at the end of second 1, ended in the same second: nothing in flight at the end of 2
        assertThat(Stalls.find(List.of(busy(1, 1), quiet(2, 0), busy(3, 0))).count()).isZero();
    }

    @Test
    void unknownWithoutInFlightCounts() {
        assertThat(Stalls.find(List.of(new IntervalSample(1, 1, Phase.MEASUREMENT,
                List.of(new IntervalSample.Row("all", 0, 0, 0, 0, 0, 0, 0, 0, 0)))))).isNull();
        assertThat(Stalls.find(List.of())).isEqualTo(Stalls.NONE);
    }
}
