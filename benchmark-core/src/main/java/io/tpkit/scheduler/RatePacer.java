package io.tpkit.scheduler;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A fixed schedule of request slots shared by all terminals ({@code --rate}). Slots are handed
 * out in order and never skipped: when the database falls behind, requests start back to back
 * and their response time, counted from the slot, shows the backlog instead of hiding it.
 */
final class RatePacer {
    private final long intervalNanos;
    private final AtomicLong next;

    RatePacer(double perSecond, long startNanos) {
        this.intervalNanos = Math.max(1, Math.round(1e9 / perSecond));
        this.next = new AtomicLong(startNanos);
    }

    /** The intended start (nanoTime) of the caller's next request. */
    long nextSlot() {
        return next.getAndAdd(intervalNanos);
    }
}
