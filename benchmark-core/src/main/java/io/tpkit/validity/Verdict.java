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
    /**
     * The id of the rule on the consistency checks. When a check could not complete (its detail
     * begins "could not be checked: "), the verdict says so first, as an interrupted run does.
     */
    public static final String CONSISTENCY = "consistency";

    public static Verdict of(List<RuleResult> rules) {
        List<String> failed = rules.stream().filter(RuleResult::failed).map(RuleResult::id)
                .collect(Collectors.toList());
        if (failed.isEmpty()) {
            return new Verdict("conformant", true, List.copyOf(rules));
        }
        boolean interrupted = failed.remove(COMPLETE);
        boolean unchecked = rules.stream().anyMatch(r -> r.failed() && r.id().equals(CONSISTENCY)
                && r.detail() != null && r.detail().startsWith(io.tpkit.spi.workload.CheckResult.COULD_NOT_CHECK))
                && failed.remove(CONSISTENCY);
        String others = failed.isEmpty() ? "" : "non-standard: " + String.join(", ", failed);
        String first = interrupted ? "incomplete: interrupted before the measurement interval's end"
                : unchecked ? "consistency not checked (the checks could not complete)" : null;
        if (interrupted && unchecked) {
            first += "; consistency not checked (the checks could not complete)";
        }
        return new Verdict(first == null ? others : first + (others.isEmpty() ? "" : "; " + others), false,
                List.copyOf(rules));
    }
}
