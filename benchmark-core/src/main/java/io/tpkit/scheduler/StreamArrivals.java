package io.tpkit.scheduler;

import io.tpkit.spi.workload.Terminal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

/**
 * The {@code streams} model: each terminal owns a server and lives on a thread of its own,
 * submitting back to back (the classic TP1/TPC-B and HPSS thread loop); a paced stream takes its
 * requests' slots from the schedule.
 */
final class StreamArrivals implements Arrivals {
    private final Dispatch d;
    /** Every round opens its own connections, inside its clock. */
    private final boolean restart;

    StreamArrivals(Dispatch dispatch) {
        this.d = dispatch;
        this.restart = dispatch.settings.rounds() != null && dispatch.settings.rounds().restart();
    }

    @Override
    public List<Thread> threads(List<ConnectionWorker> servers, IntFunction<Terminal> terminals, CountDownLatch done) {
        int n = d.settings.terminals();
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            TerminalLife life = new TerminalLife(terminals.apply(i), i, d.quota(i, n));
            ConnectionWorker server = servers.get(i);
            threads.add(Thread.ofPlatform().daemon().name("terminal-" + i).unstarted(() -> {
                try {
                    life.advance(this, d, server); // never waits elsewhere: returns when done
                } finally {
                    done.countDown();
                }
            }));
        }
        return threads;
    }

    @Override
    public void choose(TerminalLife life, ConnectionWorker server) {
        if (restart && life.count / life.quota != life.opened) {
            life.opened = life.count / life.quota;
            server.openQuietly(); // inside the round's clock, before its first transaction's
        }
        life.request = life.terminal.next();
    }

    @Override
    public TerminalLife.State throttle(TerminalLife life) {
        if (d.pacer == null) {
            long begin = System.nanoTime();
            life.intended = begin;
            life.serviceStart = begin;
            return TerminalLife.State.START;
        }
        // a paced stream is an open schedule: its request was due at the slot, however late
        long slot = d.paced(Long.MIN_VALUE);
        if (slot < 0) {
            return TerminalLife.State.DONE;
        }
        life.intended = slot;
        life.slot = slot;
        life.serviceStart = 0; // from the clock once it has started
        return TerminalLife.State.START;
    }
}
