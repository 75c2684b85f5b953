package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * The {@code open} model: requests arrive on the rate schedule whatever the servers do. Each
 * server is one life that draws the next request of the terminals in turn, takes the schedule's
 * next slot, waits for it if it is not due yet, and runs (or queues) it. A late arrival starts
 * at once, its response time counted from its slot. Arrivals have no quota: the duration ends
 * the run. As in every model (and pgbench), the request is drawn before its slot is waited
 * for, so drawing it is never part of its response time.
 */
final class OpenArrivals implements Arrivals {
    private final Dispatch d;
    private Terminal[] inputs;
    private final AtomicLong arrivals = new AtomicLong();

    OpenArrivals(Dispatch dispatch) {
        this.d = dispatch;
    }

    @Override
    public List<Thread> threads(List<ConnectionWorker> servers, IntFunction<Terminal> terminals, CountDownLatch done) {
        int n = d.settings.terminals();
        inputs = new Terminal[n];
        for (int i = 0; i < n; i++) {
            inputs[i] = terminals.apply(i);
        }
        List<Thread> threads = new ArrayList<>(servers.size());
        for (ConnectionWorker server : servers) {
            TerminalLife life = new TerminalLife(null, TerminalLife.NO_TERMINAL, Long.MAX_VALUE);
            threads.add(Thread.ofPlatform().daemon().name("server").unstarted(() -> life.advance(this, d, server)));
        }
        for (int i = 0; i < n; i++) {
            done.countDown();
        }
        return threads;
    }

    @Override
    public boolean streams() {
        return false;
    }

    @Override
    public void choose(TerminalLife life, ConnectionWorker server) {
        Terminal terminal = inputs[(int) (arrivals.getAndIncrement() % inputs.length)];
        Request request;
        synchronized (terminal) { // servers share the terminals: each draws its inputs alone
            request = terminal.next();
        }
        life.request = request;
    }

    @Override
    public TerminalLife.State throttle(TerminalLife life) {
        long slot = d.pacer.nextSlot();
        if (!d.sleepUntil(slot)) {
            return TerminalLife.State.DONE;
        }
        life.intended = slot;
        life.slot = slot;
        life.serviceStart = 0; // from the clock once it has started
        return TerminalLife.State.START;
    }
}
