package io.tpkit.spi.database;

/**
 * A clock of the database server's CPU time, read when the measurement interval starts and
 * when it ends: the server's processes from /proc when it runs on this machine, or the
 * server's own per-statement counters (pg_stat_kcache) when it does not.
 */
public interface ServerCpuClock {
    /** CPU nanoseconds so far, or -1 when the clock cannot be read now. */
    long cpuNanos();

    /** Whether the server runs on the driver's machine, so that its share of this machine means something. */
    default boolean onThisMachine() {
        return false;
    }

    /** What the figure covers and where it comes from, in words for the result. */
    String describe();

    /** Why a server's CPU cannot be read this way, in words for the result's notes. */
    final class Unavailable extends Exception {
        public Unavailable(String why) {
            super(why);
        }
    }
}
