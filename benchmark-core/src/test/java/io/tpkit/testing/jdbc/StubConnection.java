package io.tpkit.testing.jdbc;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.function.Function;

/**
 * A JDBC connection that answers without a server, for measuring the driver's own cost with
 * JMH: each statement gets its {@link Responder} when it is prepared (from the SQL text), so an
 * execution costs a parameter array and, for a query, the responder's rows. Nothing is parsed
 * or sent anywhere.
 */
public final class StubConnection extends UnsupportedConnection {
    /** Answers one prepared statement. */
    public interface Responder {
        /** The rows of a query, given the bound parameters ({@code params[0]} is parameter 1). */
        default Object[][] rows(Object[] params) {
            return new Object[0][];
        }

        /** The update count of a DML statement. */
        default int updateCount(Object[] params) {
            return 1;
        }

        /** Whether the (first) statement returns rows: what {@code execute()} answers. */
        default boolean query() {
            return false;
        }
    }

    private final Function<String, Responder> responders;
    private boolean autoCommit = true;
    private boolean closed;

    /** @param responders chooses the responder of each statement from its SQL text */
    public StubConnection(Function<String, Responder> responders) {
        this.responders = responders;
    }

    @Override
    public PreparedStatement prepareStatement(String sql) {
        return new Statement(responders.apply(sql), responders);
    }

    @Override
    public java.sql.Statement createStatement() {
        return new Statement(new Responder() { }, responders);
    }

    @Override
    public void setAutoCommit(boolean on) {
        autoCommit = on;
    }

    @Override
    public boolean getAutoCommit() {
        return autoCommit;
    }

    @Override
    public void commit() {
    }

    @Override
    public void rollback() {
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) {
        return new StubArray(elements);
    }

    private static final class StubArray extends UnsupportedArray {
        private final Object[] elements;

        StubArray(Object[] elements) {
            this.elements = elements;
        }

        @Override
        public Object getArray() {
            return elements;
        }
    }

    /** What {@link #createArrayOf} returns: the elements, nothing else. */
    abstract static class UnsupportedArray implements Array {
        @Override public String getBaseTypeName() { throw new UnsupportedOperationException(); }
        @Override public int getBaseType() { throw new UnsupportedOperationException(); }
        @Override public Object getArray(java.util.Map<String, Class<?>> map) { throw new UnsupportedOperationException(); }
        @Override public Object getArray(long index, int count) { throw new UnsupportedOperationException(); }
        @Override public Object getArray(long index, int count, java.util.Map<String, Class<?>> map) { throw new UnsupportedOperationException(); }
        @Override public ResultSet getResultSet() { throw new UnsupportedOperationException(); }
        @Override public ResultSet getResultSet(java.util.Map<String, Class<?>> map) { throw new UnsupportedOperationException(); }
        @Override public ResultSet getResultSet(long index, int count) { throw new UnsupportedOperationException(); }
        @Override public ResultSet getResultSet(long index, int count, java.util.Map<String, Class<?>> map) { throw new UnsupportedOperationException(); }
        @Override public void free() { }
    }

    private static final class Statement extends UnsupportedPreparedStatement {
        private final Responder responder;
        private final Function<String, Responder> responders;
        private final Object[] params = new Object[64];

        Statement(Responder responder, Function<String, Responder> responders) {
            this.responder = responder;
            this.responders = responders;
        }

        @Override
        public ResultSet executeQuery(String sql) {
            return new Rows(responders.apply(sql).rows(params));
        }

        @Override
        public void setInt(int i, int v) {
            params[i - 1] = v;
        }

        @Override
        public void setLong(int i, long v) {
            params[i - 1] = v;
        }

        @Override
        public void setShort(int i, short v) {
            params[i - 1] = v;
        }

        @Override
        public void setString(int i, String v) {
            params[i - 1] = v;
        }

        @Override
        public void setBigDecimal(int i, BigDecimal v) {
            params[i - 1] = v;
        }

        @Override
        public void setTimestamp(int i, Timestamp v) {
            params[i - 1] = v;
        }

        @Override
        public void setArray(int i, Array v) throws SQLException {
            params[i - 1] = v.getArray();
        }

        @Override
        public void setNull(int i, int sqlType) {
            params[i - 1] = null;
        }

        @Override
        public ResultSet executeQuery() {
            return new Rows(responder.rows(params));
        }

        @Override
        public int executeUpdate() {
            return responder.updateCount(params);
        }

        // several statements in one (a pipeline): the first one's answer, then update counts of 0
        private boolean onRows;
        private int updateCount = -1;

        @Override
        public boolean execute() {
            onRows = responder.query();
            updateCount = onRows ? -1 : responder.updateCount(params);
            return onRows;
        }

        @Override
        public ResultSet getResultSet() {
            return onRows ? new Rows(responder.rows(params)) : null;
        }

        @Override
        public int getUpdateCount() {
            return updateCount;
        }

        @Override
        public boolean getMoreResults() {
            onRows = false;
            updateCount = 0;
            return false;
        }

        @Override
        public void close() {
        }
    }

    private static final class Rows extends UnsupportedResultSet {
        private final Object[][] rows;
        private int at = -1;
        private boolean wasNull;

        Rows(Object[][] rows) {
            this.rows = rows;
        }

        private Object value(int column) {
            Object v = rows[at][column - 1];
            wasNull = v == null;
            return v;
        }

        @Override
        public boolean next() {
            return ++at < rows.length;
        }

        @Override
        public int getInt(int column) {
            Object v = value(column);
            return v == null ? 0 : ((Number) v).intValue();
        }

        @Override
        public long getLong(int column) {
            Object v = value(column);
            return v == null ? 0 : ((Number) v).longValue();
        }

        @Override
        public String getString(int column) {
            Object v = value(column);
            return v == null ? null : v.toString();
        }

        @Override
        public BigDecimal getBigDecimal(int column) {
            return (BigDecimal) value(column);
        }

        @Override
        public Timestamp getTimestamp(int column) {
            return (Timestamp) value(column);
        }

        @Override
        public <T> T getObject(int column, Class<T> type) {
            return type.cast(value(column));
        }

        @Override
        public Array getArray(int column) {
            Object v = value(column);
            return v == null ? null : new StubArray((Object[]) v);
        }

        @Override
        public boolean wasNull() {
            return wasNull;
        }

        @Override
        public void close() {
        }
    }
}
