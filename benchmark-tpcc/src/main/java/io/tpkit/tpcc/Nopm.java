package io.tpkit.tpcc;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;

/**
 * NOPM, New-Orders completed per minute of the measurement interval (the business rollbacks
 * included, §5.4), and the most of it one warehouse can produce under the spec's timing.
 *
 * <p>The ceiling (digest section 4.3) follows from the deck the terminals deal and the keying
 * and think times. With response times of zero (the best case) a terminal's mean cycle over one
 * pass through a deck of {@code cards_t} cards per type is
 *
 * <pre>
 *   cycle = sum_t cards_t (keying_t + think_t) / sum_t cards_t
 * </pre>
 *
 * and a share {@code cards_NO / sum_t cards_t} of its transactions are New-Orders, so
 *
 * <pre>
 *   New-Orders per terminal per minute = 60 / cycle * cards_NO / sum_t cards_t
 *                                      = 60 * cards_NO / sum_t cards_t (keying_t + think_t)
 * </pre>
 *
 * times 10 terminals per warehouse. For the 23-card deck (10, 10, 1, 1, 1) with the minimum
 * keying (18, 3, 2, 2, 2 s) and mean think times (12, 12, 10, 5, 5 s):
 * 600 * 10 / (10*30 + 10*15 + 12 + 7 + 7) = 6,000 / 476 = 12.605 per warehouse. The often quoted
 * 12.86 is the same formula for the 45/43/4/4/4 mix, which the deck does not deal (it deals
 * 43.5 % New-Orders). The think times are truncated at 10 means (§5.2.5.4), which shortens each
 * mean by a factor e^-10 (0.005 %); the ceiling uses the truncated means, as the terminals draw them.
 */
final class Nopm {
    static final int TERMINALS_PER_WAREHOUSE = 10;
    /** 12.6054 New-Orders per minute per warehouse, from the terminals' 23-card deck. */
    static final double CEILING_PER_WAREHOUSE = ceilingPerWarehouse(CardDeck.SMALLEST);

    private Nopm() {
    }

    /** A terminal's mean cycle with zero response time, 20.70 s for the 23-card deck. */
    static final double MEAN_CYCLE_SECONDS = meanCycleSeconds(CardDeck.SMALLEST);

    /** The ceiling for a deck of {@code cards[t]} cards per type, in {@link TpccTransactionType} order. */
    static double ceilingPerWarehouse(int[] cards) {
        double newOrderShare = (double) cards[TpccTransactionType.NEW_ORDER.ordinal()] / total(cards);
        return TERMINALS_PER_WAREHOUSE * 60 / meanCycleSeconds(cards) * newOrderShare;
    }

    /** Mean keying + think time over one pass through the deck. */
    static double meanCycleSeconds(int[] cards) {
        double cardSeconds = 0;
        for (TpccTransactionType t : TpccTransactionType.values()) {
            cardSeconds += cards[t.ordinal()] * (t.keying().toNanos() + ThinkTime.meanNanos(t)) / 1e9;
        }
        return cardSeconds / total(cards);
    }

    private static int total(int[] cards) {
        int n = 0;
        for (int c : cards) {
            n += c;
        }
        return n;
    }

    /** New-Orders completed in the measurement interval: committed and rolled back (§5.4). */
    static long completed(RunMetrics m) {
        TypeSummary newOrder = m.types().get(TpccTransactionType.NEW_ORDER.ordinal());
        return newOrder.committed() + newOrder.businessRollbacks();
    }

    static double of(RunMetrics m) {
        double minutes = m.measurementSeconds() / 60;
        return minutes > 0 ? completed(m) / minutes : 0;
    }
}
