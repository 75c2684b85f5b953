package io.tpkit.tp1;

import io.tpkit.spi.Outcome;
import io.tpkit.spi.Request;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * DebitCredit as statements sent by the driver ({@code --logic client}): five statements and a
 * commit per transaction, in the configured order, with the balance read right after the account
 * update. Balances are changed in place ({@code x = x + delta}), never read and written back, which
 * would deadlock under concurrency (lock upgrades, the digest's pitfall 6).
 */
final class ClientSession implements Tp1Session {
    private final Connection connection;
    private final StatementOrder order;
    private final PreparedStatement updateAccount;
    private final PreparedStatement selectBalance;
    private final PreparedStatement insertHistory;
    private final PreparedStatement updateTeller;
    private final PreparedStatement updateBranch;
    private long lastBalance;

    ClientSession(Connection connection, StatementOrder order) throws SQLException {
        this.connection = connection;
        this.order = order;
        connection.setAutoCommit(false);
        updateAccount = connection.prepareStatement(
                "UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ?");
        selectBalance = connection.prepareStatement("SELECT abalance FROM tp1_account WHERE aid = ?");
        insertHistory = connection.prepareStatement(
                "INSERT INTO tp1_history (tid, bid, aid, delta, mtime, filler) "
                        + "VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP, '" + Tp1Tables.HISTORY_FILLER + "')");
        updateTeller = connection.prepareStatement(
                "UPDATE tp1_teller SET tbalance = tbalance + ? WHERE tid = ?");
        updateBranch = connection.prepareStatement(
                "UPDATE tp1_branch SET bbalance = bbalance + ? WHERE bid = ?");
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        Tp1Request r = (Tp1Request) request;
        for (TransactionStep step : order.steps()) {
            switch (step) {
                case ACCOUNT -> {
                    update(updateAccount, r.delta(), r.aid(), "tp1_account", "aid");
                    lastBalance = readBalance(r.aid());
                }
                case HISTORY -> insertHistory(r);
                case TELLER -> update(updateTeller, r.delta(), r.tid(), "tp1_teller", "tid");
                case BRANCH -> update(updateBranch, r.delta(), r.bid(), "tp1_branch", "bid");
            }
        }
        connection.commit();
        return Outcome.COMMITTED;
    }

    @Override
    public long lastBalance() {
        return lastBalance;
    }

    private static void update(PreparedStatement ps, int delta, int id, String table, String column)
            throws SQLException {
        ps.setInt(1, delta);
        ps.setInt(2, id);
        if (ps.executeUpdate() != 1) {
            throw MissingRow.of(table, column, id);
        }
    }

    private long readBalance(int aid) throws SQLException {
        selectBalance.setInt(1, aid);
        try (ResultSet rs = selectBalance.executeQuery()) {
            if (!rs.next()) {
                throw MissingRow.of("tp1_account", "aid", aid);
            }
            return rs.getLong(1);
        }
    }

    private void insertHistory(Tp1Request r) throws SQLException {
        insertHistory.setInt(1, r.tid());
        insertHistory.setInt(2, r.bid());
        insertHistory.setInt(3, r.aid());
        insertHistory.setInt(4, r.delta());
        insertHistory.executeUpdate();
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public void close() throws SQLException {
        // closing the connection closes its statements
        connection.close();
    }
}
