package io.tpkit.spi.database;

import java.sql.SQLException;

/**
 * A stream of rows into one table. Values are added field by field, then {@link #endRow()};
 * {@link #close()} flushes and finishes the load of this stream.
 */
public interface BulkWriter extends AutoCloseable {
    BulkWriter add(long value);

    /** A string value; {@code null} is SQL NULL. */
    BulkWriter add(String value);

    /** A timestamp as epoch milliseconds (UTC). */
    BulkWriter addTimestamp(long epochMillis);

    void endRow() throws SQLException;

    @Override
    void close() throws SQLException;
}
