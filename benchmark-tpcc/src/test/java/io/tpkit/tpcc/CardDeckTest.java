package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CardDeckTest {
    @Test
    void everyPassThroughTheDeckHoldsExactlyItsCards() {
        CardDeck deck = CardDeck.smallest(new SplittableRandom(1));
        assertThat(deck.size()).isEqualTo(23);
        for (int pass = 0; pass < 50; pass++) {
            Map<TpccTransactionType, Integer> counts = new EnumMap<>(TpccTransactionType.class);
            for (int i = 0; i < 23; i++) {
                counts.merge(deck.deal(), 1, Integer::sum);
            }
            assertThat(counts).containsEntry(TpccTransactionType.NEW_ORDER, 10)
                    .containsEntry(TpccTransactionType.PAYMENT, 10)
                    .containsEntry(TpccTransactionType.ORDER_STATUS, 1)
                    .containsEntry(TpccTransactionType.DELIVERY, 1)
                    .containsEntry(TpccTransactionType.STOCK_LEVEL, 1);
        }
    }

    @Test
    void theMixMeetsTheSpecMinimumsOverAnyWholeNumberOfPasses() {
        CardDeck deck = CardDeck.smallest(new SplittableRandom(2));
        int n = 23 * 1000;
        Map<TpccTransactionType, Integer> counts = new EnumMap<>(TpccTransactionType.class);
        for (int i = 0; i < n; i++) {
            counts.merge(deck.deal(), 1, Integer::sum);
        }
        assertThat(counts.get(TpccTransactionType.PAYMENT) / (double) n).isGreaterThanOrEqualTo(0.43);
        for (TpccTransactionType small : new TpccTransactionType[] {TpccTransactionType.ORDER_STATUS,
                TpccTransactionType.DELIVERY, TpccTransactionType.STOCK_LEVEL}) {
            assertThat(counts.get(small) / (double) n).isGreaterThanOrEqualTo(0.04);
        }
    }

    @Test
    void theOrderChangesFromPassToPass() {
        CardDeck deck = CardDeck.smallest(new SplittableRandom(3));
        StringBuilder first = new StringBuilder();
        StringBuilder second = new StringBuilder();
        for (int i = 0; i < 23; i++) {
            first.append(deck.deal().ordinal());
        }
        for (int i = 0; i < 23; i++) {
            second.append(deck.deal().ordinal());
        }
        assertThat(first.toString()).isNotEqualTo(second.toString());
    }

    @Test
    void thinkTimesHaveTheTypesMeanAndAreTruncatedAtTenTimesIt() {
        SplittableRandom random = new SplittableRandom(4);
        double mean = TpccTransactionType.NEW_ORDER.meanThink().toNanos();
        int n = 200_000;
        double sum = 0;
        long max = 0;
        for (int i = 0; i < n; i++) {
            long t = ThinkTime.nanos(TpccTransactionType.NEW_ORDER, random);
            assertThat(t).isGreaterThanOrEqualTo(0);
            sum += t;
            max = Math.max(max, t);
        }
        assertThat(sum / n / mean).isCloseTo(1.0, within(0.02));
        assertThat((double) max).isLessThanOrEqualTo(10 * mean);
    }

    @Test
    void keyingThinkAndLimitsFollowTheSummaryTable() {
        assertThat(TpccTransactionType.NEW_ORDER.keying().toSeconds()).isEqualTo(18);
        assertThat(TpccTransactionType.PAYMENT.meanThink().toSeconds()).isEqualTo(12);
        assertThat(TpccTransactionType.STOCK_LEVEL.responseLimit90().toSeconds()).isEqualTo(20);
        // with the 45/43/4/4/4 mix and zero response time, 10 terminals make at most 12.86 New-Orders a minute
        double[] mix = {0.45, 0.43, 0.04, 0.04, 0.04};
        double cycle = 0;
        for (TpccTransactionType t : TpccTransactionType.values()) {
            cycle += mix[t.ordinal()] * (t.keying().toSeconds() + t.meanThink().toSeconds());
        }
        assertThat(60 / cycle * 0.45 * 10).isCloseTo(12.86, within(0.01));
    }
}
