package io.tpkit.spi.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The connection a {@link Session} works on. Sessions execute through it, so that what a
 * transaction asks of the database is counted where it happens, with plain fields and no proxy:
 * round trips (each request the driver sends and waits for), statements executed, result sets
 * read, commits and rollbacks. Statements sent together ({@link #pipeline}) are one round trip;
 * a statement in auto-commit mode carries its commit in its own round trip. A session is used
 * by one thread at a time, and the scheduler reads and resets the counts on that thread after
 * each transaction.
 *
 * <p>Every commit and rollback of a run passes through here: sessions end their transactions
 * with {@link #commit}, {@link #rollback} or a {@link #pipeline} that ends in one, and the
 * scheduler ends one an error left open with {@link #rollbackQuietly}.
 *
 * <p>It knows, from the database plugin, whether COMMIT may be sent together with the
 * statements before it or must go on its own ({@link #commitApart()}).
 *
 * <p>It also remembers the one fact a lost connection can no longer tell: whether the failed
 * call was a commit (or a statement that committed by itself), so that the scheduler counts it
 * as "outcome unknown" rather than as rolled back.
 */
public final class SessionConnection implements AutoCloseable {
    private final Connection connection;
    private final boolean commitApart;
    private boolean autoCommit;
    private long roundTrips;
    private long statements;
    private long resultSets;
    private long commits;
    private long rollbacks;
    /** A transaction started by {@link #begin()}, open while auto-commit mode stays on. */
    private boolean begun;
    private java.sql.Statement control;

    /** A connection on which COMMIT may go with the statements before it. */
    public SessionConnection(Connection connection) throws SQLException {
        this(connection, false);
    }

    /**
     * @param commitApart whether COMMIT must go on its own on this connection
     *                    ({@link io.tpkit.spi.database.DatabasePlugin#commitApart}, asked once)
     */
    public SessionConnection(Connection connection, boolean commitApart) throws SQLException {
        this.connection = connection;
        this.commitApart = commitApart;
        this.autoCommit = connection.getAutoCommit();
    }

    /**
     * Whether a COMMIT must not be sent in one {@link #pipeline} after other statements of its
     * transaction, but on its own ({@link #commit}) once their results are read: where an error
     * partway through the statements can leave the rest running in a new transaction, which the
     * COMMIT would commit (a MariaDB Galera node, see
     * {@link io.tpkit.spi.database.DatabasePlugin#commitApart}). Sessions that send a COMMIT with
     * other statements ask this, through {@code io.tpkit.sql.Pipeline}, which does it for them.
     */
    public boolean commitApart() {
        return commitApart;
    }

    /** The JDBC connection, for what costs no round trip of the transaction (prepares, arrays). */
    public Connection jdbc() {
        return connection;
    }

    public PreparedStatement prepare(String sql) throws SQLException {
        return connection.prepareStatement(sql);
    }

    /** Executes a query; the caller closes the result set. */
    public ResultSet query(PreparedStatement statement) throws SQLException {
        roundTrips++;
        statements++;
        resultSets++;
        return statement.executeQuery();
    }

    /** Executes an INSERT, UPDATE or DELETE and returns its update count. */
    public int update(PreparedStatement statement) throws SQLException {
        roundTrips++;
        statements++;
        return statement.executeUpdate();
    }

    /**
     * Executes the statements of one PreparedStatement whose SQL holds several, separated by
     * semicolons, in one round trip: pgjdbc sends them one after another before a single Sync,
     * Connector/J as one multi-statement query ({@code allowMultiQueries}). The caller reads
     * their results in order through the returned {@link Results}. When the last statement is
     * COMMIT or ROLLBACK, say so: it is counted as such, and a connection lost meanwhile leaves
     * the outcome unknown ({@link CommitFailedException}).
     *
     * <p>Where COMMIT goes apart ({@link #commitApart()}), it may end only a single statement:
     * prepare the statements with {@code io.tpkit.sql.Pipeline}, which holds it back otherwise.
     *
     * @param statements how many statements the SQL holds, the ending COMMIT or ROLLBACK included
     * @param end        how the pipeline ends the transaction
     * @throws IllegalStateException when a COMMIT follows several statements where it goes apart
     */
    public Results pipeline(PreparedStatement statement, int statements, End end) throws SQLException {
        if (end == End.COMMIT && commitApart && statements > 2) {
            throw new IllegalStateException("COMMIT sent with " + (statements - 1) + " statements on a connection "
                    + "where it goes apart (prepare them with io.tpkit.sql.Pipeline)");
        }
        roundTrips++;
        this.statements += end == End.OPEN ? statements : statements - 1;
        if (end == End.COMMIT) {
            commits++;
        } else if (end == End.ROLLBACK) {
            rollbacks++;
        }
        try {
            return new Results(statement, statement.execute());
        } catch (SQLException e) {
            throw end == End.COMMIT ? new CommitFailedException(e) : e;
        }
    }

    /** How the statements of a {@link #pipeline} end: with the transaction still open, committed, or rolled back. */
    public enum End {
        OPEN,
        COMMIT,
        ROLLBACK
    }

    /** The results of a {@link #pipeline}, read in the order of its statements. */
    public final class Results {
        private final PreparedStatement statement;
        private boolean current;
        private boolean first = true;

        private Results(PreparedStatement statement, boolean firstIsResultSet) {
            this.statement = statement;
            this.current = firstIsResultSet;
        }

        private void advance() throws SQLException {
            if (!first) {
                current = statement.getMoreResults();
            }
            first = false;
        }

        /** The next statement's rows; the caller closes them before reading further results. */
        public ResultSet resultSet() throws SQLException {
            advance();
            if (!current) {
                throw new SQLException("expected rows from the next statement of the pipeline, got an update count");
            }
            resultSets++;
            return statement.getResultSet();
        }

        /** The next statement's update count. */
        public int updateCount() throws SQLException {
            advance();
            if (current) {
                throw new SQLException("expected an update count from the next statement of the pipeline, got rows");
            }
            return statement.getUpdateCount();
        }
    }

    /**
     * Starts a transaction with START TRANSACTION while the connection stays in auto-commit mode,
     * one round trip; {@link #commit} and {@link #rollback} then end it with COMMIT and ROLLBACK.
     * For a session that runs statements in auto-commit mode between its transactions on a
     * driver that would spend a round trip switching auto-commit off and another switching it
     * back (see {@link io.tpkit.spi.database.SqlFeature#BEGIN_WITH_FIRST_STATEMENT}).
     *
     * @throws IllegalStateException when auto-commit is off or a transaction is begun already
     */
    public void begin() throws SQLException {
        if (!autoCommit || begun) {
            throw new IllegalStateException("begin() starts a transaction from auto-commit mode; one is open already");
        }
        roundTrips++;
        control().execute("START TRANSACTION");
        begun = true;
    }

    /**
     * Starts a transaction with START TRANSACTION sent together with the first statement of the
     * transaction, in one round trip ({@code statement} holds both, START TRANSACTION first, as a
     * multi-statement query), while the connection stays in auto-commit mode; {@link #commit} and
     * {@link #rollback} then end it as after {@link #begin}. Read START TRANSACTION's update
     * count first, then the statement's results.
     *
     * @param statements how many statements {@code statement} holds, START TRANSACTION included
     * @throws IllegalStateException when auto-commit is off or a transaction is begun already
     */
    public Results beginWith(PreparedStatement statement, int statements) throws SQLException {
        if (!autoCommit || begun) {
            throw new IllegalStateException("beginWith() starts a transaction from auto-commit mode; one is open already");
        }
        roundTrips++;
        this.statements += statements - 1; // START TRANSACTION counts as begin() does: as no statement
        begun = true; // whatever follows fails, the transaction may be open: the rollback ends it
        return new Results(statement, statement.execute());
    }

    private java.sql.Statement control() throws SQLException {
        if (control == null) {
            control = connection.createStatement();
        }
        return control;
    }

    /** @throws CommitFailedException when the commit raised an error: its outcome is unknown */
    public void commit() throws SQLException {
        roundTrips++;
        commits++;
        try {
            if (begun) {
                control().execute("COMMIT");
                begun = false;
            } else {
                connection.commit();
            }
        } catch (SQLException e) {
            throw new CommitFailedException(e);
        }
    }

    public void rollback() throws SQLException {
        roundTrips++;
        rollbacks++;
        if (begun) {
            begun = false;
            control().execute("ROLLBACK");
        } else {
            connection.rollback();
        }
    }

    /**
     * Rolls back the transaction a failed call left open, if one can be open (not in auto-commit
     * mode), and never throws: the connection may be gone, which the next call or the reconnect
     * tells. The scheduler calls it after an error; sessions end their own transactions.
     */
    public void rollbackQuietly() {
        if (autoCommit && !begun) {
            return;
        }
        try {
            rollback();
        } catch (SQLException | RuntimeException ignored) {
            // a lost connection rolled the transaction back with it
        }
    }

    /** Switches auto-commit mode (a session may use it for its one-statement transactions). */
    public void setAutoCommit(boolean on) throws SQLException {
        if (begun) {
            throw new IllegalStateException("a transaction begun with begin() is open: commit or roll it back first");
        }
        if (on != autoCommit) {
            connection.setAutoCommit(on);
            autoCommit = on;
        }
    }

    /**
     * Whether each statement commits by itself: auto-commit mode as last set (a broken connection
     * can no longer be asked) and no transaction {@linkplain #begin() begun}.
     */
    public boolean autoCommit() {
        return autoCommit && !begun;
    }

    /** Requests sent and waited for: every execute, pipeline, commit and rollback call. */
    public long roundTrips() {
        return roundTrips;
    }

    /** SQL statements executed, those of a pipeline each (its ending COMMIT or ROLLBACK apart). */
    public long statements() {
        return statements;
    }

    public long resultSets() {
        return resultSets;
    }

    public long commits() {
        return commits;
    }

    public long rollbacks() {
        return rollbacks;
    }

    /** Starts counting again from zero (after the scheduler has read the counts). */
    public void resetCounts() {
        roundTrips = 0;
        statements = 0;
        resultSets = 0;
        commits = 0;
        rollbacks = 0;
    }

    /** Closes the connection, and with it its statements. */
    @Override
    public void close() throws SQLException {
        if (begun) {
            rollbackQuietly(); // a pool would keep the transaction open: auto-commit mode is all it resets
        }
        connection.close();
    }

    /** A commit that raised an error; {@link #getCause()} is the driver's own exception. */
    public static final class CommitFailedException extends SQLException {
        CommitFailedException(SQLException cause) {
            super("commit failed: " + cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
        }

        public SQLException original() {
            return (SQLException) getCause();
        }
    }
}
