package io.tpkit.db;

import io.tpkit.measurement.WireBytes;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A plain TCP socket whose streams add every byte to the {@link WireBytes} of the thread that
 * reads or writes. JDBC drivers buffer on top of it, so the count costs one addition per
 * buffer, not per value. The database plugins hand it to their drivers through the drivers'
 * socket factory properties.
 */
public final class CountingSocket extends Socket {
    private InputStream in;
    private OutputStream out;

    @Override
    public synchronized InputStream getInputStream() throws IOException {
        if (in == null) {
            in = new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        WireBytes.ofCurrentThread().addReceived(1);
                    }
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int n = super.read(buffer, offset, length);
                    if (n > 0) {
                        WireBytes.ofCurrentThread().addReceived(n);
                    }
                    return n;
                }
            };
        }
        return in;
    }

    @Override
    public synchronized OutputStream getOutputStream() throws IOException {
        if (out == null) {
            out = new FilterOutputStream(super.getOutputStream()) {
                @Override
                public void write(int b) throws IOException {
                    super.out.write(b);
                    WireBytes.ofCurrentThread().addSent(1);
                }

                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    super.out.write(buffer, offset, length);
                    WireBytes.ofCurrentThread().addSent(length);
                }
            };
        }
        return out;
    }
}
