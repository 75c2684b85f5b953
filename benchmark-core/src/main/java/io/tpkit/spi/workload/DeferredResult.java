package io.tpkit.spi.workload;

/**
 * What a deferred transaction did, for the run's deferred result file (TPC-C §2.7.2.3: the
 * warehouse, the carrier and the orders a Delivery delivered).
 *
 * @param detail  the work done, as one line of text (no commas or line breaks needed)
 * @param skipped parts of the work skipped because the data held nothing to do (TPC-C: a
 *                district with no undelivered order); a transaction that skipped any part is
 *                audited as a skipped delivery
 */
public record DeferredResult(String detail, int skipped) {
}
