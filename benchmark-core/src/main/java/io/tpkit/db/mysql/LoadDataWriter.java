package io.tpkit.db.mysql;

import com.mysql.cj.jdbc.JdbcStatement;
import io.tpkit.spi.BulkWriter;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Streams rows with {@code LOAD DATA LOCAL INFILE}, fed from memory: rows are gathered into a
 * chunk of about 4 MiB, and each full chunk is sent as one statement, so a table is never held
 * in memory. Fields are tab-separated with the server's default escapes (backslash, tab,
 * newline, carriage return and NUL escaped, {@code \N} for NULL). LOAD DATA LOCAL turns bad
 * values and duplicate keys into warnings; here any warning, or a row count that differs from
 * the rows sent, fails the load.
 */
final class LoadDataWriter implements BulkWriter {
    static final int CHUNK_BYTES = 4 * 1024 * 1024;
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final Connection connection;
    private final String sql;
    private final String table;
    private byte[] buffer = new byte[64 * 1024];
    private int position;
    private long rowsInChunk;
    private boolean firstField = true;

    LoadDataWriter(Connection connection, String table, List<String> columns) {
        this.connection = connection;
        this.table = table;
        this.sql = "LOAD DATA LOCAL INFILE 'tpkit-stream' INTO TABLE " + table + " CHARACTER SET utf8mb4 "
                + "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' ("
                + String.join(", ", columns) + ")";
    }

    @Override
    public BulkWriter add(long value) {
        separator();
        ascii(Long.toString(value));
        return this;
    }

    @Override
    public BulkWriter add(String value) {
        separator();
        if (value == null) {
            ascii("\\N");
            return this;
        }
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> ascii("\\\\");
                case '\t' -> ascii("\\t");
                case '\n' -> ascii("\\n");
                case '\r' -> ascii("\\r");
                case '\0' -> ascii("\\0");
                default -> {
                    if (ch < 0x80) {
                        put((byte) ch);
                    } else if (Character.isHighSurrogate(ch) && i + 1 < value.length()) {
                        utf8(value.substring(i, i + 2));
                        i++;
                    } else {
                        utf8(String.valueOf(ch));
                    }
                }
            }
        }
        return this;
    }

    @Override
    public BulkWriter addTimestamp(long epochMillis) {
        separator();
        ascii(TIMESTAMP.format(LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC)));
        return this;
    }

    @Override
    public void endRow() throws SQLException {
        put((byte) '\n');
        firstField = true;
        rowsInChunk++;
        if (position >= CHUNK_BYTES) {
            send();
        }
    }

    @Override
    public void close() throws SQLException {
        send();
    }

    private void send() throws SQLException {
        if (rowsInChunk == 0) {
            return;
        }
        try (Statement s = connection.createStatement()) {
            s.unwrap(JdbcStatement.class).setLocalInfileInputStream(new ByteArrayInputStream(buffer, 0, position));
            long loaded = s.executeLargeUpdate(sql);
            SQLWarning warning = s.getWarnings();
            if (warning != null) {
                throw new SQLException("LOAD DATA into " + table + " reported a warning: " + warning.getMessage()
                        + " (error " + warning.getErrorCode() + ")", warning.getSQLState(), warning.getErrorCode());
            }
            if (loaded != rowsInChunk) {
                throw new SQLException("LOAD DATA into " + table + " loaded " + loaded + " of " + rowsInChunk
                        + " rows");
            }
        }
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
        position = 0;
        rowsInChunk = 0;
        if (buffer.length > CHUNK_BYTES * 2) {
            buffer = new byte[64 * 1024]; // a huge row grew it: do not keep that much
        }
    }

    private void separator() {
        if (!firstField) {
            put((byte) '\t');
        }
        firstField = false;
    }

    private void ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            put((byte) s.charAt(i));
        }
    }

    private void utf8(String s) {
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            put(b);
        }
    }

    private void put(byte b) {
        if (position == buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
        }
        buffer[position++] = b;
    }
}
