package io.tpkit.db.postgres;

import io.tpkit.load.TextRowWriter;
import java.sql.SQLException;
import org.postgresql.copy.CopyIn;


/**
 * Streams rows in COPY text format (see {@link TextRowWriter}) in 64 KiB pieces: a table is
 * never held in memory.
 */
final class CopyWriter extends TextRowWriter {
    private final CopyIn copy;

    CopyWriter(CopyIn copy) {
        this.copy = copy;
    }

    @Override
    protected int flushBytes() {
        return 60 * 1024;
    }

    @Override
    protected void send(byte[] bytes, int length, long rows) throws SQLException {
        copy.writeToCopy(bytes, 0, length);
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
}
