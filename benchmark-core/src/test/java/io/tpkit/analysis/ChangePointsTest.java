package io.tpkit.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** E-divisive means on series whose changes are known because they were drawn so. */
class ChangePointsTest {
    private static final ChangePoints.Settings SETTINGS = ChangePoints.Settings.DEFAULT;

    /** {@code counts[i]} values from N(means[i], sd) one after the other. */
    private static double[] series(long seed, double sd, int[] counts, double... means) {
        Random random = new Random(seed);
        int n = 0;
        for (int c : counts) {
            n += c;
        }
        double[] x = new double[n];
        int k = 0;
        for (int part = 0; part < counts.length; part++) {
            for (int i = 0; i < counts[part]; i++) {
                x[k++] = means[part] + sd * random.nextGaussian();
            }
        }
        return x;
    }

    @Test
    void theEnergyStatisticOfASmallSeriesByHand() {
        // 0 0 1 1 split in the middle: m = n = 2, the four cross distances are 1, so
        // E = 2/(2x2) x 4 - 0 - 0 = 2 and Q = (2x2)/(2+2) x E = 2
        ChangePoints.Split s = ChangePoints.bestSplit(new double[] {0, 0, 1, 1}, 0, 4, 2);
        assertThat(s.tau()).isEqualTo(2);
        assertThat(s.q()).isCloseTo(2.0, within(1e-12));
        // 0 1 0 1: the split 0 1 | 0 1 has E = 2/4 x 2 - 1 - 1 = -1, Q = -1; no better split has two on each side
        ChangePoints.Split alternating = ChangePoints.bestSplit(new double[] {0, 1, 0, 1}, 0, 4, 2);
        assertThat(alternating.q()).isCloseTo(-1.0, within(1e-12));
        // fewer than twice the minimum size: nothing to split
        assertThat(ChangePoints.bestSplit(new double[] {0, 0, 1}, 0, 3, 2)).isNull();
    }

    @Test
    void aKnownShiftIsFoundWhereItHappened() {
        double[] x = series(42, 2, new int[] {30, 30}, 100, 90);
        ChangePoints.Result r = ChangePoints.find(x, SETTINGS);
        assertThat(r.changes()).hasSize(1);
        ChangePoints.Change c = r.changes().getFirst();
        assertThat(c.index()).isBetween(29, 31);
        assertThat(c.meanBefore()).isCloseTo(100, within(1.5));
        assertThat(c.meanAfter()).isCloseTo(90, within(1.5));
        assertThat(c.relativePct()).isCloseTo(-10, within(2.0));
        // nothing of 199 shuffles comes near a 5-sigma shift: the smallest p-value the test can give
        assertThat(c.pValue()).isEqualTo(1.0 / 200);
        assertThat(r.segments()).hasSize(2);
        // the next split, inside one of the two halves, was tested and is not significant
        assertThat(r.rejected()).isNotNull();
        assertThat(r.rejected().pValue()).isGreaterThan(SETTINGS.pValue());
    }

    @Test
    void theShiftIsFoundOverManySeedsAtItsPlace() {
        int exact = 0;
        for (long seed = 0; seed < 50; seed++) {
            ChangePoints.Result r = ChangePoints.find(series(seed, 2, new int[] {30, 30}, 100, 90), SETTINGS);
            assertThat(r.changes()).as("seed %d", seed).isNotEmpty();
            assertThat(r.changes()).as("seed %d", seed).anyMatch(c -> Math.abs(c.index() - 30) <= 1);
            exact += r.changes().size() == 1 ? 1 : 0;
        }
        // a second change is a false positive inside a half: rare
        assertThat(exact).isGreaterThanOrEqualTo(45);
    }

    @Test
    void aSeriesWithoutAShiftGivesFalseChangesAtAboutTheTestsLevel() {
        int seeds = 200;
        int claimed = 0;
        for (long seed = 1000; seed < 1000 + seeds; seed++) {
            claimed += ChangePoints.find(series(seed, 2, new int[] {60}, 100), SETTINGS).changes().isEmpty() ? 0 : 1;
        }
        double rate = (double) claimed / seeds;
        // the permutation test is exact under exchangeability: the first split is claimed with
        // probability 0.05; 200 series give 10 +- 3 (binomial standard deviation)
        assertThat(rate).as("false-positive rate over %d seeds", seeds).isBetween(0.015, 0.09);
    }

    @Test
    void twoShiftsAreBothFound() {
        double[] x = series(7, 2, new int[] {30, 30, 30}, 100, 90, 105);
        ChangePoints.Result r = ChangePoints.find(x, SETTINGS);
        assertThat(r.changes()).hasSize(2);
        assertThat(r.changes().get(0).index()).isBetween(29, 31);
        assertThat(r.changes().get(1).index()).isBetween(59, 61);
        assertThat(r.changes().get(0).meanAfter()).isCloseTo(90, within(1.5));
        assertThat(r.changes().get(1).meanBefore()).isEqualTo(r.changes().get(0).meanAfter());
        assertThat(r.changes().get(1).meanAfter()).isCloseTo(105, within(1.5));
        assertThat(r.segments()).hasSize(3);
        assertThat(r.changes()).extracting(ChangePoints.Change::order).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void aSmallShiftHiddenInHeavyNoiseIsNotClaimed() {
        // a 2 % shift under a 20 % standard deviation: 0.1 sigma, which 20 + 20 values cannot show
        int claimed = 0;
        int seeds = 100;
        for (long seed = 0; seed < seeds; seed++) {
            claimed += ChangePoints.find(series(seed, 20, new int[] {20, 20}, 100, 98), SETTINGS).changes().isEmpty()
                    ? 0 : 1;
        }
        assertThat((double) claimed / seeds).isLessThanOrEqualTo(0.12);
    }

    @Test
    void noChangeCloserToAnEndThanTheMinimumSize() {
        // the first two values are far off: with the default minimum of 3, no segment of two is cut off
        double[] x = series(3, 1, new int[] {2, 28}, 50, 100);
        ChangePoints.Result r = ChangePoints.find(x, SETTINGS);
        assertThat(r.changes()).allMatch(c -> c.index() >= 3 && c.index() <= x.length - 3);
        ChangePoints.Result two = ChangePoints.find(x, new ChangePoints.Settings(199, 0.05, 2, 1));
        assertThat(two.changes()).anyMatch(c -> c.index() == 2);
    }

    @Test
    void theSameSeriesAndSeedGiveTheSameAnswer() {
        double[] x = series(11, 5, new int[] {15, 15}, 100, 95);
        assertThat(ChangePoints.find(x, SETTINGS)).isEqualTo(ChangePoints.find(x, SETTINGS));
    }

    @Test
    void tooShortOrConstantSeriesHaveNoChange() {
        ChangePoints.Result shortSeries = ChangePoints.find(new double[] {1, 2, 3, 4, 5}, SETTINGS);
        assertThat(shortSeries.changes()).isEmpty();
        assertThat(shortSeries.rejected()).isNull();
        ChangePoints.Result flat = ChangePoints.find(new double[] {7, 7, 7, 7, 7, 7, 7, 7}, SETTINGS);
        assertThat(flat.changes()).isEmpty();
        assertThat(flat.rejected().pValue()).isEqualTo(1.0);
    }

    @Test
    void settingsAreChecked() {
        assertThatThrownBy(() -> new ChangePoints.Settings(0, 0.05, 3, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChangePoints.Settings(199, 1.5, 3, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChangePoints.Settings(199, 0.05, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new ChangePoints.Settings(19, 0.05, 3, 1).smallestPValue()).isEqualTo(0.05);
    }
}
