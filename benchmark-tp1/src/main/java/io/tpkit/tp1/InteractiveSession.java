package io.tpkit.tp1;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * DebitCredit as an application sends it ({@code --logic interactive}): each statement alone,
 * its answer read before the next one goes, COMMIT on its own. In the configured order (by
 * default the account update and the read of its new balance, the history insert, the teller
 * and branch updates), then COMMIT: six round trips, the same statements on every database (no
 * RETURNING, so that the conversation is the same on both). This is seed 001's Table 2 (7
 * statements, 14 network I/Os) less its "start an update transaction": with auto-commit off,
 * both JDBC drivers start the transaction with the first statement (pgjdbc sends BEGIN in the
 * same message; Connector/J's session is in autocommit=0 mode and needs nothing).
 *
 * <p>Balances change in place ({@code x = x + delta}), as in the client logic, in the same
 * order, so the locks are the same; a row the load created being absent stops the transaction
 * before its COMMIT (the scheduler rolls back).
 */
final class InteractiveSession implements Tp1Session {
    private final SessionConnection connection;
    private final StatementOrder order;
    private final PreparedStatement accountUpdate;
    private final PreparedStatement accountBalance;
    private final PreparedStatement historyInsert;
    private final PreparedStatement tellerUpdate;
    private final PreparedStatement branchUpdate;
    private long lastBalance;

    InteractiveSession(SessionConnection connection, StatementOrder order, Tp1Dialect dialect) throws SQLException {
        this.connection = connection;
        this.order = order;
        connection.setAutoCommit(false);
        accountUpdate = connection.prepare(dialect.sql().sql("account-update"));
        accountBalance = connection.prepare(dialect.sql().sql("account-balance"));
        historyInsert = connection.prepare(dialect.sql().sql("history-insert"));
        tellerUpdate = connection.prepare(dialect.sql().sql("teller-update"));
        branchUpdate = connection.prepare(dialect.sql().sql("branch-update"));
    }

    /** The statements one transaction sends, COMMIT included: each a round trip. */
    static int roundTrips() {
        return 6;
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        Tp1Request r = (Tp1Request) request;
        for (TransactionStep step : order.steps()) {
            switch (step) {
                case ACCOUNT -> {
                    accountUpdate.setInt(1, r.delta());
                    accountUpdate.setInt(2, r.aid());
                    oneRow(connection.update(accountUpdate), "tp1_account", "aid", r.aid());
                    accountBalance.setInt(1, r.aid());
                    try (ResultSet rs = connection.query(accountBalance)) {
                        if (!rs.next()) {
                            throw MissingRow.of("tp1_account", "aid", r.aid());
                        }
                        lastBalance = rs.getLong(1);
                    }
                }
                case HISTORY -> {
                    historyInsert.setInt(1, r.tid());
                    historyInsert.setInt(2, r.bid());
                    historyInsert.setInt(3, r.aid());
                    historyInsert.setInt(4, r.delta());
                    connection.update(historyInsert);
                }
                case TELLER -> {
                    tellerUpdate.setInt(1, r.delta());
                    tellerUpdate.setInt(2, r.tid());
                    oneRow(connection.update(tellerUpdate), "tp1_teller", "tid", r.tid());
                }
                case BRANCH -> {
                    branchUpdate.setInt(1, r.delta());
                    branchUpdate.setInt(2, r.bid());
                    oneRow(connection.update(branchUpdate), "tp1_branch", "bid", r.bid());
                }
            }
        }
        connection.commit();
        return Outcome.COMMITTED;
    }

    private static void oneRow(int updated, String table, String column, int id) throws SQLException {
        if (updated != 1) {
            throw MissingRow.of(table, column, id);
        }
    }

    @Override
    public long lastBalance() {
        return lastBalance;
    }

    @Override
    public SessionConnection connection() {
        return connection;
    }
}
