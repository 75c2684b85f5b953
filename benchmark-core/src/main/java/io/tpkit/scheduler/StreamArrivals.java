package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

/**
 * The {@code streams} model: each terminal owns a server and submits back to back (the classic
 * TP1/TPC-B and HPSS thread loop); a paced stream takes its requests' slots from the schedule.
 */
final class StreamArrivals implements Arrivals {
    private final Dispatch d;

    StreamArrivals(Dispatch dispatch) {
        this.d = dispatch;
    }

    @Override
    public List<Thread> threads(List<ConnectionWorker> servers, IntFunction<Terminal> terminals, CountDownLatch done) {
        int n = d.settings.terminals();
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Terminal terminal = terminals.apply(i);
            long quota = d.quota(i, n);
            int index = i;
            ConnectionWorker server = servers.get(i);
            threads.add(Thread.ofPlatform().daemon().name("terminal-" + i).unstarted(() -> {
                try {
                    stream(terminal, server, index, quota);
                } finally {
                    done.countDown();
                }
            }));
        }
        return threads;
    }

    private void stream(Terminal terminal, ConnectionWorker server, int index, long quota) {
        long count = 0;
        boolean more = quota > 0;
        boolean restart = d.settings.rounds() != null && d.settings.rounds().restart();
        long opened = -1; // restart mode: the round whose connection this stream has opened
        RatePacer pacer = d.pacer;
        while (!d.stopping() && more) {
            if (restart && count / quota != opened) {
                opened = count / quota;
                server.openQuietly(); // inside the round's clock, before its first transaction's
            }
            Request request = terminal.next();
            long begin = System.nanoTime();
            // a paced stream is an open schedule: its request was due at the slot, however late
            long intended = pacer == null ? begin : d.paced(Long.MIN_VALUE);
            if (intended < 0) {
                break;
            }
            if (d.tooLate(request, intended)) {
                continue;
            }
            if (pacer != null) {
                d.metrics.recordStarted(intended);
            }
            long serviceStart = pacer == null ? begin : System.nanoTime();
            if (d.runOrQueue(server, request, intended, serviceStart)) {
                more = d.counted(index, ++count, quota, server);
            }
        }
        if (count >= quota * d.settings.iterations()) {
            d.finished[index] = System.nanoTime();
        }
    }
}
