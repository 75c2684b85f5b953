package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

/**
 * The {@code closed} model: terminals wait their keying and think times in a {@link DueQueue},
 * and a free server takes the earliest due one and moves its life on: runs its request (or
 * queues a deferred one), and puts it back with its next request, due after its think and
 * keying times. The wait for a free server is the queue time.
 */
final class ClosedArrivals implements Arrivals {
    private final Dispatch d;
    private final DueQueue dueQueue;

    ClosedArrivals(Dispatch dispatch) {
        this.d = dispatch;
        this.dueQueue = new DueQueue(dispatch.settings.terminals());
    }

    @Override
    public List<Thread> threads(List<ConnectionWorker> servers, IntFunction<Terminal> terminals, CountDownLatch done) {
        int n = d.settings.terminals();
        long now = System.nanoTime();
        for (int i = 0; i < n; i++) {
            WaitingTerminal t = new WaitingTerminal(terminals.apply(i), i, d.quota(i, n));
            if (t.quota > 0) {
                Request first = t.terminal.next();
                // started together, terminals with think times would arrive in bursts, one per
                // cycle; each first waits part of a think time instead, spread over the terminals
                long stagger = (long) (d.scaled(t.terminal.thinkNanos(first)) * ((i + 0.5) / n));
                t.schedule(first, now + stagger, d.scaled(t.terminal.keyingNanos(first)));
                t.state = TerminalLife.State.THROTTLE; // chosen, and waiting
                dueQueue.put(t);
            } else {
                done.countDown();
            }
        }
        List<Thread> threads = new ArrayList<>(servers.size());
        for (ConnectionWorker server : servers) {
            threads.add(Thread.ofPlatform().daemon().name("server").unstarted(() -> serve(server, done)));
        }
        return threads;
    }

    @Override
    public void stop() {
        dueQueue.close();
    }

    /** One server: takes the earliest due terminal and moves its life on until it waits again. */
    private void serve(ConnectionWorker server, CountDownLatch done) {
        while (!d.stopping()) {
            long waitStart = System.nanoTime();
            WaitingTerminal t;
            try {
                t = dueQueue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (t == null) {
                return;
            }
            long now = System.nanoTime();
            // the driver's own lateness: how long a due request waited while this server was
            // free for it (a late wake-up, or the queue's own cost). Waiting for a busy server
            // is the database's queueing, which the queue time shows instead.
            d.metrics.recordLag(now - Math.max(t.due, waitStart));
            t.serviceStart = now; // its service starts when a server takes it
            if (t.advance(this, d, server) == TerminalLife.State.DONE && t.count >= t.quota) {
                done.countDown(); // done with its share: it leaves the queue
            }
        }
    }

    @Override
    public void choose(TerminalLife life, ConnectionWorker server) {
        WaitingTerminal t = (WaitingTerminal) life;
        Request last = t.request;
        Request next;
        long ready;
        // the terminal's random numbers drawn in the order they always were (a seed repeats a
        // run): after a run its think time first, after a skip its next request first
        if (t.skipped) {
            next = t.terminal.next();
            ready = t.thinkFrom + d.scaled(t.terminal.thinkNanos(last));
        } else {
            ready = t.thinkFrom + d.scaled(t.terminal.thinkNanos(last));
            next = t.terminal.next();
        }
        t.schedule(next, ready, d.scaled(t.terminal.keyingNanos(next)));
    }

    @Override
    public boolean keyed(TerminalLife life) {
        dueQueue.put((WaitingTerminal) life);
        return false;
    }

    @Override
    public TerminalLife.State throttle(TerminalLife life) {
        WaitingTerminal t = (WaitingTerminal) life;
        if (d.pacer != null && !t.slotted) {
            long slot = d.pacer.nextSlot();
            t.slotted = true;
            t.slot = slot;
            t.intended = Math.max(slot, t.intended);
            if (slot > t.serviceStart) {
                t.due = slot; // keyed, waits for its slot
                dueQueue.put(t);
                return TerminalLife.State.THROTTLE;
            }
        }
        return TerminalLife.State.START;
    }

    @Override
    public void think(TerminalLife life) {
        WaitingTerminal t = (WaitingTerminal) life;
        // a skipped request thinks from when it was taken, a run one from its end
        t.thinkFrom = t.skipped ? t.serviceStart : System.nanoTime();
    }
}
