package io.tpkit.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextRowWriterTest {
    /** Collects what would be sent, in pieces of at least {@code flush} bytes. */
    private static final class Capture extends TextRowWriter {
        final ByteArrayOutputStream sent = new ByteArrayOutputStream();
        final List<Long> batches = new ArrayList<>();
        private final int flush;

        Capture(int flush) {
            this.flush = flush;
        }

        @Override
        protected int flushBytes() {
            return flush;
        }

        @Override
        protected void send(byte[] bytes, int length, long rows) {
            sent.write(bytes, 0, length);
            batches.add(rows);
        }

        @Override
        public void close() throws java.sql.SQLException {
            flush();
        }
    }

    @Test
    void escapesAndEncodesLikeTheServersTextFormat() throws Exception {
        Capture w = new Capture(1 << 20);
        w.add(7).add((String) null).add("a\tb\nc\rd\\e\0f").add("caf\u00e9 \uD83D\uDE00").addTimestamp(0);
        w.endRow();
        w.close();
        assertThat(w.sent.toString(StandardCharsets.UTF_8))
                .isEqualTo("7\t\\N\ta\\tb\\nc\\rd\\\\e\\0f\tcaf\u00e9 \uD83D\uDE00\t1970-01-01 00:00:00.000\n");
        // a code point outside the BMP is one 4-byte UTF-8 sequence, not two encoded halves
        assertThat(w.sent.toByteArray()).containsSequence((byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80);
    }

    @Test
    void sendsWholeRowsOnceAPieceIsFull() throws Exception {
        Capture w = new Capture(100);
        for (int i = 0; i < 50; i++) {
            w.add("row number " + i);
            w.endRow();
        }
        w.close();
        assertThat(w.batches.stream().mapToLong(Long::longValue).sum()).isEqualTo(50);
        assertThat(w.batches.size()).isGreaterThan(1);
        assertThat(w.sent.toString(StandardCharsets.UTF_8).lines()).hasSize(50).allMatch(l -> l.startsWith("row number "));
    }
}
