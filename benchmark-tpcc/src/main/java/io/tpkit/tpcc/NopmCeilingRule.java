package io.tpkit.tpcc;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.RuleResult;
import java.util.Locale;

/**
 * {@code nopm-ceiling}: no more New-Orders than 10 terminals per warehouse complete at the spec's
 * keying and think times ({@link Nopm#CEILING_PER_WAREHOUSE}). The ceiling is a steady-state
 * rate, and a count scatters around it, so the rule allows for both:
 *
 * <ul>
 *   <li>the start: every terminal's first transaction follows its keying time with no think time
 *       before it, so up to one New-Order per terminal more than the steady state can land in the
 *       interval (a 20 s interval right after a 10 s warm-up holds mostly such transactions);</li>
 *   <li>chance: three standard deviations of a Poisson count at the ceiling, wider than a
 *       terminal's count really scatters (its keying time is constant, and the deck deals
 *       New-Orders evenly).</li>
 * </ul>
 *
 * A count above both fails at any length. Below it, the rule passes only when the interval covers
 * at least {@link #CYCLES} mean cycles of a terminal; a shorter interval is mostly start-up and
 * says nothing about the steady state, so it is not applicable.
 */
final class NopmCeilingRule {
    static final String ID = "nopm-ceiling";
    static final int CYCLES = 10;

    private NopmCeilingRule() {
    }

    static RuleResult judge(RunMetrics m, int warehouses) {
        String rule = String.format(Locale.ROOT, "NOPM at most %.2f per warehouse, what 10 terminals per warehouse "
                + "complete at the spec's keying and think times (more means those times were not applied, or more "
                + "terminals ran)", Nopm.CEILING_PER_WAREHOUSE);
        double seconds = m.measurementSeconds();
        if (seconds <= 0) {
            return RuleResult.notApplicable(ID, rule, "nothing was measured");
        }
        long count = Nopm.completed(m);
        double atCeiling = Nopm.CEILING_PER_WAREHOUSE * warehouses * seconds / 60;
        long allowed = (long) Math.floor(atCeiling + 3 * Math.sqrt(atCeiling)
                + Nopm.TERMINALS_PER_WAREHOUSE * warehouses);
        String observed = String.format(Locale.ROOT, "%.2f NOPM (%,d New-Orders in %,.1f s), ceiling %.2f: %,.1f "
                + "New-Orders in this interval, up to %,d allowed for chance and the terminals' first transactions",
                Nopm.of(m), count, seconds, Nopm.CEILING_PER_WAREHOUSE * warehouses, atCeiling, allowed);
        if (count > allowed) {
            return RuleResult.check(ID, rule, false, observed);
        }
        double cycles = seconds / Nopm.MEAN_CYCLE_SECONDS;
        if (cycles < CYCLES) {
            return RuleResult.notApplicable(ID, rule, observed + String.format(Locale.ROOT, "; the interval covers "
                    + "%.1f mean cycles of a terminal (%.1f s), mostly start-up: judged from %d cycles (%.0f s) on",
                    cycles, Nopm.MEAN_CYCLE_SECONDS, CYCLES, CYCLES * Nopm.MEAN_CYCLE_SECONDS));
        }
        return RuleResult.check(ID, rule, true, observed);
    }
}
