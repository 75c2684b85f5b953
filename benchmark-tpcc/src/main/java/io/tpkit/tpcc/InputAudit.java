package io.tpkit.tpcc;

import io.tpkit.spi.Request;
import io.tpkit.validity.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the terminals generated, for the spec's audit checks on inputs (digest section 6:
 * rollback share, lines per order, remote lines, remote Payments, selection by last name).
 * Inputs of the whole run are counted (warm-up included): the generator does not change
 * between phases. A share is judged only when enough inputs were drawn for chance alone to
 * stay inside the allowed range (three standard errors); otherwise it is reported, not judged.
 */
final class InputAudit {
    private final LongAdder newOrders = new LongAdder();
    private final LongAdder rollbacks = new LongAdder();
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
                if (o.rollback()) {
                    rollbacks.increment();
                }
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

    List<RuleResult> rules(int warehouses) {
        List<RuleResult> rules = new ArrayList<>();
        rules.add(share("audit-rollbacks", "New-Order rollbacks (unused item)", rollbacks, newOrders, 0.009, 0.011, true));
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
        String rule = String.format(Locale.ROOT, "%s between %.2f %% and %.2f %% of the generated inputs",
                what, 100 * low, 100 * high);
        long n = whole.sum();
        double share = n == 0 ? 0 : (double) part.sum() / n;
        String observed = String.format(Locale.ROOT, "%.3f %% of %,d", 100 * share, n);
        if (!applies) {
            return RuleResult.notApplicable(id, rule, observed + "; with one warehouse nothing is remote");
        }
        double p = (low + high) / 2;
        double halfWidth = (high - low) / 2;
        long needed = (long) Math.ceil(9 * p * (1 - p) / (halfWidth * halfWidth));
        if (n < needed) {
            return RuleResult.notApplicable(id, rule, observed + "; too few to judge (needs " + needed + ")");
        }
        return RuleResult.check(id, rule, share >= low && share <= high, observed);
    }

    /** Lines per order are uniform over 5..15: mean 10, standard deviation sqrt(10). */
    private RuleResult meanLines() {
        String rule = "mean lines per New-Order between 9.5 and 10.5";
        long n = newOrders.sum();
        double mean = n == 0 ? 0 : (double) lines.sum() / n;
        String observed = String.format(Locale.ROOT, "%.3f over %,d orders", mean, n);
        long needed = (long) Math.ceil(9 * 10 / (0.5 * 0.5));
        if (n < needed) {
            return RuleResult.notApplicable("audit-lines-per-order", rule, observed + "; too few to judge (needs "
                    + needed + ")");
        }
        return RuleResult.check("audit-lines-per-order", rule, mean >= 9.5 && mean <= 10.5, observed);
    }
}
