package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.validity.RuleResult;
import io.tpkit.validity.RuleResult.Status;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TpccRulesTest {
    private static Map<String, RuleResult> rules(TpccFacts facts, int warehouses) {
        return TpccRules.evaluate(facts.build(), warehouses, true).stream()
                .collect(Collectors.toMap(RuleResult::id, r -> r));
    }

    private static RuleResult rule(String id, TpccFacts facts) {
        return rules(facts, 1).get(id);
    }

    // --- new-order-rollbacks -----------------------------------------------------------------

    /** The case: 1.3 % of 1,000 is what a correct 1 % gives by chance. */
    @Test
    void rollbacksOfAThousandNewOrdersAreNotJudgedOnTheRange() {
        RuleResult r = rule("new-order-rollbacks", new TpccFacts().newOrders(1_000, 13));
        assertThat(r.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(r.detail()).startsWith("1.300 % of 1,000; too few to judge (needs 89,100)");
        assertThat(r.rule()).isEqualTo("New-Orders rolled back on the unused item between 0.90 % and 1.10 % of "
                + "the New-Orders completed in the measurement interval");
    }

    @Test
    void rollbacksBeyondChanceFailAtAnySampleSize() {
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(1_000, 1)).failed()).isTrue();
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(1_000, 2)).status())
                .isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(1_000, 21)).status())
                .isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(1_000, 22)).failed()).isTrue();
    }

    @Test
    void rollbacksOfEnoughNewOrdersAreJudgedOnTheRange() {
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(100_000, 900)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(100_000, 1_100)).status())
                .isEqualTo(Status.PASSED);
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(100_000, 899)).failed()).isTrue();
        assertThat(rule("new-order-rollbacks", new TpccFacts().newOrders(100_000, 1_101)).failed()).isTrue();
    }

    /** The rule and the input audit never both speak about the rollback share. */
    @Test
    void theRollbackShareIsJudgedOnce() {
        TpccBoundWorkload workload = new TpccBoundWorkload(1, true, null, io.tpkit.api.Logic.CLIENT, 1, Map.of());
        List<RuleResult> all = workload.validityRules(new TpccFacts().newOrders(1_000, 13).build());
        assertThat(all).extracting(RuleResult::id).filteredOn(id -> id.contains("rollback"))
                .containsExactly("new-order-rollbacks");
    }
}
