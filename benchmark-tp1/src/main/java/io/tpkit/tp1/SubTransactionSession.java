package io.tpkit.tp1;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.Pipeline;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.List;

/**
 * T1 or T2 (seed 000, section 3) as the driver sends them: {@code ops} operations (amends or
 * appends) and COMMIT in one round trip, as DebitCredit's client logic sends its five, so that
 * the transaction's own cost, its round trip and commit, is shared by {@code ops} operations
 * instead of charged to each (see docs/tp1.md, "TP1 upper bound"). T1 is the account update
 * DebitCredit does, by key, with {@link Amends#DELTA}; T2 is DebitCredit's history insert, with
 * a delta of 0, so the balances still hold the sum of their history. A statement that changes
 * no row fails the transaction ({@link MissingRow}).
 *
 * <p>Commits as the seed's T1 and T2 had them where the server allows it for one session: the
 * dialect's {@code sub-transaction-session} statements run once when the session opens
 * (PostgreSQL: {@code SET synchronous_commit = off}, the commit not waiting for its WAL flush,
 * for this connection only); MySQL and MariaDB have no such switch for InnoDB's log flush, so
 * their block is empty and the commits are as durable as the server's settings make them.
 */
final class SubTransactionSession implements Tp1Session {
    private final SessionConnection connection;
    private final SubTransaction sub;
    private final int ops;
    private final Pipeline transaction;
    /** Whether a row guard follows each amend (the dialect's; see {@link ClientSession}). */
    private final boolean guarded;

    SubTransactionSession(SessionConnection connection, io.tpkit.sql.NamedSql sql, SubTransaction sub, int ops)
            throws SQLException {
        this(connection, sql, sub, ops, null);
    }

    /**
     * @param guard the dialect's row guard for one row ({@link Tp1Dialect#rowGuard}), sent after
     *              each amend so that an amend that finds no row stops the COMMIT; null for none
     */
    SubTransactionSession(SessionConnection connection, io.tpkit.sql.NamedSql sql, SubTransaction sub, int ops,
                          String guard) throws SQLException {
        if (sub == SubTransaction.NONE) {
            throw new IllegalArgumentException("DebitCredit runs in ClientSession or ProcedureSession");
        }
        this.connection = connection;
        this.sub = sub;
        this.ops = ops;
        List<String> setup = sql.statements("sub-transaction-session");
        if (!setup.isEmpty()) {
            // outside any transaction: a SET inside one that rolled back would be undone with it
            connection.jdbc().setAutoCommit(true);
            try (Statement s = connection.jdbc().createStatement()) {
                for (String statement : setup) {
                    s.execute(statement);
                }
            }
        }
        connection.setAutoCommit(false);
        String one = sql.sql(sub.amends() ? "account-update" : "history-insert");
        guarded = sub.amends() && guard != null;
        java.util.List<String> statements = new java.util.ArrayList<>();
        for (int j = 0; j < ops; j++) {
            statements.add(one);
            if (guarded) {
                statements.add(guard);
            }
        }
        transaction = Pipeline.prepare(connection, statements, SessionConnection.End.COMMIT);
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        SubTransactionRequest r = (SubTransactionRequest) request;
        PreparedStatement ps = transaction.statement();
        int p = 1;
        for (int j = 0; j < ops; j++) {
            if (sub.amends()) {
                ps.setInt(p++, Amends.DELTA);
                ps.setInt(p++, r.aids()[j]);
            } else {
                ps.setInt(p++, r.tids()[j]);
                ps.setInt(p++, r.bids()[j]);
                ps.setInt(p++, r.aids()[j]);
                ps.setInt(p++, 0);
            }
        }
        SessionConnection.Results results;
        try {
            results = transaction.run(connection);
        } catch (SQLException e) {
            throw guardFailed(e) ? MissingRow.of(Tp1Tables.ACCOUNT, "aid", r.aids()) : e;
        }
        for (int j = 0; j < ops; j++) {
            if (results.updateCount() != 1) {
                throw sub.amends() ? MissingRow.of(Tp1Tables.ACCOUNT, "aid", r.aids()[j])
                        : new SQLException("tp1: the history insert added no row", MissingRow.NO_DATA);
            }
            if (guarded) {
                try {
                    results.updateCount();
                } catch (SQLException e) {
                    throw guardFailed(e) ? MissingRow.of(Tp1Tables.ACCOUNT, "aid", r.aids()[j]) : e;
                }
            }
        }
        transaction.finish(connection);
        return Outcome.COMMITTED;
    }

    /** T1 and T2 return no balance: 0. */
    @Override
    public long lastBalance() {
        return 0;
    }

    @Override
    public SessionConnection connection() {
        return connection;
    }

    /** A row guard's failure, as the driver reports it (perhaps wrapped as a failed commit). */
    static boolean guardFailed(SQLException e) {
        SQLException original = e instanceof SessionConnection.CommitFailedException f ? f.original() : e;
        return Tp1Dialect.guardFailed(original);
    }
}
