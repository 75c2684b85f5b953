package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;

/**
 * A closed-model terminal's life, waiting in the {@link DueQueue} until its request is due. Only
 * the server that took it from the queue touches it.
 */
final class WaitingTerminal extends TerminalLife implements Comparable<WaitingTerminal> {
    /** When the request may start: its intended start, or its rate slot once it has one. */
    long due;
    /** When its think time began: the end of its last request (or its skip). */
    long thinkFrom;

    WaitingTerminal(Terminal terminal, int index, long quota) {
        super(terminal, index, quota);
    }

    /** Sets the next request, intended to start {@code keyingNanos} after {@code ready}. */
    void schedule(Request next, long ready, long keyingNanos) {
        request = next;
        intended = ready + keyingNanos;
        due = intended;
        slotted = false;
    }

    @Override
    public int compareTo(WaitingTerminal other) {
        return Long.compare(due, other.due);
    }
}
