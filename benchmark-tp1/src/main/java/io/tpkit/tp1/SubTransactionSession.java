package io.tpkit.tp1;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.Pipeline;
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
    private final Pipeline transaction;

    SubTransactionSession(SessionConnection connection, io.tpkit.sql.NamedSql sql, SubTransaction sub)
            throws SQLException {
        if (sub == SubTransaction.NONE) {
            throw new IllegalArgumentException("DebitCredit runs in ClientSession or ProcedureSession");
        }
        this.connection = connection;
        this.sub = sub;
        connection.setAutoCommit(false);
        transaction = Pipeline.prepare(connection, sql.statements(sub.amends() ? "account-update" : "history-insert"),
                SessionConnection.End.COMMIT);
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        Tp1Request r = (Tp1Request) request;
        PreparedStatement ps = transaction.statement();
        if (sub.amends()) {
            ps.setInt(1, r.delta());
            ps.setInt(2, r.aid());
        } else {
            ps.setInt(1, r.tid());
            ps.setInt(2, r.bid());
            ps.setInt(3, r.aid());
            ps.setInt(4, r.delta());
        }
        SessionConnection.Results results = transaction.run(connection);
        if (results.updateCount() != 1) {
            throw sub.amends() ? MissingRow.of(Tp1Tables.ACCOUNT, "aid", r.aid())
                    : new SQLException("tp1: the history insert added no row", MissingRow.NO_DATA);
        }
        transaction.finish(connection); // nothing: one statement's COMMIT goes with it everywhere
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
