package io.tpkit.spi.workload;

/**
 * An emulated user. A terminal is driven by one thread at a time (the scheduler hands it from
 * server to server through a queue, which orders the calls), so an implementation needs no
 * synchronisation. Times are the benchmark's own; the scheduler scales them by the
 * think factor.
 */
public interface Terminal {
    /** Chooses the next transaction and generates its input. */
    Request next();

    /** Keying time before {@code request} is submitted, in nanoseconds. */
    default long keyingNanos(Request request) {
        return 0;
    }

    /** Think time after the response to {@code request}, in nanoseconds. */
    default long thinkNanos(Request request) {
        return 0;
    }
}
