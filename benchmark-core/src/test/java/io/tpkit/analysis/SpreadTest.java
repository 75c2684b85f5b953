package io.tpkit.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {
    @Test
    void studentTQuantilesMatchTheTables() {
        // two-sided 95%: the t table's column t(0.975)
        assertThat(StudentT.twoSided(0.95, 1)).isCloseTo(12.7062047, within(1e-6));
        assertThat(StudentT.twoSided(0.95, 2)).isCloseTo(4.3026527, within(1e-6));
        assertThat(StudentT.twoSided(0.95, 4)).isCloseTo(2.7764451, within(1e-6));
        assertThat(StudentT.twoSided(0.95, 9)).isCloseTo(2.2621572, within(1e-6));
        assertThat(StudentT.twoSided(0.95, 30)).isCloseTo(2.0422725, within(1e-6));
        // other levels: t(0.995, 5) and t(0.95, 3)
        assertThat(StudentT.twoSided(0.99, 5)).isCloseTo(4.0321430, within(1e-6));
        assertThat(StudentT.twoSided(0.90, 3)).isCloseTo(2.3533634, within(1e-6));
        // many degrees of freedom: the normal's 1.959964
        assertThat(StudentT.twoSided(0.95, 100_000)).isCloseTo(1.959964, within(1e-4));
    }

    @Test
    void studentTDistributionFunction() {
        assertThat(StudentT.cdf(0, 3)).isCloseTo(0.5, within(1e-12));
        // df = 1 is the Cauchy distribution: F(1) = 1/2 + atan(1)/pi = 0.75
        assertThat(StudentT.cdf(1, 1)).isCloseTo(0.75, within(1e-10));
        // df = 2 has a closed form: F(t) = 1/2 + t / (2 sqrt(2 + t^2)); t = 2: 0.5 + 2 / (2 sqrt 6) = 0.9082483
        assertThat(StudentT.cdf(2, 2)).isCloseTo(0.9082483, within(1e-7));
        assertThat(StudentT.cdf(-2, 2)).isCloseTo(1 - 0.9082483, within(1e-7));
        assertThat(StudentT.quantile(0.025, 4)).isCloseTo(-2.7764451, within(1e-6));
    }

    @Test
    void meanMedianCvAndConfidenceIntervalOfThreeRuns() {
        // 10, 12, 14: mean 12, deviations -2, 0, 2, s = sqrt(8 / 2) = 2, CV = 2 / 12 = 16.667%;
        // 95%: t(0.975, 2) = 4.3026527, half width = 4.3026527 x 2 / sqrt(3) = 4.9682754
        Spread s = Spread.of(List.of(14.0, 10.0, 12.0), 0.95);
        assertThat(s.n()).isEqualTo(3);
        assertThat(s.mean()).isCloseTo(12, within(1e-12));
        assertThat(s.median()).isCloseTo(12, within(1e-12));
        assertThat(s.min()).isEqualTo(10);
        assertThat(s.max()).isEqualTo(14);
        assertThat(s.stddev()).isCloseTo(2, within(1e-12));
        assertThat(s.cvPct()).isCloseTo(16.6666667, within(1e-6));
        assertThat(s.t()).isCloseTo(4.3026527, within(1e-6));
        assertThat(s.halfWidth()).isCloseTo(4.9682754, within(1e-6));
        assertThat(s.low()).isCloseTo(7.0317246, within(1e-6));
        assertThat(s.high()).isCloseTo(16.9682754, within(1e-6));
        assertThat(s.halfWidthPct()).isCloseTo(41.4022952, within(1e-6));
    }

    @Test
    void evenCountTakesTheMiddlePairsMean() {
        // 1, 2, 3, 10: median (2 + 3) / 2 = 2.5, mean 4, s^2 = (9 + 4 + 1 + 36) / 3 = 16.667, s = 4.0824829
        Spread s = Spread.of(List.of(10.0, 1.0, 3.0, 2.0), 0.95);
        assertThat(s.median()).isEqualTo(2.5);
        assertThat(s.mean()).isEqualTo(4);
        assertThat(s.stddev()).isCloseTo(4.0824829, within(1e-7));
        assertThat(s.cvPct()).isCloseTo(102.0620726, within(1e-6));
        // t(0.975, 3) = 3.1824463; half = 3.1824463 x 4.0824829 / 2 = 6.4961413
        assertThat(s.halfWidth()).isCloseTo(6.4961413, within(1e-6));
    }

    @Test
    void oneValueHasNoInterval() {
        Spread s = Spread.of(List.of(5.0), 0.95);
        assertThat(s.stddev()).isZero();
        assertThat(s.t()).isNull();
        assertThat(s.low()).isNull();
        assertThat(s.cvPct()).isZero();
        assertThat(Spread.of(List.of(0.0, 0.0), 0.95).cvPct()).isNull();
        assertThatThrownBy(() -> Spread.of(List.of(1.0), 1.0)).isInstanceOf(IllegalArgumentException.class);
    }
}
