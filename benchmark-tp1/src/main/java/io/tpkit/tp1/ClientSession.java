package io.tpkit.tp1;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.Pipeline;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * DebitCredit as statements sent by the driver ({@code --logic client}): the account update
 * that returns the new balance (or an update and a read of it: the dialect's {@code account}
 * holds one statement or two), the history insert, the teller and branch updates, in the
 * configured order, and COMMIT, all sent together in one round trip
 * (pgjdbc sends the statements one after another before a single Sync; Connector/J as one
 * multi-statement query). Each statement is still executed on its own, in order; a failing one
 * stops the rest, COMMIT included, and the scheduler rolls back. Balances are changed in place
 * ({@code x = x + delta}), never read and written back, which would deadlock under concurrency
 * (lock upgrades, the digest's pitfall 6). On a connection that sends COMMIT apart
 * ({@link SessionConnection#commitApart()}, a MariaDB Galera node) the COMMIT goes on its own
 * once the statements' results are read ({@link Pipeline#finish}): two round trips.
 *
 * <p>A write that finds no row is no error, and the COMMIT sent with it would commit the rest of
 * the profile: where the dialect has a {@link Tp1Dialect#rowGuard row guard} (MySQL, MariaDB),
 * one follows each update in the same round trip and fails the transaction before its COMMIT.
 */
final class ClientSession implements Tp1Session {
    private final SessionConnection connection;
    private final StatementOrder order;
    private final boolean accountReturnsBalance;
    private final Pipeline pipeline;
    private final PreparedStatement transaction;
    /** Whether a row guard follows each update (its result is read in its place). */
    private final boolean guarded;
    private long lastBalance;

    ClientSession(SessionConnection connection, StatementOrder order, Tp1Dialect dialect) throws SQLException {
        this.connection = connection;
        this.order = order;
        List<String> accountStep = dialect.accountStep();
        this.accountReturnsBalance = accountStep.size() == 1;
        String guard = dialect.rowGuard(1);
        this.guarded = guard != null;
        connection.setAutoCommit(false);
        List<String> sql = new ArrayList<>();
        for (TransactionStep step : order.steps()) {
            switch (step) {
                case ACCOUNT -> {
                    sql.add(accountStep.getFirst());
                    if (guarded && !accountReturnsBalance) {
                        sql.add(guard); // right after the update: ROW_COUNT() is the previous statement's
                    }
                    sql.addAll(accountStep.subList(1, accountStep.size()));
                }
                case HISTORY -> sql.addAll(dialect.sql().statements("history-insert"));
                case TELLER -> {
                    sql.addAll(dialect.sql().statements("teller-update"));
                    if (guarded) {
                        sql.add(guard);
                    }
                }
                case BRANCH -> {
                    sql.addAll(dialect.sql().statements("branch-update"));
                    if (guarded) {
                        sql.add(guard);
                    }
                }
            }
        }
        pipeline = Pipeline.prepare(connection, sql, SessionConnection.End.COMMIT);
        transaction = pipeline.statement();
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        Tp1Request r = (Tp1Request) request;
        int p = 1;
        for (TransactionStep step : order.steps()) {
            switch (step) {
                case ACCOUNT -> {
                    transaction.setInt(p++, r.delta());
                    transaction.setInt(p++, r.aid());
                    if (!accountReturnsBalance) {
                        transaction.setInt(p++, r.aid());
                    }
                }
                case HISTORY -> {
                    transaction.setInt(p++, r.tid());
                    transaction.setInt(p++, r.bid());
                    transaction.setInt(p++, r.aid());
                    transaction.setInt(p++, r.delta());
                }
                case TELLER -> {
                    transaction.setInt(p++, r.delta());
                    transaction.setInt(p++, r.tid());
                }
                case BRANCH -> {
                    transaction.setInt(p++, r.delta());
                    transaction.setInt(p++, r.bid());
                }
            }
        }
        SessionConnection.Results results;
        try {
            results = pipeline.run(connection);
        } catch (SQLException e) {
            // a driver that reads every result at once reports the guard here
            if (SubTransactionSession.guardFailed(e)) {
                throw new SQLException("tp1: a row DebitCredit writes is missing (account " + r.aid() + ", teller "
                        + r.tid() + " or branch " + r.bid() + "): the data is incomplete, reload it with --reload",
                        MissingRow.NO_DATA);
            }
            throw e;
        }
        for (TransactionStep step : order.steps()) {
            switch (step) {
                case ACCOUNT -> {
                    if (!accountReturnsBalance) {
                        oneRow(results.updateCount(), "tp1_account", "aid", r.aid());
                        guard(results, "tp1_account", "aid", r.aid());
                    }
                    try (ResultSet rs = results.resultSet()) {
                        if (!rs.next()) {
                            throw MissingRow.of("tp1_account", "aid", r.aid());
                        }
                        lastBalance = rs.getLong(1);
                    }
                }
                case HISTORY -> results.updateCount();
                case TELLER -> {
                    oneRow(results.updateCount(), "tp1_teller", "tid", r.tid());
                    guard(results, "tp1_teller", "tid", r.tid());
                }
                case BRANCH -> {
                    oneRow(results.updateCount(), "tp1_branch", "bid", r.bid());
                    guard(results, "tp1_branch", "bid", r.bid());
                }
            }
        }
        pipeline.finish(connection);
        return Outcome.COMMITTED;
    }

    /**
     * Reads a row guard's result. When the update before it found no row, the guard failed and
     * nothing after it ran, its COMMIT included (the statement's own count, read first, is
     * checked before: the error shows here only where the driver reads results lazily).
     */
    private void guard(SessionConnection.Results results, String table, String column, int id) throws SQLException {
        if (!guarded) {
            return;
        }
        try {
            results.updateCount();
        } catch (SQLException e) {
            throw Tp1Dialect.guardFailed(e) ? MissingRow.of(table, column, id) : e;
        }
    }

    /**
     * A missing row: the transaction would do less than the profile, and the error says so. With
     * a row guard (MySQL, MariaDB) or where COMMIT goes apart (Galera) it shows before the COMMIT,
     * and the scheduler rolls back; on PostgreSQL the statements and the COMMIT go in one
     * round trip unguarded, so it shows only after the COMMIT (the consistency checks then fail
     * too). The loader creates every row, so this means a damaged database.
     */
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
