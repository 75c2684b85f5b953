package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Reference values from exact sums of C(n,i) p^i (1-p)^(n-i) in arbitrary precision. */
class BinomialTest {
    @Test
    void lowerTailMatchesExactSums() {
        assertThat(Binomial.atMost(1_000, 0.01, 0)).isCloseTo(4.317124741e-5, within(1e-13));
        assertThat(Binomial.atMost(1_000, 0.01, 1)).isCloseTo(4.792444536e-4, within(1e-12));
        assertThat(Binomial.atMost(1_000, 0.01, 2)).isCloseTo(2.679431994e-3, within(1e-11));
    }

    @Test
    void upperTailMatchesExactSums() {
        assertThat(Binomial.atLeast(1_000, 0.01, 20)).isCloseTo(3.288359788e-3, within(1e-11));
        assertThat(Binomial.atLeast(1_000, 0.01, 22)).isCloseTo(6.518251383e-4, within(1e-12));
        assertThat(Binomial.atLeast(100, 0.01, 5)).isCloseTo(3.432321588e-3, within(1e-11));
    }

    @Test
    void edges() {
        assertThat(Binomial.atMost(10, 0.5, -1)).isZero();
        assertThat(Binomial.atMost(10, 0.5, 10)).isEqualTo(1);
        assertThat(Binomial.atLeast(10, 0.5, 0)).isEqualTo(1);
        assertThat(Binomial.atLeast(10, 0.5, 11)).isZero();
        assertThat(Binomial.atLeast(10, 0.5, 10)).isCloseTo(Math.pow(0.5, 10), within(1e-15));
        assertThat(Binomial.atMost(10, 0.5, 4) + Binomial.atLeast(10, 0.5, 5)).isCloseTo(1, within(1e-12));
    }

    /** Far below the mean of a large sample P(X = 0) underflows a double; log space does not. */
    @Test
    void largeSamplesStayFinite() {
        double t = Binomial.atMost(80_000, 0.01, 700);
        assertThat(t).isPositive().isLessThan(1e-3);
        assertThat(Binomial.atLeast(80_000, 0.01, 800)).isCloseTo(0.5, within(0.02));
    }
}
