package io.tpkit.load;

import io.tpkit.spi.database.BulkWriter;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;

/**
 * Rows in the tab-separated text format that PostgreSQL's COPY and MySQL's LOAD DATA both read
 * by default: backslash, tab, newline, carriage return and NUL escaped with a backslash,
 * {@code \N} for NULL, UTF-8. Rows are encoded into one buffer that a subclass sends whenever
 * it holds {@link #flushBytes()} bytes of whole rows, so no table is held in memory.
 */
public abstract class TextRowWriter implements BulkWriter {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private byte[] buffer = new byte[64 * 1024];
    private int position;
    private long rows;
    private boolean firstField = true;

    /** How many bytes of whole rows to collect before {@link #send}. */
    protected abstract int flushBytes();

    /** Sends {@code rows} whole rows, encoded in {@code length} bytes of {@code bytes}. */
    protected abstract void send(byte[] bytes, int length, long rows) throws SQLException;

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
                        // a pair is one code point: encoding its halves apart would not be UTF-8
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
        rows++;
        if (position >= flushBytes()) {
            flush();
        }
    }

    /** Sends the rows collected so far (if any). */
    protected final void flush() throws SQLException {
        if (rows == 0) {
            return;
        }
        send(buffer, position, rows);
        position = 0;
        rows = 0;
        if (buffer.length > 2 * Math.max(flushBytes(), 64 * 1024)) {
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
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        buffer[position++] = b;
    }
}
