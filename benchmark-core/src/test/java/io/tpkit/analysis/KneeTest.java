package io.tpkit.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KneeTest {
    private static List<Knee.Point> points(double[] x, double[] tps, double[] latency) {
        List<Knee.Point> p = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            p.add(new Knee.Point(x[i], tps[i], latency[i]));
        }
        return p;
    }

    @Test
    void kneeWhereDoublingStopsPaying() {
        // 4 -> 8 gains 5.9% and 4 -> 16 gains 6.5% (3.2% per doubling): both under 10% per doubling from 4
        Knee.Finding f = Knee.find(points(new double[] {1, 2, 4, 8, 16}, new double[] {100, 190, 340, 360, 362},
                new double[] {1, 1.05, 1.2, 2.2, 4.4}), 10, "connections");
        assertThat(f.knee()).isEqualTo(2);
        assertThat(f.peak()).isEqualTo(4);
        assertThat(f.peakAtEnd()).isTrue();
        assertThat(f.gainPerDoublingPct().get(0)).isNull();
        assertThat(f.gainPerDoublingPct().get(1)).isCloseTo(90, within(1e-9));
        assertThat(f.gainPerDoublingPct().get(3)).isCloseTo(100 * (360.0 / 340 - 1), within(1e-9));
        assertThat(f.explanation()).startsWith("knee at 4 connections");
    }

    @Test
    void oneNoisyStepDoesNotHideLaterScaling() {
        // 2 -> 4 gains only 4%, but 8 is 40% above 2's throughput per doubling: the knee is later
        Knee.Finding f = Knee.find(points(new double[] {1, 2, 4, 8, 16, 32}, new double[] {100, 190, 198, 380, 400, 395},
                new double[] {1, 1, 2, 2, 4, 8}), 10, "connections");
        assertThat(f.knee()).isEqualTo(3);
        assertThat(f.peak()).isEqualTo(4);
        assertThat(f.peakAtEnd()).isFalse();
    }

    @Test
    void noKneeWhileThroughputScalesOrLatencyDoesNotRise() {
        Knee.Finding linear = Knee.find(points(new double[] {1, 2, 4}, new double[] {100, 200, 400},
                new double[] {1, 1, 1}), 10, "connections");
        assertThat(linear.kneeReached()).isFalse();
        assertThat(linear.explanation()).startsWith("knee not reached");
        // flat throughput but latency falling: not a knee (something else limited the rate)
        Knee.Finding flat = Knee.find(points(new double[] {1, 2, 4}, new double[] {100, 101, 102},
                new double[] {3, 2, 1}), 10, "connections");
        assertThat(flat.kneeReached()).isFalse();
    }

    @Test
    void unevenStepsAreNormalisedPerDoubling() {
        // 10 -> 40 terminals is two doublings: 21% in total is exactly 10% per doubling, which still pays
        Knee.Finding at = Knee.find(points(new double[] {10, 40}, new double[] {100, 121.0001}, new double[] {1, 2}),
                10, "terminals");
        assertThat(at.kneeReached()).isFalse();
        assertThat(at.gainPerDoublingPct().get(1)).isCloseTo(10, within(1e-3));
        Knee.Finding below = Knee.find(points(new double[] {10, 40}, new double[] {100, 120}, new double[] {1, 2}),
                10, "terminals");
        assertThat(below.knee()).isZero();
        // the threshold is the caller's: 5% per doubling accepts the 9.5% step
        Knee.Finding loose = Knee.find(points(new double[] {10, 40}, new double[] {100, 120}, new double[] {1, 2}),
                5, "terminals");
        assertThat(loose.kneeReached()).isFalse();
    }

    @Test
    void theFirstOfEqualPeaksAndBadInput() {
        Knee.Finding f = Knee.find(points(new double[] {1, 2, 3}, new double[] {5, 9, 9}, new double[] {1, 1, 1}),
                10, "x");
        assertThat(f.peak()).isEqualTo(1);
        assertThatThrownBy(() -> Knee.find(points(new double[] {2, 1}, new double[] {1, 1}, new double[] {1, 1}), 10, "x"))
                .hasMessageContaining("must increase");
        assertThatThrownBy(() -> Knee.find(points(new double[] {1, 2}, new double[] {1, 1}, new double[] {1, 1}), 0, "x"))
                .hasMessageContaining("above 0%");
    }
}
