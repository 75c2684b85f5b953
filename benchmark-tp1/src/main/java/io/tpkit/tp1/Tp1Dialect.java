package io.tpkit.tp1;

import io.tpkit.sql.NamedSql;
import java.util.List;
import java.util.Optional;

/**
 * TP1's SQL in one database's dialect: the named blocks of {@code io/tpkit/tp1/sql/DIALECT.sql}
 * over those of {@code default.sql} ({@link NamedSql}), and the stored function of
 * {@code --logic procedure} in {@code procedures/DIALECT.sql}. The default holds the tables
 * (with the dialect's {@code timestamp} and {@code table-options}), the keys, the client
 * transaction's statements, the call of the stored function, and the checks' queries; a
 * database whose SQL differs writes those blocks in its own file. A dialect without a file
 * runs the default.
 */
final class Tp1Dialect {
    private static final String FOLDER = "/io/tpkit/tp1/sql";

    private final NamedSql sql;

    private Tp1Dialect(NamedSql sql) {
        this.sql = sql;
    }

    /** @throws IllegalArgumentException when {@code key} is not a dialect name */
    static Tp1Dialect of(String key) {
        return new Tp1Dialect(NamedSql.load(Tp1Dialect.class, FOLDER, key));
    }

    String key() {
        return sql.dialect();
    }

    /** Every named block: the statements the sessions and checks prepare. */
    NamedSql sql() {
        return sql;
    }

    List<String> schema() {
        return sql.statements("schema");
    }

    List<String> primaryKeys() {
        return sql.statements("primary-keys");
    }

    List<String> foreignKeys() {
        return sql.statements("foreign-keys");
    }

    /** The text of {@code procedures/DIALECT.sql}, as {@link io.tpkit.sql.StoredRoutines} installs and versions it. */
    Optional<String> procedureScript() {
        return sql.procedures();
    }

    /** Where the stored function of this dialect belongs. */
    String procedureFile() {
        return sql.proceduresFile();
    }

    /** The statement that calls the stored function, with parameters aid, tid, bid, delta. */
    String procedureCall() {
        List<String> call = sql.statements("debit-credit-call");
        if (call.size() != 1) {
            throw new IllegalStateException(sql.fileOf("debit-credit-call")
                    + ": debit-credit-call must hold exactly one statement");
        }
        return call.get(0);
    }

    /**
     * The account step's statements: one that returns the balance (an update by delta and aid
     * that returns it), or an update by (delta, aid) and a select of the balance by aid.
     */
    List<String> accountStep() {
        List<String> step = sql.statements("account");
        if (step.isEmpty() || step.size() > 2) {
            throw new IllegalStateException(sql.fileOf("account") + ": account must hold one or two statements");
        }
        return step;
    }

    /**
     * How a sub-transaction's session commits: not waiting for the log's flush where the
     * dialect's {@code sub-transaction-session} block says how for one session, otherwise as
     * the server's settings make every commit.
     */
    String subTransactionCommits() {
        List<String> setup = sql.statements("sub-transaction-session");
        return setup.isEmpty()
                ? "as durable as the server's settings make every commit: this database has no switch for one "
                + "session's log flush at commit, so each transaction pays its flush, shared by its operations"
                : "not flushed at commit, for its own sessions only (" + String.join("; ", setup) + " when each opens)";
    }

    /**
     * The statement that fails the transaction when the write just before it did not change
     * exactly {@code rows} rows (the dialect's {@code row-guard}), or null where the dialect
     * needs none.
     */
    String rowGuard(int rows) {
        List<String> guard = sql.statements("row-guard", java.util.Map.of("rows", rows));
        if (guard.size() > 1) {
            throw new IllegalStateException(sql.fileOf("row-guard") + ": row-guard must be one statement or none");
        }
        return guard.isEmpty() ? null : guard.getFirst();
    }

    /** Whether {@code e} is the failure of a {@link #rowGuard} (MySQL and MariaDB: SQLState 21000). */
    static boolean guardFailed(java.sql.SQLException e) {
        return "21000".equals(e.getSQLState());
    }
}
