package io.tpkit.spi.database;

/**
 * What a database's SQL and driver can do beyond what every database does, as a plugin declares
 * it ({@link DatabasePlugin#sqlFeatures()}). A workload chooses by these how it does a
 * transaction in as few round trips as the database allows; the statements themselves are in
 * the workload's SQL files, per dialect.
 */
public enum SqlFeature {
    /**
     * INSERT, UPDATE and DELETE return rows ({@code RETURNING}), also as queries of a
     * {@code WITH} clause (data-modifying common table expressions), so that one statement writes
     * several tables and answers with what it changed (PostgreSQL).
     */
    WRITES_RETURNING_ROWS,
    /**
     * Arrays as statement parameters ({@link java.sql.Connection#createArrayOf} with
     * {@code "integer"}, {@link java.sql.PreparedStatement#setArray}), e.g. to pass an order's
     * lines to a stored routine.
     */
    ARRAY_PARAMETERS,
    /**
     * The driver starts a transaction when auto-commit is switched off by sending BEGIN with the
     * transaction's first statement, in the same round trip, and switching auto-commit back on
     * with no transaction open costs nothing (pgjdbc). Without it, a session that leaves
     * auto-commit mode for one transaction starts it with
     * {@link io.tpkit.spi.workload.SessionConnection#begin()} instead: Connector/J sends
     * {@code SET autocommit} at each switch, a round trip each way, where START TRANSACTION is one
     * statement.
     */
    BEGIN_WITH_FIRST_STATEMENT
}
