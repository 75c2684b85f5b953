package io.tpkit.validity;

import io.tpkit.spi.workload.RuleResult;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The auditor's conclusion: {@code conformant} when no rule failed, otherwise
 * {@code non-standard: <failed rule ids>}. A non-standard run is allowed; it is labelled. An
 * interrupted run (its rule {@value #COMPLETE} failed) says so first, {@code incomplete: ...}: a
 * rule's id names what it requires, and a verdict must not read like good news when the
 * requirement was not met.
 */
public record Verdict(String verdict, boolean conformant, List<RuleResult> rules) {
    /** The id of the rule an interrupted run fails: the run measured its whole interval. */
    public static final String COMPLETE = "complete";

    public static Verdict of(List<RuleResult> rules) {
        List<String> failed = rules.stream().filter(RuleResult::failed).map(RuleResult::id)
                .collect(Collectors.toList());
        if (failed.isEmpty()) {
            return new Verdict("conformant", true, List.copyOf(rules));
        }
        boolean interrupted = failed.remove(COMPLETE);
        String others = failed.isEmpty() ? "" : "non-standard: " + String.join(", ", failed);
        return new Verdict(interrupted ? "incomplete: interrupted before the measurement interval's end"
                + (others.isEmpty() ? "" : "; " + others) : others, false, List.copyOf(rules));
    }
}
