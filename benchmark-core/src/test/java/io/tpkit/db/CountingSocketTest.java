package io.tpkit.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.measurement.WireBytes;
import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The counting socket against a real server socket on this machine that answers every request
 * of 30 bytes with 3,000: the bytes are counted both ways, and with a one-way delay each
 * request and each answer arrives that much late, once per message however many writes and
 * reads the client splits it into (the lower bounds are the delay's own sleeps; the upper
 * bounds are generous, far below what a delay per call would cost).
 */
class CountingSocketTest {
    private static final int REQUEST = 30;
    private static final int ANSWER = 3_000;
    private ServerSocket server;
    private ExecutorService serving;
    private Future<?> served;

    @BeforeEach
    void listen() throws Exception {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        serving = Executors.newSingleThreadExecutor();
        served = serving.submit(() -> {
            try (Socket s = server.accept(); DataInputStream in = new DataInputStream(s.getInputStream());
                 OutputStream out = s.getOutputStream()) {
                byte[] request = new byte[REQUEST];
                while (true) {
                    try {
                        in.readFully(request);
                    } catch (java.io.EOFException closed) {
                        return null;
                    }
                    out.write(new byte[ANSWER]);
                    out.flush();
                }
            }
        });
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        serving.shutdownNow();
    }

    /** One request written in three calls, its answer read in calls of at most 1,000 bytes. */
    private static long exchange(InputStream in, OutputStream out) throws Exception {
        long start = System.nanoTime();
        out.write(new byte[10]);
        out.write(new byte[10]);
        out.write(new byte[10]);
        out.flush();
        int read = 0;
        byte[] buffer = new byte[1_000];
        while (read < ANSWER) {
            int n = in.read(buffer, 0, Math.min(buffer.length, ANSWER - read));
            assertThat(n).isPositive();
            read += n;
        }
        return System.nanoTime() - start;
    }

    @Test
    void withoutDelayItCountsTheBytesBothWays() throws Exception {
        WireBytes bytes = WireBytes.ofCurrentThread();
        long sent = bytes.sent();
        long received = bytes.received();
        try (Socket s = new CountingSocket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
            for (int i = 0; i < 3; i++) {
                exchange(s.getInputStream(), s.getOutputStream());
            }
        }
        served.get();
        assertThat(bytes.sent() - sent).isEqualTo(3 * REQUEST);
        assertThat(bytes.received() - received).isEqualTo(3 * ANSWER);
    }

    /**
     * The PostgreSQL factory's socket (a blocking channel behind the Socket API): it connects
     * with a timeout, carries the options a driver sets, counts the same bytes, and a read with
     * a timeout times out without breaking the untimed reads after it.
     */
    @Test
    void theBlockingSocketConnectsCountsAndTimesOutAsTheJdksDoes() throws Exception {
        WireBytes bytes = WireBytes.ofCurrentThread();
        long sent = bytes.sent();
        long received = bytes.received();
        try (Socket s = CountingSocket.blocking(Duration.ZERO)) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
            assertThat(s.getPort()).isEqualTo(server.getLocalPort());
            assertThat(s.getInetAddress()).isEqualTo(InetAddress.getLoopbackAddress());
            assertThat(s.getLocalPort()).isPositive();
            s.setTcpNoDelay(true);
            s.setKeepAlive(true);
            s.setSoLinger(true, 3);
            assertThat(s.getTcpNoDelay()).isTrue();
            assertThat(s.getKeepAlive()).isTrue();
            assertThat(s.getSoLinger()).isEqualTo(3);
            s.setSoLinger(false, 0);
            assertThat(s.getSoLinger()).isEqualTo(-1);
            exchange(s.getInputStream(), s.getOutputStream());
            s.setSoTimeout(100); // nothing was asked: nothing comes
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.getInputStream().read())
                    .isInstanceOf(java.net.SocketTimeoutException.class);
            s.setSoTimeout(0);
            assertThat(s.getSoTimeout()).isZero();
            exchange(s.getInputStream(), s.getOutputStream());
            exchange(s.getInputStream(), s.getOutputStream());
        }
        served.get();
        assertThat(bytes.sent() - sent).isEqualTo(3 * REQUEST);
        assertThat(bytes.received() - received).isEqualTo(3 * ANSWER);
    }

    /** What JDBC's abort does to a connection: closing the socket ends a read blocked on it in another thread. */
    @Test
    void closingTheBlockingSocketEndsAReadBlockedOnIt() throws Exception {
        Socket s = CountingSocket.blocking(Duration.ZERO);
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
        ExecutorService reader = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> read = reader.submit(() -> s.getInputStream().read()); // nothing asked: it blocks
            Thread.sleep(200);
            assertThat(read.isDone()).isFalse();
            s.close();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> read.get(5, java.util.concurrent.TimeUnit.SECONDS))
                    .isInstanceOf(java.util.concurrent.ExecutionException.class)
                    .hasCauseInstanceOf(java.io.IOException.class);
        } finally {
            s.close();
            reader.shutdownNow();
        }
    }

    @Test
    void aDelayIsPaidOncePerMessageEachWay() throws Exception {
        Duration oneWay = Duration.ofMillis(100);
        long connected;
        long[] rounds = new long[3];
        try (Socket s = new CountingSocket(oneWay)) {
            long start = System.nanoTime();
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
            connected = System.nanoTime() - start;
            for (int i = 0; i < rounds.length; i++) {
                rounds[i] = exchange(s.getInputStream(), s.getOutputStream());
            }
        }
        served.get();
        // connecting: the handshake's round trip. The upper bound stays below the 700 ms that a delay
        // per write or read call (7 calls) would take, and leaves a loaded machine's scheduling room
        // (454 ms once, at a load average of 8 on 2 cores)
        assertThat(connected).isBetween(200_000_000L, 650_000_000L);
        for (long round : rounds) {
            // the request out and the answer back: twice the delay, not once per write or read call
            assertThat(round).isBetween(200_000_000L, 650_000_000L);
        }
    }

    @Test
    void theFactoriesReadTheDelayFromTheDriversProperties() {
        assertThat(CountingSocket.delay("5000000")).isEqualTo(Duration.ofMillis(5));
        assertThat(CountingSocket.delay(null)).isZero();
        java.util.Properties info = new java.util.Properties();
        info.setProperty(CountingSocket.DELAY_PROPERTY, "250000");
        assertThat(((CountingSocket) new io.tpkit.db.postgres.CountingSocketFactory(info).createSocket()).oneWayDelay())
                .isEqualTo(Duration.ofNanos(250_000));
        assertThat(((CountingSocket) new io.tpkit.db.postgres.CountingSocketFactory().createSocket()).oneWayDelay())
                .isZero();
        assertThat(io.tpkit.db.mysql.CountingSocketFactory.delay("_client_name:x," + CountingSocket.DELAY_ATTRIBUTE
                + ":250000")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(io.tpkit.db.mysql.CountingSocketFactory.delay(null)).isZero();
    }
}
