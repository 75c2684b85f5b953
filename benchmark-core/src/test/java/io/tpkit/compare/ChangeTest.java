package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict in words, criterion.rs's logic on the ratio's interval and the noise threshold. */
class ChangeTest {
    private static final Judgement TWO_PERCENT = Judgement.DEFAULT;

    @Test
    void anIntervalThatHoldsOneShowsNoDifference() {
        Change c = Change.of(List.of(100.0, 110.0, 90.0), List.of(105.0, 95.0, 101.0), Better.HIGHER, TWO_PERCENT);
        assertThat(c.estimate().contains(1)).isTrue();
        assertThat(c.verdict()).isEqualTo("no difference shown");
        assertThat(c.better()).isNull();
    }

    @Test
    void theWholeIntervalAboveOnePlusTheNoiseIsFasterForAThroughputAndHigherForATime() {
        List<Double> base = List.of(100.0, 102.0, 98.0);
        List<Double> more = List.of(130.0, 128.0, 132.0);
        Change throughput = Change.of(base, more, Better.HIGHER, TWO_PERCENT);
        assertThat(throughput.estimate().low()).isGreaterThan(1.02);
        assertThat(throughput.verdict()).isEqualTo("faster");
        assertThat(throughput.better()).isTrue();
        Change latency = Change.of(base, more, Better.LOWER, TWO_PERCENT);
        assertThat(latency.verdict()).isEqualTo("higher");
        assertThat(latency.better()).isFalse();
        assertThat(latency.words()).isEqualTo("higher (worse)");
    }

    @Test
    void theWholeIntervalBelowOneMinusTheNoiseIsSlowerForAThroughputAndLowerForACost() {
        List<Double> base = List.of(100.0, 102.0, 98.0);
        List<Double> less = List.of(70.0, 72.0, 68.0);
        assertThat(Change.of(base, less, Better.HIGHER, TWO_PERCENT).verdict()).isEqualTo("slower");
        Change cost = Change.of(base, less, Better.LOWER, TWO_PERCENT);
        assertThat(cost.words()).isEqualTo("lower (better)");
        assertThat(cost.better()).isTrue();
    }

    @Test
    void aDifferenceShownButNotBeyondTheNoiseIsWithinNoise() {
        // 1 % faster with a tight interval, about [1.008, 1.012]: shown, but within 2 %
        List<Double> base = List.of(1000.0, 1001.0, 999.0);
        List<Double> variant = List.of(1010.0, 1011.0, 1009.0);
        Change c = Change.of(base, variant, Better.HIGHER, TWO_PERCENT);
        assertThat(c.estimate().low()).isGreaterThan(1.0);
        assertThat(c.estimate().high()).isLessThan(1.02);
        assertThat(c.verdict()).isEqualTo("within noise");
        assertThat(c.better()).isNull();
        // the same with a threshold of 0.5 %: the whole interval is beyond it
        assertThat(Change.of(base, variant, Better.HIGHER, new Judgement(0.95, 0.005)).verdict()).isEqualTo("faster");
        // an interval straddling the threshold is within noise too: shown, not shown beyond
        Change straddling = Change.of(base, List.of(1018.0, 1022.0, 1020.0), Better.HIGHER, TWO_PERCENT);
        assertThat(straddling.estimate().contains(1.02)).isTrue();
        assertThat(straddling.verdict()).isEqualTo("within noise");
    }

    @Test
    void singleRunsGiveTheRatioButNoVerdict() {
        Change one = Change.of(List.of(2794.13), List.of(2255.20), Better.HIGHER, TWO_PERCENT);
        assertThat(one.estimate().ratio()).isBetween(0.80, 0.81);
        assertThat(one.verdict()).isEqualTo("1 run each: no interval; use --repeat");
        assertThat(one.better()).isNull();
        assertThat(Change.of(List.of(1.0), List.of(1.0, 2.0, 3.0), Better.HIGHER, TWO_PERCENT).verdict())
                .isEqualTo("1 run against 3: no interval; use --repeat");
    }

    @Test
    void aBaselineNotShownDifferentFromZeroShowsNoDifference() {
        Change c = Change.of(List.of(1.0, -1.0, 2.0), List.of(10.0, 11.0, 12.0), Better.HIGHER, TWO_PERCENT);
        assertThat(c.estimate().unbounded()).isTrue();
        assertThat(c.verdict()).isEqualTo("no difference shown");
        assertThat(Change.interval(c.estimate())).isEqualTo("unbounded");
    }

    @Test
    void aLevelOrNoiseOutOfRangeIsBadInput() {
        assertThatThrownBy(() -> Judgement.ofPercent(100.0, null)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--confidence");
        assertThatThrownBy(() -> Judgement.ofPercent(null, -1.0)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--noise");
        assertThat(Judgement.ofPercent(90.0, 5.0)).isEqualTo(new Judgement(0.9, 0.05));
        assertThat(Judgement.ofPercent(90.0, 2.5).noiseText()).isEqualTo("2.5%");
    }
}
