package io.tpkit.compare;

import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How a variant's runs pair with the baseline's in an interleaved comparison: the runs of one
 * round (adjacent in time, the same seed) are a pair, and a figure's change is judged with the
 * interval for paired means ({@link io.tpkit.analysis.RatioOfMeans#paired}), which removes what
 * moved both runs of a round alike (the machine's speed drifting between rounds). A round is
 * paired when both sides have a usable run in it ({@link UsableRuns}); a round where either side
 * has none is dropped from the pairing and counted.
 *
 * @param rounds  the rounds the comparison asked for
 * @param paired  the rounds paired, from 1, in order
 * @param dropped the other rounds, each with why
 */
public record RoundPairs(int rounds, List<Integer> paired, List<Dropped> dropped) {
    /**
     * @param round the round, from 1
     * @param why   which side has no usable run there and why ("set 2: incomplete")
     */
    public record Dropped(int round, String why) {
    }

    public RoundPairs {
        paired = paired == null ? List.of() : List.copyOf(paired);
        dropped = dropped == null ? List.of() : List.copyOf(dropped);
    }

    /**
     * The pairs of two sides of one interleaved comparison.
     *
     * @param baselineName what the baseline is called in the comparison ("set 1")
     * @param variantName  what the variant is called ("set 2")
     */
    static RoundPairs of(RunSet baseline, RunSet variant, String baselineName, String variantName) {
        RunSet.Rounds b = baseline.rounds();
        RunSet.Rounds v = variant.rounds();
        int total = Math.max(b.total(), v.total());
        List<Integer> paired = new ArrayList<>();
        List<Dropped> dropped = new ArrayList<>();
        for (int round = 1; round <= total; round++) {
            boolean inBaseline = b.used().contains(round);
            boolean inVariant = v.used().contains(round);
            if (inBaseline && inVariant) {
                paired.add(round);
                continue;
            }
            List<String> why = new ArrayList<>();
            if (!inBaseline) {
                why.add(baselineName + ": " + b.leftOut().getOrDefault(round, UsableRuns.NOT_RUN));
            }
            if (!inVariant) {
                why.add(variantName + ": " + v.leftOut().getOrDefault(round, UsableRuns.NOT_RUN));
            }
            dropped.add(new Dropped(round, String.join(", ", why)));
        }
        return new RoundPairs(total, paired, dropped);
    }

    /**
     * A figure's values of the rounds paired, the baseline's then the variant's, index i of both
     * from the same round; a round where either run lacks the figure is left out of this figure.
     */
    List<List<Double>> values(RunSet baseline, RunSet variant, Function<RunResult, Double> value) {
        Map<Integer, RunResult> b = byRound(baseline);
        Map<Integer, RunResult> v = byRound(variant);
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int round : paired) {
            Double bx = value.apply(b.get(round));
            Double vy = value.apply(v.get(round));
            if (bx != null && vy != null) {
                x.add(bx);
                y.add(vy);
            }
        }
        return List.of(x, y);
    }

    private static Map<Integer, RunResult> byRound(RunSet set) {
        Map<Integer, RunResult> out = new LinkedHashMap<>();
        List<Integer> rounds = set.rounds().used();
        for (int i = 0; i < rounds.size(); i++) {
            out.put(rounds.get(i), set.runs().get(i));
        }
        return out;
    }

    /** "4 of 4 rounds paired", "3 of 4 rounds paired; dropped: round 2 (set 2: incomplete)". */
    public String summary() {
        String s = paired.size() + " of " + rounds + " round" + (rounds == 1 ? "" : "s") + " paired";
        if (dropped.isEmpty()) {
            return s;
        }
        return s + "; dropped: " + String.join("; ", dropped.stream().map(d -> "round " + d.round() + " (" + d.why()
                + ")").toList());
    }
}
