package io.tpkit.scheduler;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A schedule of request slots shared by all terminals ({@code --rate}), with fixed gaps or
 * exponential ones (a Poisson process). Slots are handed out in order and never skipped: when
 * the database falls behind, requests start back to back and their response time, counted from
 * the slot, shows the backlog instead of hiding it. It holds only the next slot, so a backlog of
 * any length costs no memory.
 */
final class RatePacer {
    private final long intervalNanos;
    private final AtomicLong next;
    private final SplittableRandom gaps; // null for fixed gaps
    private final java.util.function.LongConsumer scheduled;

    RatePacer(double perSecond, long startNanos, SplittableRandom poissonGaps) {
        this(perSecond, startNanos, poissonGaps, slot -> { });
    }

    /** @param scheduled told of every slot the schedule makes, in order (any thread) */
    RatePacer(double perSecond, long startNanos, SplittableRandom poissonGaps,
              java.util.function.LongConsumer scheduled) {
        this.intervalNanos = Math.max(1, Math.round(1e9 / perSecond));
        this.next = new AtomicLong(startNanos);
        this.gaps = poissonGaps;
        this.scheduled = scheduled;
    }

    /** The intended start (nanoTime) of the caller's next request. */
    long nextSlot() {
        long slot;
        if (gaps == null) {
            slot = next.getAndAdd(intervalNanos);
        } else {
            synchronized (this) {
                // -ln(U) for U in (0, 1]: exponential with mean 1, scaled to the mean gap
                long gap = Math.round(-Math.log(1.0 - gaps.nextDouble()) * intervalNanos);
                slot = next.getAndAdd(gap);
            }
        }
        scheduled.accept(slot);
        return slot;
    }

    /** The next slot not handed out yet. */
    long peek() {
        return next.get();
    }

    /**
     * Hands every slot before {@code end} that no request took to {@code backlog}, in order (the
     * schedule goes on as it would have: the same gaps). Call once the servers stopped.
     */
    synchronized void forEachUntil(long end, java.util.function.LongConsumer backlog) {
        while (next.get() < end) {
            backlog.accept(nextSlot());
        }
    }
}
