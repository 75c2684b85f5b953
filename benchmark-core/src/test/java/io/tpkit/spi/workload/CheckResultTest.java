package io.tpkit.spi.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.result.ResultWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckResultTest {
    private static final CheckResult OK = CheckResult.of("a", true, "holds");
    private static final CheckResult BAD = CheckResult.of("b", false, "1 violation(s)");
    private static final CheckResult SKIPPED = CheckResult.skipped("c", "skipped: the constant is unknown");

    @Test
    void aSkippedCheckIsNeitherPassedNorFailed() {
        assertThat(SKIPPED.passed()).isFalse();
        assertThat(SKIPPED.failed()).isFalse();
        assertThat(SKIPPED.detail()).isEqualTo("skipped: the constant is unknown");
        assertThat(BAD.failed()).isTrue();
        assertThat(OK.failed()).isFalse();
        assertThatThrownBy(() -> new CheckResult("d", true, "holds", true)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSummaryCountsSkippedChecksApart() {
        assertThat(CheckResult.summary(List.of(OK, OK))).isEqualTo("passed (2 checks)");
        assertThat(CheckResult.summary(List.of(OK, SKIPPED))).isEqualTo("passed (1 checks, 1 skipped)");
        assertThat(CheckResult.summary(List.of(OK, BAD))).isEqualTo("FAILED (1 of 2)");
        assertThat(CheckResult.summary(List.of(OK, BAD, SKIPPED))).isEqualTo("FAILED (1 of 2; 1 skipped)");
    }

    @Test
    void resultJsonNamesSkippedOnlyWhenACheckWasSkipped() throws Exception {
        com.fasterxml.jackson.databind.JsonNode ok = ResultWriter.json().valueToTree(OK);
        assertThat(ok.properties()).extracting(java.util.Map.Entry::getKey).containsExactly("name", "passed", "detail");
        com.fasterxml.jackson.databind.JsonNode skipped = ResultWriter.json().valueToTree(SKIPPED);
        assertThat(skipped.path("passed").asBoolean(true)).isFalse();
        assertThat(skipped.path("skipped").asBoolean(false)).isTrue();
    }
}
