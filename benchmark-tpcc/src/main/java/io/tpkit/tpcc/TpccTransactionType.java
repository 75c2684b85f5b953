package io.tpkit.tpcc;

import java.time.Duration;

/**
 * The five TPC-C transactions with the timing rules of the spec's summary table (§5.2.5.7):
 * the minimum keying time (a constant), the minimum mean think time, and the limit that 90%
 * of response times must meet.
 */
enum TpccTransactionType {
    NEW_ORDER("new-order", 18, 12, 5),
    PAYMENT("payment", 3, 12, 5),
    ORDER_STATUS("order-status", 2, 10, 5),
    /** The 5 s limit applies to queueing the delivery; the deferred part has its own 80 s limit. */
    DELIVERY("delivery", 2, 5, 5),
    STOCK_LEVEL("stock-level", 2, 5, 20);

    /** The deferred part of Delivery must complete within this time of being queued, 90% of the time. */
    static final Duration DEFERRED_DELIVERY_LIMIT = Duration.ofSeconds(80);

    private final String label;
    private final Duration keying;
    private final Duration meanThink;
    private final Duration responseLimit90;

    TpccTransactionType(String label, int keyingSeconds, int meanThinkSeconds, int limitSeconds) {
        this.label = label;
        this.keying = Duration.ofSeconds(keyingSeconds);
        this.meanThink = Duration.ofSeconds(meanThinkSeconds);
        this.responseLimit90 = Duration.ofSeconds(limitSeconds);
    }

    String label() {
        return label;
    }

    Duration keying() {
        return keying;
    }

    Duration meanThink() {
        return meanThink;
    }

    Duration responseLimit90() {
        return responseLimit90;
    }
}
