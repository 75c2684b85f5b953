package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.RuleResult.Status;
import io.tpkit.spi.workload.RuleResult;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HomeAuditTest {
    /** Binds terminals the way TpccBoundWorkload does, and lets each generate a few decks. */
    private static HomeAudit run(int warehouses, int terminals) {
        HomeAudit home = new HomeAudit(warehouses);
        TpccRandom random = new TpccRandom(5);
        NURandConstants constants = NURandConstants.forRun(random.split(), 100);
        for (int i = 0; i < terminals; i++) {
            int w = TpccBoundWorkload.homeWarehouse(i, warehouses);
            int d = TpccBoundWorkload.homeDistrict(i, warehouses);
            home.bind(w, d);
            TpccInputs inputs = new TpccInputs(random.split(), constants, warehouses, w, d);
            CardDeck deck = CardDeck.smallest(new java.util.SplittableRandom(i));
            for (int k = 0; k < 46; k++) {
                home.count(inputs.next(deck.deal()), w, d);
            }
        }
        return home;
    }

    @Test
    void tenTerminalsPerWarehouseHoldEveryPairAndStayHome() {
        RuleResult r = run(3, 30).rule();
        assertThat(r.status()).isEqualTo(Status.PASSED);
        assertThat(r.detail()).isEqualTo("0 of 1,380 inputs away from their terminal's home; of the 30 (warehouse, "
                + "district) pairs 0 have no terminal and 0 have several");
    }

    @Test
    void aTerminalFewerLeavesAPairWithoutOne() {
        RuleResult r = run(3, 29).rule();
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).endsWith("1 have no terminal and 0 have several");
    }

    @Test
    void aTerminalMoreSharesAPair() {
        RuleResult r = run(3, 31).rule();
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).endsWith("0 have no terminal and 1 have several");
    }

    @Test
    void anInputAwayFromHomeFails() {
        HomeAudit home = run(2, 20);
        home.count(new PaymentRequest(2, 1, 2, 1, CustomerSelector.byId(1), BigDecimal.ONE), 1, 1);
        RuleResult r = home.rule();
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).startsWith("1 of 921 inputs away");
    }

    @Test
    void aStockLevelOfAnotherDistrictFails() {
        HomeAudit home = run(1, 10);
        home.count(new StockLevelRequest(1, 3, 15), 1, 3);
        assertThat(home.rule().status()).isEqualTo(Status.PASSED);
        home.count(new StockLevelRequest(1, 4, 15), 1, 3);
        assertThat(home.rule().failed()).isTrue();
    }

    /** The rule can fail: before, it was the constant true. */
    @Test
    void aRunWithoutTerminalsHasNoPairHeld() {
        TpccBoundWorkload workload = new TpccBoundWorkload(1, true, null, io.tpkit.config.Logic.CLIENT, 1, Map.of());
        List<RuleResult> rules = workload.validityRules(new TpccFacts().build());
        RuleResult r = rules.stream().filter(x -> x.id().equals("home-warehouse")).findFirst().orElseThrow();
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).endsWith("10 have no terminal and 0 have several");
    }
}
