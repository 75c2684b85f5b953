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
 */
public record Pipeline(PreparedStatement statement, int statements, SessionConnection.End end) {
    /**
     * Prepares {@code statements}, then COMMIT or ROLLBACK as {@code end} says, separated by
     * semicolons.
     */
    public static Pipeline prepare(SessionConnection c, List<String> statements, SessionConnection.End end)
            throws SQLException {
        List<String> all = new ArrayList<>(statements);
        switch (end) {
            case COMMIT -> all.add("COMMIT");
            case ROLLBACK -> all.add("ROLLBACK");
            case OPEN -> {
            }
        }
        return new Pipeline(c.prepare(String.join("; ", all)), all.size(), end);
    }

    /** Sends the statements; read their results in order. */
    public SessionConnection.Results run(SessionConnection c) throws SQLException {
        return c.pipeline(statement, statements, end);
    }
}
