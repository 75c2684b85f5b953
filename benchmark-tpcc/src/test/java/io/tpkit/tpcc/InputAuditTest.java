package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.validity.RuleResult;
import io.tpkit.validity.RuleResult.Status;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class InputAuditTest {
    private static Map<String, Status> audit(InputAudit audit, int warehouses) {
        return audit.rules(warehouses).stream().collect(Collectors.toMap(RuleResult::id, RuleResult::status));
    }

    /** Deals 23-card decks to one terminal per warehouse, as a run would, and audits the inputs. */
    private static InputAudit generate(int warehouses, int decks) {
        InputAudit audit = new InputAudit();
        TpccRandom random = new TpccRandom(11);
        NURandConstants constants = NURandConstants.forRun(random.split(), 100);
        for (int w = 1; w <= warehouses; w++) {
            TpccInputs in = new TpccInputs(random.split(), constants, warehouses, w, 1);
            CardDeck deck = CardDeck.smallest(new java.util.SplittableRandom(w));
            for (int i = 0; i < decks * 23; i++) {
                audit.count(in.next(deck.deal()));
            }
        }
        return audit;
    }

    @Test
    void theGeneratorPassesEveryAuditOnceEnoughInputsAreDrawn() {
        // 5 x 20,000 decks: 1,000,000 New-Orders, enough for the 1 % +- 0.1 % rollback check
        Map<String, Status> result = audit(generate(5, 20_000), 5);
        assertThat(result).containsOnlyKeys("audit-rollbacks", "audit-lines-per-order", "audit-remote-lines",
                "audit-remote-payments", "audit-payment-by-name", "audit-order-status-by-name");
        assertThat(result).allSatisfy((id, status) -> assertThat(status).as(id).isEqualTo(Status.PASSED));
    }

    @Test
    void fewInputsAreReportedButNotJudged() {
        List<RuleResult> rules = generate(2, 20).rules(2);
        RuleResult rollbacks = rules.stream().filter(r -> r.id().equals("audit-rollbacks")).findFirst().orElseThrow();
        assertThat(rollbacks.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks.detail()).contains("of 400").contains("too few to judge");
    }

    @Test
    void remoteSharesDoNotApplyToOneWarehouse() {
        Map<String, Status> result = audit(generate(1, 2_000), 1);
        assertThat(result).containsEntry("audit-remote-lines", Status.NOT_APPLICABLE)
                .containsEntry("audit-remote-payments", Status.NOT_APPLICABLE)
                .containsEntry("audit-payment-by-name", Status.PASSED);
    }

    @Test
    void aSkewedGeneratorFailsTheAudit() {
        InputAudit audit = new InputAudit();
        Function<Integer, CustomerSelector> always = id -> CustomerSelector.byId(id);
        for (int i = 0; i < 10_000; i++) {
            // every Payment local and by number: 0 % remote, 0 % by name
            audit.count(new PaymentRequest(1, 1, 1, 1, always.apply(1 + i % 3000), java.math.BigDecimal.ONE));
        }
        Map<String, Status> result = audit(audit, 3);
        assertThat(result).containsEntry("audit-payment-by-name", Status.FAILED);
        // 10,000 Payments are fewer than the 11,475 the 14-16 % window needs to be judged
        assertThat(result).containsEntry("audit-remote-payments", Status.NOT_APPLICABLE);
    }
}
