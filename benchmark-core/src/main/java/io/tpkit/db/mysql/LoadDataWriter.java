package io.tpkit.db.mysql;

import com.mysql.cj.jdbc.JdbcStatement;
import io.tpkit.load.TextRowWriter;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

/**
 * Streams rows with {@code LOAD DATA LOCAL INFILE}, fed from memory: rows are gathered into a
 * chunk of about 4 MiB, and each full chunk is sent as one statement, so a table is never held
 * in memory. Fields are tab-separated with the server's default escapes (backslash, tab,
 * newline, carriage return and NUL escaped, {@code \N} for NULL). LOAD DATA LOCAL turns bad
 * values and duplicate keys into warnings; here any warning, or a row count that differs from
 * the rows sent, fails the load.
 */
final class LoadDataWriter extends TextRowWriter {
    static final int CHUNK_BYTES = 4 * 1024 * 1024;

    private final Connection connection;
    private final String sql;
    private final String table;

    LoadDataWriter(Connection connection, String table, List<String> columns) {
        this.connection = connection;
        this.table = table;
        this.sql = "LOAD DATA LOCAL INFILE 'tpkit-stream' INTO TABLE " + table + " CHARACTER SET utf8mb4 "
                + "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' ("
                + String.join(", ", columns) + ")";
    }

    @Override
    protected int flushBytes() {
        return CHUNK_BYTES;
    }

    @Override
    protected void send(byte[] bytes, int length, long rows) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.unwrap(JdbcStatement.class).setLocalInfileInputStream(new ByteArrayInputStream(bytes, 0, length));
            long loaded = s.executeLargeUpdate(sql);
            SQLWarning warning = s.getWarnings();
            if (warning != null) {
                throw new SQLException("LOAD DATA into " + table + " reported a warning: " + warning.getMessage()
                        + " (error " + warning.getErrorCode() + ")", warning.getSQLState(), warning.getErrorCode());
            }
            if (loaded != rows) {
                throw new SQLException("LOAD DATA into " + table + " loaded " + loaded + " of " + rows + " rows");
            }
        }
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }

    @Override
    public void close() throws SQLException {
        flush();
    }
}
