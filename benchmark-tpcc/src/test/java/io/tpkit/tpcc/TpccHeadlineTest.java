package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TpccHeadlineTest {
    private static Map<String, Object> headline(TpccFacts facts, int warehouses) {
        return new TpccBoundWorkload(warehouses, true, null, io.tpkit.config.Logic.CLIENT, 1, Map.of())
                .headline(facts.build());
    }

    @Test
    void efficiencyIsNopmOverTheDeckCeiling() {
        // 2 warehouses, 20 terminals, spec think times: 3,025.3 New-Orders in 2 h is the ceiling
        long atCeiling = Math.round(Nopm.CEILING_PER_WAREHOUSE * 2 * 120);
        Map<String, Object> h = headline(new TpccFacts().newOrders(atCeiling, 30).terminals(20), 2);
        assertThat((Double) h.get(TpccHeadline.NOPM)).isCloseTo(atCeiling / 120.0, within(1e-9));
        assertThat((Double) h.get(TpccHeadline.EFFICIENCY)).isCloseTo(100, within(0.02));

        Map<String, Object> half = headline(new TpccFacts().newOrders(756, 8), 1);
        assertThat((Double) half.get(TpccHeadline.EFFICIENCY)).isCloseTo(100 * 6.3 / 12.6054, within(0.001));
    }

    @Test
    void theFiguresNameItsCeilingAndNotTheMixFigure() {
        assertThat(TpccHeadline.EFFICIENCY).startsWith("efficiency % (NOPM / (12.61 x warehouses)")
                .doesNotContain("12.86", "tpmC");
    }

    /** The case: --think off gave "39,197 %". */
    @Test
    void efficiencyIsNotShownWithoutTheSpecsThinkTimes() {
        Map<String, Object> h = headline(new TpccFacts().newOrders(80_000, 800).seconds(20).think(0), 1);
        assertThat(h.get(TpccHeadline.NOPM)).isEqualTo(240_000.0);
        assertThat(h.get(TpccHeadline.EFFICIENCY)).isEqualTo("not shown: needs the spec's keying and think times "
                + "(--think spec) and 10 terminals per warehouse; this run had think factor 0 and 10 terminals for "
                + "1 warehouse");
    }

    @Test
    void efficiencyNeedsAThinkFactorOfExactlyOne() {
        assertThat(headline(new TpccFacts().think(0.99), 1).get(TpccHeadline.EFFICIENCY)).isInstanceOf(String.class);
        assertThat(headline(new TpccFacts().think(1.5), 1).get(TpccHeadline.EFFICIENCY)).isInstanceOf(String.class)
                .asString().contains("think factor 1.5");
        assertThat(headline(new TpccFacts().think(1.0), 1).get(TpccHeadline.EFFICIENCY)).isInstanceOf(Double.class);
    }

    @Test
    void efficiencyNeedsExactlyTenTerminalsPerWarehouse() {
        assertThat(headline(new TpccFacts().terminals(19), 2).get(TpccHeadline.EFFICIENCY)).isInstanceOf(String.class)
                .asString().endsWith("19 terminals for 2 warehouses");
        assertThat(headline(new TpccFacts().terminals(21), 2).get(TpccHeadline.EFFICIENCY)).isInstanceOf(String.class);
        assertThat(headline(new TpccFacts().terminals(20), 2).get(TpccHeadline.EFFICIENCY)).isInstanceOf(Double.class);
    }

    /** The manual run of the issue: 6 New-Orders in 20 s after a 10 s warm-up read "142.80 %". */
    @Test
    void efficiencyIsNotShownForAnIntervalOfAFewCycles() {
        Map<String, Object> h = headline(new TpccFacts().newOrders(6, 0).seconds(20), 1);
        assertThat(h.get(TpccHeadline.NOPM)).isEqualTo(18.0);
        assertThat(h.get(TpccHeadline.EFFICIENCY)).isEqualTo("not shown: the interval covers 1.0 mean cycles of a "
                + "terminal (20.7 s), mostly start-up; shown from 10 cycles (207 s) on");
        double tenCycles = NopmCeilingRule.CYCLES * Nopm.MEAN_CYCLE_SECONDS;
        assertThat(headline(new TpccFacts().newOrders(40, 0).seconds(tenCycles), 1).get(TpccHeadline.EFFICIENCY))
                .isInstanceOf(Double.class);
        assertThat(headline(new TpccFacts().newOrders(40, 0).seconds(tenCycles - 0.01), 1)
                .get(TpccHeadline.EFFICIENCY)).isInstanceOf(String.class);
    }
}
