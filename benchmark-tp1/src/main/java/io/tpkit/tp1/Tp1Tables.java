package io.tpkit.tp1;

import java.util.List;

/**
 * Table names, load columns and fillers. Every row holds 100 data bytes (HISTORY 50), the
 * DebitCredit rule: INT ids are 4 bytes, BIGINT balances and the TIMESTAMP 8, and a CHAR filler
 * makes up the rest. Fillers are written full length and non-blank, because a NULL or empty
 * filler takes no space and the row would be too small (pgbench's mistake).
 */
final class Tp1Tables {
    static final String BRANCH = "tp1_branch";
    static final String TELLER = "tp1_teller";
    static final String ACCOUNT = "tp1_account";
    static final String HISTORY = "tp1_history";
    /** Parents first: the order of loading and of key creation. */
    static final List<String> ALL = List.of(BRANCH, TELLER, ACCOUNT, HISTORY);

    static final int ROW_BYTES = 100;
    static final int HISTORY_ROW_BYTES = 50;

    /** bid INT + bbalance BIGINT + filler = 100. */
    static final String BRANCH_FILLER = "b".repeat(ROW_BYTES - 4 - 8);
    /** tid INT + bid INT + tbalance BIGINT + filler = 100. */
    static final String TELLER_FILLER = "t".repeat(ROW_BYTES - 4 - 4 - 8);
    /** aid INT + bid INT + abalance BIGINT + filler = 100. */
    static final String ACCOUNT_FILLER = "a".repeat(ROW_BYTES - 4 - 4 - 8);
    /** tid, bid, aid, delta INT + mtime TIMESTAMP + filler = 50. */
    static final String HISTORY_FILLER = "h".repeat(HISTORY_ROW_BYTES - 4 * 4 - 8);

    static final List<String> BRANCH_COLUMNS = List.of("bid", "bbalance", "filler");
    static final List<String> TELLER_COLUMNS = List.of("tid", "bid", "tbalance", "filler");
    static final List<String> ACCOUNT_COLUMNS = List.of("aid", "bid", "abalance", "filler");

    private Tp1Tables() {
    }
}
