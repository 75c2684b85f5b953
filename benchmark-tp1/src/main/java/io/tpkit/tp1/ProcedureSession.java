package io.tpkit.tp1;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * DebitCredit as one call of the stored function that {@code prepareRun} installs
 * ({@code --logic procedure}): one round trip per transaction. Auto-commit is on, so the call is
 * its own transaction and commits when it returns.
 */
final class ProcedureSession implements Tp1Session {
    private final SessionConnection connection;
    private final PreparedStatement call;
    private long lastBalance;

    ProcedureSession(SessionConnection connection, String callSql) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(true);
        call = connection.prepare(callSql);
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        Tp1Request r = (Tp1Request) request;
        call.setInt(1, r.aid());
        call.setInt(2, r.tid());
        call.setInt(3, r.bid());
        call.setInt(4, r.delta());
        try (ResultSet rs = connection.query(call)) {
            if (!rs.next()) {
                throw new SQLException("tp1: the stored function returned no row", MissingRow.NO_DATA);
            }
            lastBalance = rs.getLong(1);
        }
        return Outcome.COMMITTED;
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
