package io.tpkit.db.mysql;

import io.tpkit.spi.BulkWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.List;

/**
 * Rows as batched INSERTs of {@value #BATCH_ROWS} rows; with {@code rewriteBatchedStatements}
 * Connector/J sends each batch as multi-row INSERT statements.
 */
final class BatchInsertWriter implements BulkWriter {
    static final int BATCH_ROWS = 1000;
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final Connection connection;
    private final PreparedStatement insert;
    private int field;
    private int rows;

    BatchInsertWriter(Connection connection, String table, List<String> columns) throws SQLException {
        this.connection = connection;
        this.insert = connection.prepareStatement("INSERT INTO " + table + " (" + String.join(", ", columns)
                + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")");
    }

    @Override
    public BulkWriter add(long value) {
        try {
            insert.setLong(++field, value);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return this;
    }

    @Override
    public BulkWriter add(String value) {
        try {
            if (value == null) {
                insert.setNull(++field, Types.VARCHAR);
            } else {
                insert.setString(++field, value);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return this;
    }

    @Override
    public BulkWriter addTimestamp(long epochMillis) {
        return add(TIMESTAMP.format(LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC)));
    }

    @Override
    public void endRow() throws SQLException {
        insert.addBatch();
        field = 0;
        if (++rows == BATCH_ROWS) {
            flush();
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
        } finally {
            insert.close();
        }
    }

    private void flush() throws SQLException {
        if (rows > 0) {
            insert.executeBatch();
            if (!connection.getAutoCommit()) {
                connection.commit();
            }
            rows = 0;
        }
    }
}
