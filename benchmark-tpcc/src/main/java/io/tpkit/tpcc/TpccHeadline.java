package io.tpkit.tpcc;

import io.tpkit.metrics.Headline;
import io.tpkit.metrics.HeadlineFigure;
import io.tpkit.spi.workload.MeasuredRun;
import java.util.Locale;
import java.util.Map;

/**
 * TPC-C's headline: NOPM, and its efficiency against the ceiling of {@link Nopm}. The
 * efficiency compares the run with what the spec's keying and think times allow 10 terminals per
 * warehouse in steady state, so it is shown only for such a run: with {@code --think off} it
 * would be a meaningless 39,197 %, with 20 terminals per warehouse it could pass 100 %
 * legitimately, and in an interval of a few cycles the terminals' first, think-free
 * transactions inflate it (see {@link NopmCeilingRule}).
 */
final class TpccHeadline {
    /** The id of NOPM in result.json's headline. */
    static final String NOPM_ID = "nopm";
    /** The id of the efficiency. */
    static final String EFFICIENCY_ID = "efficiencyPct";
    static final String NOPM = "NOPM (New-Orders completed per minute of the measurement interval, rollbacks "
            + "included; not tpmC)";
    static final String EFFICIENCY = String.format(Locale.ROOT, "efficiency %% (NOPM / (%.2f x warehouses), the "
            + "most that 10 terminals per warehouse complete at the spec's keying and think times)",
            Nopm.CEILING_PER_WAREHOUSE);

    private TpccHeadline() {
    }

    static Map<String, HeadlineFigure> of(MeasuredRun facts, int warehouses) {
        double nopm = Nopm.of(facts.metrics());
        Headline h = new Headline().add(NOPM_ID, NOPM, nopm, HeadlineFigure.PER_MINUTE);
        String notShown = notShownBecause(facts, warehouses);
        if (notShown == null) {
            h.add(EFFICIENCY_ID, EFFICIENCY, 100 * nopm / (Nopm.CEILING_PER_WAREHOUSE * warehouses),
                    HeadlineFigure.PERCENT);
        } else {
            h.notShown(EFFICIENCY_ID, EFFICIENCY, HeadlineFigure.PERCENT, notShown);
        }
        return h.figures();
    }

    /** Why the efficiency would mislead for this run, or null when it means something. */
    static String notShownBecause(MeasuredRun facts, int warehouses) {
        if (facts.thinkFactor() != 1.0 || facts.terminals() != Nopm.TERMINALS_PER_WAREHOUSE * warehouses) {
            return String.format(Locale.ROOT, "needs the spec's keying and think times (--think spec) and 10 "
                    + "terminals per warehouse; this run had think factor %s and %d terminals for %d warehouse%s",
                    factor(facts.thinkFactor()), facts.terminals(), warehouses, warehouses == 1 ? "" : "s");
        }
        double cycles = facts.metrics().measurementSeconds() / Nopm.MEAN_CYCLE_SECONDS;
        if (cycles < NopmCeilingRule.CYCLES) {
            return String.format(Locale.ROOT, "the interval covers %.1f mean cycles of a terminal (%.1f s), mostly "
                    + "start-up; shown from %d cycles (%.0f s) on", cycles, Nopm.MEAN_CYCLE_SECONDS,
                    NopmCeilingRule.CYCLES, NopmCeilingRule.CYCLES * Nopm.MEAN_CYCLE_SECONDS);
        }
        return null;
    }

    private static String factor(double f) {
        return f == Math.rint(f) ? Long.toString((long) f) : Double.toString(f);
    }
}
