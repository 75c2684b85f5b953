package io.tpkit.compare;

import java.util.List;

/**
 * What the regression gate concluded, with the lines that say why (one per variant judged).
 *
 * @param outcome   {@value #PASSED}, {@value #FAILED} or {@value #CANNOT_JUDGE}
 * @param figure    the id of the row judged ("tps", "nopm")
 * @param slowerPct the gate's threshold, in percent
 * @param lines     "gate: passed: TPS ratio 0.97 [0.93, 1.01], not shown slower by more than 5% (...)"
 */
public record GateVerdict(String outcome, String figure, double slowerPct, List<String> lines) {
    public static final String PASSED = "passed";
    public static final String FAILED = "failed";
    public static final String CANNOT_JUDGE = "cannot judge";

    public GateVerdict {
        lines = lines == null ? List.of() : List.copyOf(lines);
    }

    public boolean passed() {
        return PASSED.equals(outcome);
    }

    public boolean failed() {
        return FAILED.equals(outcome);
    }

    /** The lines, one per line. */
    public String text() {
        return String.join(System.lineSeparator(), lines);
    }
}
