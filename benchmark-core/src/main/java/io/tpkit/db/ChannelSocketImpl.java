package io.tpkit.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.net.SocketOption;
import java.net.SocketOptions;
import java.nio.channels.SocketChannel;
import java.util.Set;

/**
 * A TCP socket whose reads wait in the kernel: a {@link SocketChannel} in blocking mode behind
 * the {@link Socket} API, for a driver that connects with a timeout (pgjdbc's
 * {@code connectTimeout}, 10 s by default) and then reads without one.
 *
 * <p>Why: the JDK's own socket ({@code sun.nio.ch.NioSocketImpl}) switches its file descriptor
 * to non-blocking mode for good at the first connect or read with a timeout; from then on a
 * read that finds no answer yet costs a {@code read} that fails, a {@code poll} that waits,
 * and the {@code read} again, three system calls and the JDK's parking around them, for every
 * round trip (a JFR CPU-time profile of TP1 on PostgreSQL: {@code poll} alone about a tenth of
 * the connection thread's CPU). A blocking channel restores blocking mode after each operation
 * with a timeout, so an untimed read is one {@code read} that sleeps until the answer arrives,
 * as a C client's would be. What goes over the wire is the same.
 *
 * <p>Unlike the JDK's socket, a channel is interruptible: interrupting a thread blocked in it
 * closes the connection (tpkit interrupts such threads only when abandoning their work).
 */
final class ChannelSocketImpl extends SocketImpl {
    private SocketChannel channel;
    /** The channel's own {@link Socket} view, which carries the options and the read timeout. */
    private Socket socket;

    @Override
    protected void create(boolean stream) throws IOException {
        if (!stream) {
            throw new SocketException("datagram sockets are not supported");
        }
        channel = SocketChannel.open(); // blocking mode
        socket = channel.socket();
    }

    @Override
    protected void connect(String host, int port) throws IOException {
        connect(new InetSocketAddress(host, port), 0);
    }

    @Override
    protected void connect(InetAddress host, int port) throws IOException {
        connect(new InetSocketAddress(host, port), 0);
    }

    @Override
    protected void connect(SocketAddress endpoint, int timeoutMillis) throws IOException {
        socket.connect(endpoint, timeoutMillis);
        InetSocketAddress remote = (InetSocketAddress) socket.getRemoteSocketAddress();
        address = remote.getAddress();
        port = remote.getPort();
        localport = socket.getLocalPort();
    }

    @Override
    protected void bind(InetAddress host, int port) throws IOException {
        socket.bind(new InetSocketAddress(host, port));
        localport = socket.getLocalPort();
    }

    @Override
    protected void listen(int backlog) throws IOException {
        throw new SocketException("a client socket does not listen");
    }

    @Override
    protected void accept(SocketImpl s) throws IOException {
        throw new SocketException("a client socket does not accept");
    }

    @Override
    protected InputStream getInputStream() throws IOException {
        return socket.getInputStream();
    }

    @Override
    protected OutputStream getOutputStream() throws IOException {
        return socket.getOutputStream();
    }

    @Override
    protected int available() throws IOException {
        return socket.getInputStream().available();
    }

    @Override
    protected void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }

    @Override
    protected void shutdownInput() throws IOException {
        socket.shutdownInput();
    }

    @Override
    protected void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    protected boolean supportsUrgentData() {
        return true;
    }

    @Override
    protected void sendUrgentData(int data) throws IOException {
        socket.sendUrgentData(data);
    }

    @Override
    public void setOption(int option, Object value) throws SocketException {
        switch (option) {
            case SocketOptions.TCP_NODELAY -> socket.setTcpNoDelay((Boolean) value);
            case SocketOptions.SO_KEEPALIVE -> socket.setKeepAlive((Boolean) value);
            case SocketOptions.SO_TIMEOUT -> socket.setSoTimeout((Integer) value);
            case SocketOptions.SO_SNDBUF -> socket.setSendBufferSize((Integer) value);
            case SocketOptions.SO_RCVBUF -> socket.setReceiveBufferSize((Integer) value);
            case SocketOptions.SO_REUSEADDR -> socket.setReuseAddress((Boolean) value);
            case SocketOptions.SO_OOBINLINE -> socket.setOOBInline((Boolean) value);
            case SocketOptions.IP_TOS -> socket.setTrafficClass((Integer) value);
            // Socket.setSoLinger passes Boolean false for off, the seconds otherwise
            case SocketOptions.SO_LINGER -> socket.setSoLinger(value instanceof Integer,
                    value instanceof Integer seconds ? seconds : 0);
            default -> throw new SocketException("socket option " + option + " is not supported");
        }
    }

    @Override
    public Object getOption(int option) throws SocketException {
        return switch (option) {
            case SocketOptions.TCP_NODELAY -> socket.getTcpNoDelay();
            case SocketOptions.SO_KEEPALIVE -> socket.getKeepAlive();
            case SocketOptions.SO_TIMEOUT -> socket.getSoTimeout();
            case SocketOptions.SO_SNDBUF -> socket.getSendBufferSize();
            case SocketOptions.SO_RCVBUF -> socket.getReceiveBufferSize();
            case SocketOptions.SO_REUSEADDR -> socket.getReuseAddress();
            case SocketOptions.SO_OOBINLINE -> socket.getOOBInline();
            case SocketOptions.IP_TOS -> socket.getTrafficClass();
            case SocketOptions.SO_LINGER -> socket.getSoLinger();
            case SocketOptions.SO_BINDADDR -> socket.getLocalAddress();
            default -> throw new SocketException("socket option " + option + " is not supported");
        };
    }

    @Override
    protected <T> void setOption(SocketOption<T> name, T value) throws IOException {
        channel.setOption(name, value);
    }

    @Override
    protected <T> T getOption(SocketOption<T> name) throws IOException {
        return channel.getOption(name);
    }

    @Override
    protected Set<SocketOption<?>> supportedOptions() {
        return channel == null ? Set.of() : channel.supportedOptions();
    }
}
