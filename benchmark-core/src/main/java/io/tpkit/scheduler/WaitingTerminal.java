package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;

/**
 * A closed-model terminal and its next request, waiting in the {@link DueQueue} until the
 * request is due. Only the server that took it from the queue touches it.
 */
final class WaitingTerminal implements Comparable<WaitingTerminal> {
    final Terminal terminal;
    final int index;
    final long quota;
    long count;
    Request request;
    /** When the request may start: its intended start, or its rate slot once it has one. */
    long due;
    /** The end of the request's keying time (or its rate slot): response time counts from here. */
    long intended;
    /** Whether the request already has its slot of the {@code --rate} schedule. */
    boolean slotted;
    /** That slot, once it has one. */
    long slot;

    WaitingTerminal(Terminal terminal, int index, long quota) {
        this.terminal = terminal;
        this.index = index;
        this.quota = quota;
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
