package io.tpkit.db;

import io.tpkit.measurement.WireBytes;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.time.Duration;

/**
 * A plain TCP socket whose streams add every byte to the {@link WireBytes} of the thread that
 * reads or writes. JDBC drivers buffer on top of it, so the count costs one addition per
 * buffer, not per value. The database plugins hand it to their drivers through the drivers'
 * socket factory properties.
 *
 * <p>With a one-way delay ({@code --network-delay}) it also behaves as a network that far away
 * would: a message going out waits the delay before its first byte is written (the request
 * travelling to the server), and a message coming in is handed to the driver the delay after
 * its first bytes arrive (the answer travelling back). A message is everything written (or
 * read) before the direction changes, however many calls the driver splits it into; so a
 * request and its answer, one round trip, cost twice the delay, and statements sent together
 * cost it once. Connecting costs a round trip too (TCP's handshake). Bandwidth is not limited:
 * on a LAN or a cloud region the latency is what round trips pay for, not the bytes.
 */
public final class CountingSocket extends Socket {
    /**
     * The driver property that carries the one-way delay, in nanoseconds, to the PostgreSQL
     * factory (pgjdbc gives a socket factory the connection's properties).
     */
    public static final String DELAY_PROPERTY = "tpkitNetworkDelayNanos";
    /** The key under which the MySQL factory finds it in Connector/J's {@code connectionAttributes}. */
    public static final String DELAY_ATTRIBUTE = "tpkit_network_delay_ns";

    private final long delayNanos;
    private InputStream in;
    private OutputStream out;
    /** Which way the last bytes went (null before any): a change of direction starts a message. */
    private Boolean lastWasWrite;

    /** A socket without delay. */
    public CountingSocket() {
        this(Duration.ZERO);
    }

    /** @param oneWayDelay the delay each direction adds to every message, zero for none */
    public CountingSocket(Duration oneWayDelay) {
        this.delayNanos = oneWayDelay.toNanos();
    }

    private CountingSocket(Duration oneWayDelay, java.net.SocketImpl impl) throws java.net.SocketException {
        super(impl);
        this.delayNanos = oneWayDelay.toNanos();
    }

    /**
     * A counting socket whose reads without a timeout wait in the kernel, one system call each,
     * even after a connect or read with a timeout ({@link ChannelSocketImpl}: the JDK's socket
     * polls before every read from then on).
     */
    public static CountingSocket blocking(Duration oneWayDelay) {
        try {
            return new CountingSocket(oneWayDelay, new ChannelSocketImpl());
        } catch (java.net.SocketException e) {
            throw new IllegalStateException("Socket(SocketImpl) does not throw", e);
        }
    }

    /** The delay each direction adds to every message. */
    public Duration oneWayDelay() {
        return Duration.ofNanos(delayNanos);
    }

    /** The one-way delay, in nanoseconds, from a property value; 0 for none. */
    public static Duration delay(String nanos) {
        if (nanos == null || nanos.isBlank()) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(Long.parseLong(nanos.trim()));
    }

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        super.connect(endpoint, timeout);
        pause(2 * delayNanos); // SYN, SYN-ACK
    }

    private void pause(long nanos) throws IOException {
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted during the network delay");
        }
    }

    /** Before writing: a new message leaves after the delay. */
    private void beforeWrite() throws IOException {
        if (lastWasWrite != Boolean.TRUE) {
            lastWasWrite = Boolean.TRUE;
            pause(delayNanos);
        }
    }

    /** After bytes were read: the first of a new message arrive the delay late. */
    private void afterRead() throws IOException {
        if (lastWasWrite != Boolean.FALSE) {
            lastWasWrite = Boolean.FALSE;
            pause(delayNanos);
        }
    }

    @Override
    public synchronized InputStream getInputStream() throws IOException {
        if (in == null) {
            in = new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        WireBytes.ofCurrentThread().addReceived(1);
                        afterRead();
                    }
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int n = super.read(buffer, offset, length);
                    if (n > 0) {
                        WireBytes.ofCurrentThread().addReceived(n);
                        afterRead();
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
                    beforeWrite();
                    super.out.write(b);
                    WireBytes.ofCurrentThread().addSent(1);
                }

                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    if (length == 0) {
                        return;
                    }
                    beforeWrite();
                    super.out.write(buffer, offset, length);
                    WireBytes.ofCurrentThread().addSent(length);
                }
            };
        }
        return out;
    }
}
