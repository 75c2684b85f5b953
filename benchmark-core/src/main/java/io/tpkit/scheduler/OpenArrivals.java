package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * The {@code open} model: requests arrive on the rate schedule whatever the servers do; each
 * server takes the schedule's next slot, waits for it if it is not due yet, and runs (or
 * queues) the next request of the terminals in turn. A late arrival starts at once, its
 * response time counted from its slot. Arrivals have no quota: the duration ends the run.
 */
final class OpenArrivals implements Arrivals {
    private final Dispatch d;

    OpenArrivals(Dispatch dispatch) {
        this.d = dispatch;
    }

    @Override
    public List<Thread> threads(List<ConnectionWorker> servers, IntFunction<Terminal> terminals, CountDownLatch done) {
        int n = d.settings.terminals();
        Terminal[] inputs = new Terminal[n];
        for (int i = 0; i < n; i++) {
            inputs[i] = terminals.apply(i);
        }
        AtomicLong arrivals = new AtomicLong();
        List<Thread> threads = new ArrayList<>(servers.size());
        for (ConnectionWorker server : servers) {
            threads.add(Thread.ofPlatform().daemon().name("server").unstarted(() -> serve(server, inputs, arrivals)));
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

    private void serve(ConnectionWorker server, Terminal[] inputs, AtomicLong arrivals) {
        while (!d.stopping()) {
            long slot = d.pacer.nextSlot();
            if (!d.sleepUntil(slot)) {
                return;
            }
            Terminal terminal = inputs[(int) (arrivals.getAndIncrement() % inputs.length)];
            Request request;
            synchronized (terminal) { // servers share the terminals: each draws its inputs alone
                request = terminal.next();
            }
            if (d.tooLate(request, slot)) {
                continue;
            }
            d.metrics.recordStarted(slot);
            long serviceStart = System.nanoTime();
            d.runOrQueue(server, request, slot, serviceStart);
        }
    }
}
