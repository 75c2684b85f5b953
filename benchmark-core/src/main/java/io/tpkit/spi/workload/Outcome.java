package io.tpkit.spi.workload;

/** How a transaction ended when no error occurred. */
public enum Outcome {
    COMMITTED,
    /** A rollback the benchmark asks for (TPC-C New-Order's unused item): not an error. */
    BUSINESS_ROLLBACK
}
