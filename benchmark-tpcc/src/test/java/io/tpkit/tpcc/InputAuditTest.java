package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.RuleResult.Status;
import io.tpkit.spi.workload.RuleResult;
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
        // 5 x 2,000 decks: 100,000 New-Orders (1,000,000 lines, 356,400 needed for remote lines)
        Map<String, Status> result = audit(generate(5, 2_000), 5);
        assertThat(result).containsOnlyKeys("audit-lines-per-order", "audit-remote-lines",
                "audit-remote-payments", "audit-payment-by-name", "audit-order-status-by-name");
        assertThat(result).allSatisfy((id, status) -> assertThat(status).as(id).isEqualTo(Status.PASSED));
    }

    @Test
    void fewInputsAreReportedButNotJudged() {
        List<RuleResult> rules = generate(2, 20).rules(2);
        RuleResult remote = rules.stream().filter(r -> r.id().equals("audit-remote-lines")).findFirst().orElseThrow();
        assertThat(remote.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(remote.detail()).contains("too few to judge (needs 356,400)");
    }

    /** The rollback share is judged once, on what the database did: new-order-rollbacks. */
    @Test
    void theRollbackShareIsNotJudgedTwice() {
        assertThat(generate(1, 10).rules(1)).extracting(RuleResult::id).noneMatch(id -> id.contains("rollback"));
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
        // 10,000 Payments are fewer than the 11,475 the 14-16 % window needs, but none remote
        // out of 10,000 is beyond any chance at 15 %
        assertThat(result).containsEntry("audit-remote-payments", Status.FAILED);
    }

    @Test
    void aSmallSampleWithinChanceIsNotJudged() {
        InputAudit audit = new InputAudit();
        for (int i = 0; i < 1_000; i++) {
            // 13 % remote: outside 14-16 %, but 1,000 Payments at 15 % give that by chance (2 standard errors)
            audit.count(new PaymentRequest(1, 1, i < 130 ? 2 : 1, 1, CustomerSelector.byId(1), java.math.BigDecimal.ONE));
        }
        RuleResult r = audit.rules(2).stream().filter(x -> x.id().equals("audit-remote-payments")).findFirst()
                .orElseThrow();
        assertThat(r.status()).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(r.detail()).isEqualTo("13.000 % of 1,000; too few to judge (needs 11,475), and chance alone "
                + "explains this share");
    }
}
