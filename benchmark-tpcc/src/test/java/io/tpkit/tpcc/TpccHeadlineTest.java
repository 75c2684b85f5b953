package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.metrics.HeadlineFigure;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TpccHeadlineTest {
    private static Map<String, HeadlineFigure> headline(TpccFacts facts, int warehouses) {
        return new TpccBoundWorkload(warehouses, true, null, io.tpkit.config.Logic.CLIENT, 1, Map.of())
                .headline(facts.build());
    }

    private static Double efficiency(TpccFacts facts, int warehouses) {
        return headline(facts, warehouses).get(TpccHeadline.EFFICIENCY_ID).value();
    }

    private static String efficiencyNote(TpccFacts facts, int warehouses) {
        return headline(facts, warehouses).get(TpccHeadline.EFFICIENCY_ID).note();
    }

    @Test
    void efficiencyIsNopmOverTheDeckCeiling() {
        // 2 warehouses, 20 terminals, spec think times: 3,025.3 New-Orders in 2 h is the ceiling
        long atCeiling = Math.round(Nopm.CEILING_PER_WAREHOUSE * 2 * 120);
        Map<String, HeadlineFigure> h = headline(new TpccFacts().newOrders(atCeiling, 30).terminals(20), 2);
        assertThat(h.get(TpccHeadline.NOPM_ID).value()).isCloseTo(atCeiling / 120.0, within(1e-9));
        assertThat(h.get(TpccHeadline.EFFICIENCY_ID).value()).isCloseTo(100, within(0.02));

        Map<String, HeadlineFigure> half = headline(new TpccFacts().newOrders(756, 8), 1);
        assertThat(half.get(TpccHeadline.EFFICIENCY_ID).value()).isCloseTo(100 * 6.3 / 12.6054, within(0.001));
    }

    /** Ids a program reads, labels a person reads, units beside them. */
    @Test
    void theFiguresHaveIdsLabelsAndUnits() {
        Map<String, HeadlineFigure> h = headline(new TpccFacts().newOrders(756, 8), 1);
        assertThat(h.keySet()).containsExactly("nopm", "efficiencyPct");
        assertThat(h.get("nopm").label()).isEqualTo(TpccHeadline.NOPM);
        assertThat(h.get("nopm").unit()).isEqualTo("1/min");
        assertThat(h.get("efficiencyPct").label()).isEqualTo(TpccHeadline.EFFICIENCY);
        assertThat(h.get("efficiencyPct").unit()).isEqualTo("%");
        assertThat(h.keySet()).allMatch(io.tpkit.metrics.Headline::isId);
    }

    @Test
    void theFiguresNameItsCeilingAndNotTheMixFigure() {
        assertThat(TpccHeadline.EFFICIENCY).startsWith("efficiency % (NOPM / (12.61 x warehouses)")
                .doesNotContain("12.86", "tpmC");
    }

    /** The case: --think off gave "39,197 %". */
    @Test
    void efficiencyIsNotShownWithoutTheSpecsThinkTimes() {
        Map<String, HeadlineFigure> h = headline(new TpccFacts().newOrders(80_000, 800).seconds(20).think(0), 1);
        assertThat(h.get(TpccHeadline.NOPM_ID).value()).isEqualTo(240_000.0);
        assertThat(h.get(TpccHeadline.EFFICIENCY_ID).value()).isNull();
        assertThat(h.get(TpccHeadline.EFFICIENCY_ID).display()).isEqualTo("not shown: needs the spec's keying and "
                + "think times (--think spec) and 10 terminals per warehouse; this run had think factor 0 and 10 "
                + "terminals for 1 warehouse");
    }

    @Test
    void efficiencyNeedsAThinkFactorOfExactlyOne() {
        assertThat(efficiencyNote(new TpccFacts().think(0.99), 1)).isNotNull();
        assertThat(efficiencyNote(new TpccFacts().think(1.5), 1)).isNotNull()
                .contains("think factor 1.5");
        assertThat(efficiency(new TpccFacts().think(1.0), 1)).isNotNull();
    }

    @Test
    void efficiencyNeedsExactlyTenTerminalsPerWarehouse() {
        assertThat(efficiencyNote(new TpccFacts().terminals(19), 2)).isNotNull()
                .endsWith("19 terminals for 2 warehouses");
        assertThat(efficiencyNote(new TpccFacts().terminals(21), 2)).isNotNull();
        assertThat(efficiency(new TpccFacts().terminals(20), 2)).isNotNull();
    }

    /** The manual run of the issue: 6 New-Orders in 20 s after a 10 s warm-up read "142.80 %". */
    @Test
    void efficiencyIsNotShownForAnIntervalOfAFewCycles() {
        Map<String, HeadlineFigure> h = headline(new TpccFacts().newOrders(6, 0).seconds(20), 1);
        assertThat(h.get(TpccHeadline.NOPM_ID).value()).isEqualTo(18.0);
        assertThat(h.get(TpccHeadline.EFFICIENCY_ID).display()).isEqualTo("not shown: the interval covers 1.0 mean "
                + "cycles of a terminal (20.7 s), mostly start-up; shown from 10 cycles (207 s) on");
        double tenCycles = NopmCeilingRule.CYCLES * Nopm.MEAN_CYCLE_SECONDS;
        assertThat(efficiency(new TpccFacts().newOrders(40, 0).seconds(tenCycles), 1)).isNotNull();
        assertThat(efficiencyNote(new TpccFacts().newOrders(40, 0).seconds(tenCycles - 0.01), 1)).isNotNull();
    }
}
