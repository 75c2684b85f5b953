package io.tpkit.scheduler;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;

/**
 * The bounded pool of servers that closed-model terminals share. Waiting terminals are served
 * in arrival order (a fair semaphore), so queue time is what a FIFO queue in front of N
 * servers would give; an uncontended borrow is a CAS and a queue poll, not a lock handoff
 * (measured with {@code DispatchBenchmark}).
 */
final class ServerPool {
    private final Semaphore free;
    private final ConcurrentLinkedQueue<Server> idle;

    ServerPool(List<Server> servers) {
        this.idle = new ConcurrentLinkedQueue<>(servers);
        this.free = new Semaphore(servers.size(), true);
    }

    Server take() throws InterruptedException {
        free.acquire();
        return idle.poll();
    }

    void give(Server server) {
        idle.offer(server);
        free.release();
    }
}
