package io.tpkit.tp1;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * T1 or T2 (seed 000, section 3) as the driver sends them: one statement and COMMIT in one round
 * trip, as DebitCredit's client logic sends its five. T1 is the account update DebitCredit does,
 * by key, with {@link Amends#DELTA}; T2 is DebitCredit's history insert, with a delta of 0, so
 * the balances still hold the sum of their history. A statement that changes no row fails the
 * transaction ({@link MissingRow}).
 */
final class SubTransactionSession implements Tp1Session {
    private final SessionConnection connection;
    private final SubTransaction sub;
    private final PreparedStatement transaction;

    SubTransactionSession(SessionConnection connection, SubTransaction sub) throws SQLException {
        if (sub == SubTransaction.NONE) {
            throw new IllegalArgumentException("DebitCredit runs in ClientSession or ProcedureSession");
        }
        this.connection = connection;
        this.sub = sub;
        connection.setAutoCommit(false);
        String statement = sub.amends() ? "UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ?"
                : ClientSession.HISTORY_INSERT;
        transaction = connection.prepare(statement + "; COMMIT");
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        Tp1Request r = (Tp1Request) request;
        if (sub.amends()) {
            transaction.setInt(1, r.delta());
            transaction.setInt(2, r.aid());
        } else {
            transaction.setInt(1, r.tid());
            transaction.setInt(2, r.bid());
            transaction.setInt(3, r.aid());
            transaction.setInt(4, r.delta());
        }
        SessionConnection.Results results = connection.pipeline(transaction, 2, SessionConnection.End.COMMIT);
        if (results.updateCount() != 1) {
            throw sub.amends() ? MissingRow.of(Tp1Tables.ACCOUNT, "aid", r.aid())
                    : new SQLException("tp1: the history insert added no row", MissingRow.NO_DATA);
        }
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
}
