package io.tpkit.validity;

import io.tpkit.spi.workload.RuleResult;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The auditor's conclusion: {@code conformant} when no rule failed, otherwise
 * {@code non-standard: <failed rule ids>}. A non-standard run is allowed; it is labelled.
 */
public record Verdict(String verdict, boolean conformant, List<RuleResult> rules) {
    public static Verdict of(List<RuleResult> rules) {
        List<String> failed = rules.stream().filter(RuleResult::failed).map(RuleResult::id)
                .collect(Collectors.toList());
        if (failed.isEmpty()) {
            return new Verdict("conformant", true, List.copyOf(rules));
        }
        return new Verdict("non-standard: " + String.join(", ", failed), false, List.copyOf(rules));
    }
}
