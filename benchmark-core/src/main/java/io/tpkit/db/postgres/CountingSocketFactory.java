package io.tpkit.db.postgres;

import io.tpkit.db.CountingSocket;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory}: unconnected {@link CountingSocket}s, which pgjdbc connects
 * itself (and wraps in TLS when asked, in which case the encrypted bytes are counted).
 */
public final class CountingSocketFactory extends SocketFactory {
    @Override
    public Socket createSocket() {
        return new CountingSocket();
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
