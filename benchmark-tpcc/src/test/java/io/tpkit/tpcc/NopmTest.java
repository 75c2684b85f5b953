package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class NopmTest {
    /** 600 x 10 / (10 x 30 + 10 x 15 + 12 + 7 + 7) = 12.605, a little more with think times truncated at 10x. */
    @Test
    void theCeilingFollowsFromTheTwentyThreeCardDeck() {
        assertThat(Nopm.CEILING_PER_WAREHOUSE).isEqualTo(Nopm.ceilingPerWarehouse(new int[] {10, 10, 1, 1, 1}));
        assertThat(Nopm.CEILING_PER_WAREHOUSE).isCloseTo(12.6054, within(0.0001));
        assertThat(Nopm.CEILING_PER_WAREHOUSE).isGreaterThan(6_000.0 / 476);
    }

    /** (10 x 30 + 10 x 15 + 12 + 7 + 7) / 23 = 20.70 s. */
    @Test
    void aTerminalsMeanCycleIsTheDecksMeanKeyingAndThinkTime() {
        assertThat(Nopm.MEAN_CYCLE_SECONDS).isCloseTo(476.0 / 23, within(0.001));
        assertThat(Nopm.CEILING_PER_WAREHOUSE).isCloseTo(10 * 60 / Nopm.MEAN_CYCLE_SECONDS * 10 / 23, within(1e-9));
    }

    /** The same formula gives the spec's 12.86 for the 45/43/4/4/4 mix: 27,000 / 2,099. */
    @Test
    void theSpecsFigureIsTheSameFormulaForItsMix() {
        assertThat(Nopm.ceilingPerWarehouse(new int[] {45, 43, 4, 4, 4})).isCloseTo(12.863, within(0.001));
    }

    @Test
    void aDeckWithoutNewOrdersHasNoNewOrders() {
        assertThat(Nopm.ceilingPerWarehouse(new int[] {0, 10, 1, 1, 1})).isZero();
    }

    @Test
    void nopmCountsRollbacksOverTheMeasuredMinutes() {
        // 1,500 completed (15 of them rolled back) in 2 h
        assertThat(Nopm.of(new TpccFacts().newOrders(1_500, 15).build().metrics())).isEqualTo(12.5);
        assertThat(Nopm.completed(new TpccFacts().newOrders(1_500, 15).build().metrics())).isEqualTo(1_500);
        assertThat(Nopm.of(new TpccFacts().newOrders(100, 100).seconds(60).build().metrics())).isEqualTo(100);
        assertThat(Nopm.of(new TpccFacts().seconds(0).build().metrics())).isZero();
    }
}
