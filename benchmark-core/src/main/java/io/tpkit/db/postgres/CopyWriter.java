package io.tpkit.db.postgres;

import io.tpkit.spi.BulkWriter;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.postgresql.copy.CopyIn;

/**
 * Streams rows in COPY text format through a 64 KiB buffer: a table is never held in memory.
 * Fields are tab-separated; backslash, tab, newline and carriage return are escaped.
 */
final class CopyWriter implements BulkWriter {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
    private final CopyIn copy;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private boolean firstField = true;

    CopyWriter(CopyIn copy) {
        this.copy = copy;
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
                default -> {
                    if (ch < 0x80) {
                        put((byte) ch);
                    } else {
                        for (byte b : String.valueOf(ch).getBytes(StandardCharsets.UTF_8)) {
                            put(b);
                        }
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
        if (position > buffer.length - 1024) {
            flush();
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
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

    private void put(byte b) {
        if (position == buffer.length) {
            try {
                flush();
            } catch (SQLException e) {
                throw new IllegalStateException("COPY failed: " + e.getMessage(), e);
            }
        }
        buffer[position++] = b;
    }

    private void flush() throws SQLException {
        if (position > 0) {
            copy.writeToCopy(buffer, 0, position);
            position = 0;
        }
    }
}
