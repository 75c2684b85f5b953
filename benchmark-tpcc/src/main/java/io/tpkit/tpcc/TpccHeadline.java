package io.tpkit.tpcc;

import io.tpkit.spi.RunFacts;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * TPC-C's headline: NOPM, and its efficiency against the ceiling of {@link Nopm}. The
 * efficiency compares the run with what the spec's keying and think times allow 10 terminals per
 * warehouse, so it is shown only for such a run: with {@code --think off} it would be a
 * meaningless 39,197 %, and with 20 terminals per warehouse it could pass 100 % legitimately.
 */
final class TpccHeadline {
    static final String NOPM = "NOPM (New-Orders completed per minute of the measurement interval, rollbacks "
            + "included; not tpmC)";
    static final String EFFICIENCY = String.format(Locale.ROOT, "efficiency %% (NOPM / (%.2f x warehouses), the "
            + "most that 10 terminals per warehouse complete at the spec's keying and think times)",
            Nopm.CEILING_PER_WAREHOUSE);

    private TpccHeadline() {
    }

    static Map<String, Object> of(RunFacts facts, int warehouses) {
        double nopm = Nopm.of(facts.metrics());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(NOPM, nopm);
        if (efficiencyMeaningful(facts, warehouses)) {
            m.put(EFFICIENCY, 100 * nopm / (Nopm.CEILING_PER_WAREHOUSE * warehouses));
        } else {
            m.put(EFFICIENCY, String.format(Locale.ROOT, "not shown: needs the spec's keying and think times "
                    + "(--think spec) and 10 terminals per warehouse; this run had think factor %s and %d terminals "
                    + "for %d warehouse%s", factor(facts.thinkFactor()), facts.terminals(), warehouses,
                    warehouses == 1 ? "" : "s"));
        }
        return m;
    }

    static boolean efficiencyMeaningful(RunFacts facts, int warehouses) {
        return facts.thinkFactor() == 1.0 && facts.terminals() == Nopm.TERMINALS_PER_WAREHOUSE * warehouses;
    }

    private static String factor(double f) {
        return f == Math.rint(f) ? Long.toString((long) f) : Double.toString(f);
    }
}
