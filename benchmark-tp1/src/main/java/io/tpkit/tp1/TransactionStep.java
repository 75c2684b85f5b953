package io.tpkit.tp1;

import java.util.Locale;

/** The four writes of one DebitCredit transaction; their order is configurable. */
enum TransactionStep {
    ACCOUNT,
    HISTORY,
    TELLER,
    BRANCH;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
