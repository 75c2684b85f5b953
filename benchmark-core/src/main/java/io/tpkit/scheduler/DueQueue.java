package io.tpkit.scheduler;

import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The closed model's terminals between transactions, earliest due first. A server takes the
 * earliest one as soon as it is due (its keying time has ended), so due requests are served in
 * the order they became due: a FIFO queue in front of the servers, as in a queueing model. One
 * waiting server sleeps until the head is due and the others until it is taken (the leader and
 * followers of {@link java.util.concurrent.DelayQueue}), so an idle server costs no CPU.
 *
 * <p>Why not a thread per terminal: a terminal would then hand every transaction to the
 * connection's thread and wait for it back, two wake-ups per transaction that the database's
 * CPU pays for on a small machine; here the server that runs the transaction also computes the
 * terminal's next request. A waiting terminal is a small object, not a thread.
 */
final class DueQueue {
    private final PriorityQueue<WaitingTerminal> queue;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private Thread leader;
    private boolean closed;

    DueQueue(int capacity) {
        this.queue = new PriorityQueue<>(Math.max(1, capacity));
    }

    void put(WaitingTerminal terminal) {
        lock.lock();
        try {
            queue.add(terminal);
            if (queue.peek() == terminal) {
                // a new head: the leader may sleep past it
                leader = null;
                changed.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The earliest terminal once it is due; null once the queue is closed. */
    WaitingTerminal take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (!closed) {
                WaitingTerminal head = queue.peek();
                if (head == null) {
                    changed.await();
                    continue;
                }
                long delay = head.due - System.nanoTime();
                if (delay <= 0) {
                    return queue.poll();
                }
                if (leader != null) {
                    changed.await();
                } else {
                    Thread me = Thread.currentThread();
                    leader = me;
                    try {
                        changed.awaitNanos(delay);
                    } finally {
                        if (leader == me) {
                            leader = null;
                        }
                    }
                }
            }
            return null;
        } finally {
            if (leader == null && !queue.isEmpty()) {
                changed.signal();
            }
            lock.unlock();
        }
    }

    /** Wakes every waiting server; {@link #take} returns null from now on. */
    void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Terminals waiting (for tests and the run's end). */
    int size() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }
}
