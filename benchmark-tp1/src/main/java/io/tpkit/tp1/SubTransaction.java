package io.tpkit.tp1;

import io.tpkit.config.BadInputException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a tp1 run executes: the DebitCredit transaction itself, or one of the two smaller
 * transactions McDonell composes it from (seed 000, section 3) to bound its throughput:
 * <ul>
 * <li>T1, "amend a tuple in relation R where the key = K": one account row updated by its key,
 * {@code abalance = abalance + 1}, and COMMIT. Without conflict every stream has its own key,
 * the keys spread as far apart over the account table as it allows (so on different pages);
 * with pathological conflict every stream uses the same key;</li>
 * <li>T2, "append a tuple to relation R": one history row inserted, and COMMIT.</li>
 * </ul>
 * A DebitCredit transaction does three amends (account, teller, branch) and one append
 * (history); McDonell counts two appends: T2 models "transaction logging activity, and possibly
 * the updating of the TP1 history relation". tpkit runs {@code --ops-per-transaction} of them in
 * each transaction ({@link SubTransactionSession}), so that each is charged only what TP1 pays.
 */
enum SubTransaction {
    /** The DebitCredit transaction: not a sub-transaction. */
    NONE("none", Tp1Rules.TRANSACTION_TYPE, "TP1 DebitCredit"),
    T1("t1", "t1-amend", "T1 amend, no conflict (each stream its own key)"),
    T1_CONFLICT("t1-conflict", "t1-amend-conflict", "T1 amend, pathological conflict (all streams one key)"),
    T2("t2", "t2-append", "T2 append (a history row)");

    /** The option's value. */
    final String label;
    /** The transaction type's name in the results. */
    final String typeName;
    /** What it is, in a table row. */
    final String description;

    SubTransaction(String label, String typeName, String description) {
        this.label = label;
        this.typeName = typeName;
        this.description = description;
    }

    boolean amends() {
        return this == T1 || this == T1_CONFLICT;
    }

    static String choices() {
        return Arrays.stream(values()).filter(s -> s != NONE).map(s -> s.label).collect(Collectors.joining(", "));
    }

    /** @throws BadInputException for anything but t1, t1-conflict, t2 or none */
    static SubTransaction parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (SubTransaction s : values()) {
            if (s.label.equals(t)) {
                return s;
            }
        }
        throw new BadInputException("--" + Tp1Options.SUB_TRANSACTION + " must be one of " + choices()
                + " (or none for DebitCredit itself), got '" + text + "'");
    }
}
