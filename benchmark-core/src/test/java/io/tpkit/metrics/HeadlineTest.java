package io.tpkit.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.result.ResultWriter;
import org.junit.jupiter.api.Test;

class HeadlineTest {
    @Test
    void anIdIsTheCamelCaseOfTheFiguresShortName() {
        assertThat(Headline.id("NOPM (New-Orders completed per minute)")).isEqualTo("nopm");
        assertThat(Headline.id("efficiency % (NOPM / (12.61 x warehouses))")).isEqualTo("efficiencyPct");
        assertThat(Headline.id("creates/s last iteration")).isEqualTo("createsPerSecondLastIteration");
        assertThat(Headline.id("last vs first iteration %")).isEqualTo("lastVsFirstIterationPct");
        assertThat(Headline.id("duplicate keys (drawn again and retried)")).isEqualTo("duplicateKeys");
        assertThat(Headline.id("t1-amend per second (committed ...)")).isEqualTo("t1AmendPerSecond");
        assertThatThrownBy(() -> Headline.id("(nothing but a remark)")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void figuresAreKeptByIdInTheirOrder() {
        Headline h = new Headline().add("nopm", "NOPM", 1234.5, HeadlineFigure.PER_MINUTE)
                .notShown("efficiencyPct", "efficiency %", HeadlineFigure.PERCENT, "needs the spec's think times")
                .add("duplicateKeys", "duplicate keys", 3, HeadlineFigure.COUNT);
        assertThat(h.figures()).containsOnlyKeys("nopm", "efficiencyPct", "duplicateKeys");
        assertThat(h.figures().keySet()).containsExactly("nopm", "efficiencyPct", "duplicateKeys");
        assertThat(h.figures().get("nopm").display()).isEqualTo("1234.50");
        assertThat(h.figures().get("efficiencyPct").display()).isEqualTo("not shown: needs the spec's think times");
        assertThat(h.figures().get("duplicateKeys").display()).isEqualTo("3");
    }

    @Test
    void anIdIsAnIdentifierAndUnique() {
        assertThatThrownBy(() -> new Headline().add("creates/s high", "creates/s high", 1, HeadlineFigure.PER_SECOND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("camelCase identifier");
        assertThatThrownBy(() -> new Headline().add("nopm", "a", 1, "1/min").add("nopm", "b", 2, "1/min"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two headline figures");
    }

    @Test
    void inResultJsonAFigureIsItsLabelValueAndUnit() throws Exception {
        String json = ResultWriter.json().writeValueAsString(new Headline()
                .add("nopm", "NOPM (New-Orders per minute)", 1234.5, HeadlineFigure.PER_MINUTE)
                .notShown("efficiencyPct", "efficiency %", HeadlineFigure.PERCENT, "why").figures());
        assertThat(ResultWriter.json().readTree(json)).isEqualTo(ResultWriter.json().readTree("""
                {"nopm": {"label": "NOPM (New-Orders per minute)", "value": 1234.5, "unit": "1/min"},
                 "efficiencyPct": {"label": "efficiency %", "value": null, "unit": "%", "note": "why"}}
                """));
    }
}
