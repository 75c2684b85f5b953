package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The balanced order of an interleaved comparison, and the drift it cancels, by arithmetic. */
class RunOrderTest {
    /** Each variant's mean position (from 0) in the whole sequence of runs. */
    private static double[] meanPositions(List<List<Integer>> rounds, int variants) {
        double[] sum = new double[variants];
        int[] n = new int[variants];
        int position = 0;
        for (List<Integer> round : rounds) {
            for (int v : round) {
                sum[v] += position++;
                n[v]++;
            }
        }
        for (int v = 0; v < variants; v++) {
            sum[v] /= n[v];
        }
        return sum;
    }

    @Test
    void twoVariantsAlternateEachRoundReversed() {
        List<List<Integer>> order = RunOrder.balanced(2, 4);
        assertThat(order).containsExactly(List.of(0, 1), List.of(1, 0), List.of(0, 1), List.of(1, 0));
        assertThat(RunOrder.text(order)).isEqualTo("A B | B A | A B | B A");
        assertThat(RunOrder.text(RunOrder.balanced(3, 3))).isEqualTo("A B C | C B A | A B C");
        assertThat(RunOrder.how(3)).contains("the last one is not balanced");
        assertThat(RunOrder.how(4)).isEqualTo(RunOrder.BALANCED);
    }

    @Test
    void everyVariantRunsOncePerRound() {
        for (int k = 1; k <= 5; k++) {
            for (int rounds = 1; rounds <= 6; rounds++) {
                List<List<Integer>> order = RunOrder.balanced(k, rounds);
                assertThat(order).hasSize(rounds);
                for (List<Integer> round : order) {
                    assertThat(round).hasSize(k).doesNotHaveDuplicates();
                }
            }
        }
    }

    @Test
    void anEvenNumberOfRoundsGivesEveryVariantTheSameMeanPosition() {
        // a drift linear in time adds slope * position to every run: equal mean positions mean
        // that it adds the same to every variant's mean, so the differences of the means keep none of it
        for (int k = 2; k <= 6; k++) {
            for (int rounds = 2; rounds <= 10; rounds += 2) {
                double[] mean = meanPositions(RunOrder.balanced(k, rounds), k);
                for (int v = 1; v < k; v++) {
                    assertThat(mean[v]).as("k=%d rounds=%d variant %d", k, rounds, v).isEqualTo(mean[0]);
                }
            }
        }
        // the same runs in plain order (A B | A B) would give the last variant k - 1 positions more
        double[] oddOne = meanPositions(RunOrder.balanced(2, 3), 2);
        // 3 rounds (A at 0, 3, 4; B at 1, 2, 5): only the last round's offset is left, spread over 3 runs
        assertThat(oddOne[1] - oddOne[0]).isCloseTo(1.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aLinearDriftLeavesTheRatioOfTwoEqualVariantsAtOne() {
        // two variants of the same true speed, on a machine that slows by 2 % of it every run
        List<List<Integer>> order = RunOrder.balanced(2, 6);
        double[] sum = new double[2];
        int position = 0;
        for (List<Integer> round : order) {
            for (int v : round) {
                sum[v] += 1000 * (1 - 0.02 * position++);
            }
        }
        assertThat(sum[1] / sum[0]).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        // in plain order the second variant would look slower by the drift of one run
        double a = 0;
        double b = 0;
        for (int r = 0; r < 6; r++) {
            a += 1000 * (1 - 0.02 * (2 * r));
            b += 1000 * (1 - 0.02 * (2 * r + 1));
        }
        assertThat(b / a).isLessThan(0.98);
    }

    @Test
    void lettersNameTheVariants() {
        assertThat(RunOrder.letter(0)).isEqualTo("A");
        assertThat(RunOrder.letter(25)).isEqualTo("Z");
        assertThat(RunOrder.letter(26)).isEqualTo("V27");
    }
}
