package io.tpkit.db.postgres;

import io.tpkit.db.CountingSocket;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Properties;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory}: unconnected {@link CountingSocket}s, which pgjdbc connects
 * itself (and wraps in TLS when asked, in which case the encrypted bytes are counted). pgjdbc
 * gives it the connection's properties: {@link CountingSocket#DELAY_PROPERTY} there sets the
 * sockets' one-way delay ({@code --network-delay}).
 */
public final class CountingSocketFactory extends SocketFactory {
    private final Duration delay;

    /** Without a delay. */
    public CountingSocketFactory() {
        this.delay = Duration.ZERO;
    }

    /** The constructor pgjdbc calls, with the connection's properties. */
    public CountingSocketFactory(Properties info) {
        this.delay = CountingSocket.delay(info.getProperty(CountingSocket.DELAY_PROPERTY));
    }

    /**
     * pgjdbc connects with a timeout ({@code connectTimeout}) and reads without one: a blocking
     * channel's socket keeps those reads one system call each (see {@link CountingSocket#blocking}).
     */
    @Override
    public Socket createSocket() {
        return CountingSocket.blocking(delay);
    }

    @Override
    public Socket createSocket(String host, int port) {
        throw new UnsupportedOperationException("pgjdbc connects the sockets it creates");
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
        throw new UnsupportedOperationException("pgjdbc connects the sockets it creates");
    }

    @Override
    public Socket createSocket(InetAddress host, int port) {
        throw new UnsupportedOperationException("pgjdbc connects the sockets it creates");
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
        throw new UnsupportedOperationException("pgjdbc connects the sockets it creates");
    }
}
