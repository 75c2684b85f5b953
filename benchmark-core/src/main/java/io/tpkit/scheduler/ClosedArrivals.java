package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

/**
 * The {@code closed} model: terminals wait their keying and think times in a {@link DueQueue},
 * and a free server takes the earliest due request, runs it (or queues a deferred one), and
 * puts the terminal back with its next request, due after its think and keying times. The wait
 * for a free server is the queue time.
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

    /** One server: takes the earliest due terminal and moves it one step on through its life. */
    private void serve(ConnectionWorker server, CountDownLatch done) {
        RatePacer pacer = d.pacer;
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
            if (pacer != null && !t.slotted) {
                long slot = pacer.nextSlot();
                t.slotted = true;
                t.slot = slot;
                t.intended = Math.max(slot, t.intended);
                if (slot > now) {
                    t.due = slot; // keyed, waits for its slot
                    dueQueue.put(t);
                    continue;
                }
            }
            Request request = t.request;
            if (pacer != null && d.tooLate(request, t.slot)) {
                Request next = t.terminal.next(); // skipped: thinks, keys its next request
                t.schedule(next, now + d.scaled(t.terminal.thinkNanos(request)), d.scaled(t.terminal.keyingNanos(next)));
                dueQueue.put(t);
                continue;
            }
            if (pacer != null) {
                d.metrics.recordStarted(t.slot);
            }
            boolean counted = d.runOrQueue(server, request, t.intended, now);
            long end = System.nanoTime();
            if (counted) {
                d.measured[t.index] = ++t.count;
                if (t.count >= t.quota) {
                    d.finished[t.index] = end; // done with its share: it leaves the queue
                    done.countDown();
                    continue;
                }
            }
            long ready = end + d.scaled(t.terminal.thinkNanos(request));
            Request next = t.terminal.next();
            t.schedule(next, ready, d.scaled(t.terminal.keyingNanos(next)));
            dueQueue.put(t);
        }
    }
}
