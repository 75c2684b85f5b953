package io.tpkit.spi.workload;

/**
 * One rule of the built-in auditor.
 *
 * @param id     stable identifier, e.g. {@code durability}
 * @param rule   what the rule requires, in words
 * @param status passed, failed or not applicable
 * @param detail what was observed
 */
public record RuleResult(String id, String rule, Status status, String detail) {
    public enum Status { PASSED, FAILED, NOT_APPLICABLE }

    public static RuleResult check(String id, String rule, boolean passed, String detail) {
        return new RuleResult(id, rule, passed ? Status.PASSED : Status.FAILED, detail);
    }

    public static RuleResult notApplicable(String id, String rule, String detail) {
        return new RuleResult(id, rule, Status.NOT_APPLICABLE, detail);
    }

    public boolean failed() {
        return status == Status.FAILED;
    }
}
