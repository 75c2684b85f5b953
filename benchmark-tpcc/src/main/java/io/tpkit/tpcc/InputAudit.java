package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the terminals generated, for the spec's audit checks on inputs (digest section 6:
 * lines per order, remote lines, remote Payments, selection by last name). Inputs of the whole
 * run are counted (warm-up included): the generator does not change between phases. Each share
 * is judged by {@link SampleJudgement}, only as far as the number of inputs supports. The
 * rollback share is judged once, on what the database did ({@code new-order-rollbacks}).
 */
final class InputAudit {
    private final LongAdder newOrders = new LongAdder();
    private final LongAdder lines = new LongAdder();
    private final LongAdder remoteLines = new LongAdder();
    private final LongAdder payments = new LongAdder();
    private final LongAdder remotePayments = new LongAdder();
    private final LongAdder paymentsByName = new LongAdder();
    private final LongAdder orderStatuses = new LongAdder();
    private final LongAdder orderStatusesByName = new LongAdder();

    void count(Request request) {
        switch (request) {
            case NewOrderRequest o -> {
                newOrders.increment();
                lines.add(o.lines().size());
                int remote = 0;
                for (NewOrderRequest.Line line : o.lines()) {
                    if (line.supplyWarehouseId() != o.warehouseId()) {
                        remote++;
                    }
                }
                remoteLines.add(remote);
            }
            case PaymentRequest p -> {
                payments.increment();
                if (p.customerWarehouseId() != p.warehouseId()) {
                    remotePayments.increment();
                }
                if (p.customer().byLastName()) {
                    paymentsByName.increment();
                }
            }
            case OrderStatusRequest s -> {
                orderStatuses.increment();
                if (s.customer().byLastName()) {
                    orderStatusesByName.increment();
                }
            }
            default -> {
            }
        }
    }

    /** The ids of {@link #rules}: judged on the generated inputs, so a merge keeps each part's judgment. */
    static final java.util.Set<String> RULE_IDS = java.util.Set.of("audit-lines-per-order", "audit-remote-lines",
            "audit-remote-payments", "audit-payment-by-name", "audit-order-status-by-name");

    List<RuleResult> rules(int warehouses) {
        List<RuleResult> rules = new ArrayList<>();
        rules.add(meanLines());
        boolean remote = warehouses > 1;
        rules.add(share("audit-remote-lines", "remote order-lines (share of all lines)", remoteLines, lines,
                0.0095, 0.0105, remote));
        rules.add(share("audit-remote-payments", "remote Payments", remotePayments, payments, 0.14, 0.16, remote));
        rules.add(share("audit-payment-by-name", "Payment by last name", paymentsByName, payments, 0.57, 0.63, true));
        rules.add(share("audit-order-status-by-name", "Order-Status by last name", orderStatusesByName,
                orderStatuses, 0.57, 0.63, true));
        return rules;
    }

    private static RuleResult share(String id, String what, LongAdder part, LongAdder whole, double low, double high,
                                    boolean applies) {
        RuleResult judged = SampleJudgement.share(id, what, "the generated inputs", part.sum(), whole.sum(), low, high);
        if (!applies) {
            return RuleResult.notApplicable(id, judged.rule(), String.format(Locale.ROOT, "%,d of %,d; with one "
                    + "warehouse nothing is remote", part.sum(), whole.sum()));
        }
        return judged;
    }

    /** Lines per order are uniform over 5..15: mean 10, standard deviation sqrt(10). */
    private RuleResult meanLines() {
        return SampleJudgement.mean("audit-lines-per-order", "mean lines per New-Order between 9.5 and 10.5",
                lines.sum(), newOrders.sum(), 10, Math.sqrt(10), 9.5, 10.5);
    }
}
