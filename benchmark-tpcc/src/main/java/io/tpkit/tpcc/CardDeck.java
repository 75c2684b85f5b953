package io.tpkit.tpcc;

import java.util.SplittableRandom;

/**
 * The transaction mix as the spec deals it (§5.2.4.2): a deck whose contents guarantee the
 * minimum shares, dealt without replacement and reshuffled (uniformly) when exhausted. Each
 * terminal owns its deck, so no terminal can drift away from the mix.
 *
 * <p>The default is the smallest deck that meets the minimums: 10 New-Order, 10 Payment and one
 * each of Order-Status, Delivery and Stock-Level (23 cards: Payment 43.48%, the small three
 * 4.35% each).
 */
final class CardDeck {
    /** Cards per transaction type, in {@link TpccTransactionType} order. */
    static final int[] SMALLEST = {10, 10, 1, 1, 1};

    private final TpccTransactionType[] cards;
    private final SplittableRandom random;
    private int next;

    CardDeck(int[] counts, SplittableRandom random) {
        TpccTransactionType[] types = TpccTransactionType.values();
        if (counts.length != types.length) {
            throw new IllegalArgumentException("one count per transaction type");
        }
        int total = 0;
        for (int c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("negative card count");
            }
            total += c;
        }
        cards = new TpccTransactionType[total];
        int i = 0;
        for (int t = 0; t < types.length; t++) {
            for (int k = 0; k < counts[t]; k++) {
                cards[i++] = types[t];
            }
        }
        this.random = random;
        this.next = cards.length; // shuffle before the first deal
    }

    static CardDeck smallest(SplittableRandom random) {
        return new CardDeck(SMALLEST, random);
    }

    int size() {
        return cards.length;
    }

    TpccTransactionType deal() {
        if (next == cards.length) {
            shuffle();
            next = 0;
        }
        return cards[next++];
    }

    /** Fisher-Yates: every order of the deck equally likely. */
    private void shuffle() {
        for (int i = cards.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            TpccTransactionType t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
    }
}
