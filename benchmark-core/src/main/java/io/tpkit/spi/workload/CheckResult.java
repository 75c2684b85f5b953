package io.tpkit.spi.workload;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One consistency condition and what the database said about it: passed, failed, or skipped.
 * A skipped condition was not evaluated (its detail says why): it is neither a pass nor a
 * failure, so it never fails a check or a verdict and is never counted among the passed ones.
 *
 * @param skipped not evaluated; then {@code passed} is false and {@code detail} holds the reason
 *                (absent from result.json unless true)
 */
public record CheckResult(String name, boolean passed, String detail,
                          @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean skipped) {
    public CheckResult {
        if (passed && skipped) {
            throw new IllegalArgumentException("a check is either evaluated or skipped: " + name);
        }
    }

    public CheckResult(String name, boolean passed, String detail) {
        this(name, passed, detail, false);
    }

    public static CheckResult of(String name, boolean passed, String detail) {
        return new CheckResult(name, passed, detail);
    }

    /** A condition that was not evaluated, with the reason. */
    public static CheckResult skipped(String name, String reason) {
        return new CheckResult(name, false, reason, true);
    }

    /** How the detail of a condition that could not be evaluated begins ({@link #couldNotCheck}). */
    public static final String COULD_NOT_CHECK = "could not be checked: ";

    /**
     * A condition whose check could not complete (a statement timeout, a server gone or frozen):
     * skipped, with the reason; neither a pass nor a failure, and said as such in the verdict.
     */
    public static CheckResult couldNotCheck(String name, String reason) {
        return skipped(name, COULD_NOT_CHECK + reason);
    }

    /** Skipped because its check could not complete, not by design. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean unchecked() {
        return skipped && detail != null && detail.startsWith(COULD_NOT_CHECK);
    }

    /** Evaluated and not met. */
    public boolean failed() {
        return !passed && !skipped;
    }

    /**
     * "passed (11 checks)", "passed (11 checks, 1 skipped)", "FAILED (2 of 12)" or, when a check
     * could not complete, "NOT CHECKED, could not be checked: REASON (1 checks passed before)".
     */
    public static String summary(java.util.List<CheckResult> checks) {
        long failed = checks.stream().filter(CheckResult::failed).count();
        long skipped = checks.stream().filter(CheckResult::skipped).count();
        if (failed > 0) {
            return "FAILED (" + failed + " of " + (checks.size() - skipped) + (skipped == 0 ? "" : "; "
                    + skipped + " skipped") + ")";
        }
        java.util.Optional<CheckResult> unchecked = checks.stream().filter(CheckResult::unchecked).findFirst();
        if (unchecked.isPresent()) {
            return "NOT CHECKED, " + unchecked.get().detail() + " (" + (checks.size() - skipped) + " checks passed "
                    + "before)";
        }
        return "passed (" + (checks.size() - skipped) + " checks" + (skipped == 0 ? "" : ", " + skipped
                + " skipped") + ")";
    }
}
