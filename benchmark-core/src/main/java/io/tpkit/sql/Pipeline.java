package io.tpkit.sql;

import io.tpkit.spi.workload.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements prepared as one and sent together in one round trip
 * ({@link SessionConnection#pipeline}), ending the transaction with COMMIT or ROLLBACK or
 * leaving it open. It knows how many statements it holds, so that the caller need not: how many
 * a named block has is the dialect's affair ({@link NamedSql}).
 *
 * <p>The caller runs it ({@link #run}), reads the results, then calls {@link #finish}, which
 * does nothing unless the COMMIT was held back: on a connection that sends COMMIT apart
 * ({@link SessionConnection#commitApart()}, a MariaDB Galera node: see {@link Galera}), several
 * statements that end with COMMIT are prepared without it, {@link #run} leaves the transaction
 * open, and {@link #finish} sends the COMMIT on its own, a round trip more; an error before it
 * leaves the transaction to the scheduler's rollback. A ROLLBACK still goes with the statements
 * (it undoes whatever an error left running), and so does the COMMIT of a single statement (an
 * error in the statement leaves the COMMIT nothing to commit). Elsewhere the round trips do not
 * change.
 *
 * @param statement      the statements, and the COMMIT or ROLLBACK that goes with them
 * @param statements     how many statements {@code statement} holds, that COMMIT or ROLLBACK included
 * @param end            how the transaction ends: with the statements, or by {@link #finish}
 * @param commitHeldBack whether {@code end} is a COMMIT that {@link #finish} sends on its own
 */
public record Pipeline(PreparedStatement statement, int statements, SessionConnection.End end,
        boolean commitHeldBack) {
    /**
     * Prepares {@code statements}, then COMMIT or ROLLBACK as {@code end} says, separated by
     * semicolons; the COMMIT after several statements is held back for {@link #finish} where
     * the connection sends COMMIT apart.
     */
    public static Pipeline prepare(SessionConnection c, List<String> statements, SessionConnection.End end)
            throws SQLException {
        boolean heldBack = end == SessionConnection.End.COMMIT && statements.size() > 1 && c.commitApart();
        List<String> all = new ArrayList<>(statements);
        switch (end) {
            case COMMIT -> {
                if (!heldBack) {
                    all.add("COMMIT");
                }
            }
            case ROLLBACK -> all.add("ROLLBACK");
            case OPEN -> {
            }
        }
        return new Pipeline(c.prepare(String.join("; ", all)), all.size(), end, heldBack);
    }

    /**
     * Sends the statements; read their results in order, then call {@link #finish}. The
     * transaction is ended (as {@link #end} says) unless the COMMIT was held back.
     */
    public SessionConnection.Results run(SessionConnection c) throws SQLException {
        return c.pipeline(statement, statements, commitHeldBack ? SessionConnection.End.OPEN : end);
    }

    /**
     * Sends the COMMIT that {@link #prepare} held back, on its own; does nothing when the
     * transaction ended with the statements or was left open. Call it once the results
     * {@link #run} returned are read and found as expected.
     *
     * @throws SessionConnection.CommitFailedException when that COMMIT fails
     */
    public void finish(SessionConnection c) throws SQLException {
        if (commitHeldBack) {
            c.commit();
        }
    }
}
