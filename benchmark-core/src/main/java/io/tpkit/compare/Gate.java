package io.tpkit.compare;

import io.tpkit.analysis.RatioOfMeans;
import io.tpkit.config.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The regression gate ({@code --fail-if-slower PCT}): a variant fails it when it is shown slower
 * than the baseline by more than PCT percent on one figure (the workload's headline figure by
 * default: NOPM for TPC-C, creates/s for HPSS, TPS for TP1), that is when the WHOLE confidence
 * interval of the ratio of the means lies beyond {@code 1 - PCT/100} (below it for a throughput;
 * above {@code 1 + PCT/100} for a response time or a cost, which is slower when higher). Anything
 * else passes: a difference the interval does not show is noise, and the gate never fails on
 * noise, and an unbounded interval (Fieller's case: the baseline's runs vary so much that its
 * mean is not shown different from 0) shows nothing and passes, saying so. Without an interval
 * it cannot judge, and says so rather than pass or fail: a side with one usable run (no spread
 * is known), a figure a side lacks or the comparison does not judge.
 *
 * @param slowerPct the threshold in percent, e.g. 5
 * @param figure    the id of the judged row to gate on, "headline" or null for the headline figure;
 *                  "p90" and "p99" name the main transaction type's
 */
public record Gate(double slowerPct, String figure) {
    /** What {@link #figure} defaults to. */
    public static final String HEADLINE = "headline";

    /** @throws BadInputException when {@code pct} is not above 0 and below 100 */
    public static Gate of(double pct, String figure) {
        if (!(pct > 0 && pct < 100)) {
            throw new BadInputException("--fail-if-slower takes a percentage above 0 and below 100, e.g. 5 (got "
                    + Judgement.percent(pct / 100) + ")");
        }
        return new Gate(pct, figure == null || figure.isBlank() ? HEADLINE : figure.strip());
    }

    /** Judges every column after the first against the first. */
    public GateVerdict judge(Comparison c) {
        Comparison.Row row = row(c);
        if (row == null) {
            return new GateVerdict(GateVerdict.CANNOT_JUDGE, figure, slowerPct, List.of("gate: cannot judge: "
                    + "--gate-figure " + figure + " is not a figure this comparison judges: choose one of "
                    + String.join(", ", figures(c))));
        }
        Judgement j = c.judgement() != null ? c.judgement() : Judgement.DEFAULT;
        double limit = slowerPct / 100;
        List<String> lines = new ArrayList<>();
        boolean failed = false;
        boolean unjudged = false;
        for (int k = 1; k < c.runs().size(); k++) {
            String who = c.runs().size() > 2 ? ComparisonTable.name(c, k) + ": " : "";
            Change change = row.change(k);
            String figure = row.shortName();
            String why = cannotJudge(change, figure, c.runs().get(k).pairs());
            if (why != null) {
                unjudged = true;
                lines.add("gate: " + who + "cannot judge: " + why);
                continue;
            }
            RatioOfMeans r = change.estimate();
            String pct = Judgement.percent(limit) + "%";
            String how = runs(r) + ", " + r.shortMethod() + " " + j.levelText();
            if (r.unbounded()) {
                // the baseline varied so much that its mean is not shown different from 0: nothing is shown
                lines.add("gate: " + who + "passed: " + figure + " ratio " + Change.ratio(r.ratio()) + ", interval "
                        + "unbounded (the baseline's runs vary too much to show any change; more runs narrow it), "
                        + "not shown slower by more than " + pct + " (" + how + ")");
                continue;
            }
            boolean slower = row.better() == Better.HIGHER ? r.high() < 1 - limit : r.low() > 1 + limit;
            String measured = figure + " ratio " + Change.ratio(r.ratio()) + " " + Change.interval(r);
            if (slower) {
                failed = true;
                lines.add("gate: " + who + "FAILED: " + measured + ": slower by more than " + pct + " (the whole "
                        + "interval " + (row.better() == Better.HIGHER ? "below " + Change.ratio(1 - limit)
                        : "above " + Change.ratio(1 + limit)) + "; " + how + ")");
            } else {
                lines.add("gate: " + who + "passed: " + measured + ", not shown slower by more than " + pct + " ("
                        + how + ")");
            }
        }
        String outcome = failed ? GateVerdict.FAILED : unjudged ? GateVerdict.CANNOT_JUDGE : GateVerdict.PASSED;
        return new GateVerdict(outcome, row.id(), slowerPct, lines);
    }

