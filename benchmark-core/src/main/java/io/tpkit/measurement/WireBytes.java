package io.tpkit.measurement;

/**
 * Bytes a thread sent and received on the database's sockets. The database plugins' counting
 * sockets add to the counters of the thread that reads or writes, which is the thread running
 * the session's statements, so the scheduler attributes the bytes of a transaction by reading
 * the counters before and after it on that thread. A thread that never touches a counting
 * socket (the monitor's, a check's) never has its counters read.
 */
public final class WireBytes {
    private static final ThreadLocal<WireBytes> CURRENT = ThreadLocal.withInitial(WireBytes::new);

    private long sent;
    private long received;

    private WireBytes() {
    }

    /** The counters of the calling thread. */
    public static WireBytes ofCurrentThread() {
        return CURRENT.get();
    }

    public void addSent(long bytes) {
        sent += bytes;
    }

    public void addReceived(long bytes) {
        received += bytes;
    }

    public long sent() {
        return sent;
    }

    public long received() {
        return received;
    }
}