    /** Builds the comparison of two sides, judges it, and throws unless it passed. */
    GateVerdict assertPasses(RunSet baseline, RunSet candidate) {
        Comparison c = Comparisons.ofSets(List.of(baseline, candidate), java.util.Set.of(), Judgement.DEFAULT);
        GateVerdict v = judge(c);
        String nl = System.lineSeparator();
        String notes = (c.startingData().isEmpty() || c.differences().isEmpty() ? ""
                : nl + "NOT THE SAME STARTING DATA: " + String.join("; ", c.startingData()))
                + (c.differences().isEmpty() ? "" : nl + ComparisonTable.sameness(c));
        if (v.failed()) {
            throw new AssertionError(v.text() + notes);
        }
        if (!v.passed()) {
            throw new BadInputException(v.text() + notes);
        }
        return v;
    }

    /** Why the change cannot be judged, or null when it can. */
    private static String cannotJudge(Change change, String figure, RoundPairs pairs) {
        if (change == null) {
            return pairs != null && pairs.paired().isEmpty() ? "no round has a usable run of both sides (" + pairs
                    .summary() + ")" : "a side has no " + figure;
        }
        RatioOfMeans r = change.estimate();
        if (r.ratio() == null) {
            return "the baseline's " + figure + " is 0";
        }
        if (r.paired() && r.nBaseline() < 2) {
            return "1 pair (a round with a usable run of both sides) gives no interval of " + figure + ": run more "
                    + "rounds (--repeat N)";
        }
        if (r.nBaseline() < 2 || r.nVariant() < 2) {
            return (r.nBaseline() == 1 && r.nVariant() == 1 ? "1 run each" : r.nBaseline() + " run"
                    + (r.nBaseline() == 1 ? "" : "s") + " against " + r.nVariant()) + " gives no interval of " + figure
                    + ": compare repetitions (tpkit run ... --repeat N for each side, then tpkit compare DIR_A DIR_B)";
        }
        return null;
    }

    /** "3 runs each", "3 and 5 runs", "4 pairs" (runs paired by round). */
    static String runs(RatioOfMeans r) {
        if (r.paired()) {
            return r.nBaseline() + " pairs";
        }
        return r.nBaseline() == r.nVariant() ? r.nBaseline() + " runs each" : r.nBaseline() + " and " + r.nVariant()
                + " runs";
    }

    /** The row to judge, or null when the comparison judges no such figure. */
    Comparison.Row row(Comparison c) {
        String id = figure == null || figure.equals(HEADLINE) ? (c.headline() != null ? c.headline() : "tps") : figure;
        for (Comparison.Row r : judged(c)) {
            if (r.id().equals(id) || (id.equals("p90") || id.equals("p99")) && r.id().endsWith("." + id)) {
                return r;
            }
        }
        return null;
    }

    /** The names --gate-figure takes for this comparison: headline, tps, p90, p99, the costs, the headline's id. */
    static List<String> figures(Comparison c) {
        List<String> names = new ArrayList<>(List.of(HEADLINE));
        judged(c).forEach(r -> names.add(r.id().matches(".+\\.p9[09]") ? r.id().substring(r.id().lastIndexOf('.') + 1)
                : r.id()));
        return names;
    }

    private static List<Comparison.Row> judged(Comparison c) {
        return c.rows().stream().filter(r -> r.better() != null && r.id() != null).toList();
    }

    /**
     * Refuses, before anything runs, a gate that could not judge: with fewer than two runs of
     * each variant no interval is known.
     *
     * @param runsPerVariant the runs each variant will have
     * @throws BadInputException when fewer than two
     */
    public static void requireRepetitions(int runsPerVariant) {
        if (runsPerVariant < 2) {
            throw new BadInputException("--fail-if-slower needs repetitions: one run of each side gives no interval, "
                    + "so the gate cannot tell a regression from noise; give --repeat N (N >= 2) to run every variant "
                    + "N times, or run each side with 'tpkit run ... --repeat N' and gate with 'tpkit compare DIR_A "
                    + "DIR_B --fail-if-slower PCT'");
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "fail if slower by more than %s%% on %s", Judgement.percent(slowerPct / 100),
                figure);
    }
}
