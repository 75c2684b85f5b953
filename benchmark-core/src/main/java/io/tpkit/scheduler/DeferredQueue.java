package io.tpkit.scheduler;

import io.tpkit.spi.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;

/**
 * Deferred execution (TPC-C Delivery, §2.7.2): a terminal queues the request and is answered at
 * once; background workers, each with a connection of its own, execute the queue in order. The
 * deferred part's response time runs from the moment it was queued to its commit and is counted
 * in its own metrics row, "TYPE (deferred)".
 */
final class DeferredQueue {
    private record Item(Request request, long queuedAt) {
    }

    private final LinkedBlockingQueue<Item> queue = new LinkedBlockingQueue<>();
    private final int[] deferredRow; // metrics row of the deferred part, by type; -1 if not deferred

    private DeferredQueue(int[] deferredRow) {
        this.deferredRow = deferredRow;
    }

    /** The metrics rows: the workload's types, then one "(deferred)" row per deferred type. */
    static List<String> metricTypes(List<String> types, IntPredicate deferred) {
        List<String> rows = new ArrayList<>(types);
        for (int t = 0; t < types.size(); t++) {
            if (deferred.test(t)) {
                rows.add(types.get(t) + io.tpkit.metrics.MetricsCollector.DEFERRED_SUFFIX);
            }
        }
        return rows;
    }

    /** @return null when no type is deferred */
    static DeferredQueue of(int typeCount, IntPredicate deferred) {
        int[] rows = new int[typeCount];
        int next = typeCount;
        boolean any = false;
        for (int t = 0; t < typeCount; t++) {
            rows[t] = deferred.test(t) ? next++ : -1;
            any |= rows[t] >= 0;
        }
        return any ? new DeferredQueue(rows) : null;
    }

    boolean isDeferred(Request request) {
        return deferredRow[request.type()] >= 0;
    }

    void add(Request request, long queuedAt) {
        queue.add(new Item(request, queuedAt));
    }

    /** Executes queued requests until {@code stopping} and the queue is empty. */
    void work(Server server, TransactionRunner runner, java.util.function.BooleanSupplier stopping) {
        while (true) {
            Item item;
            try {
                item = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (item == null) {
                if (stopping.getAsBoolean()) {
                    return;
                }
                continue;
            }
            runner.execute(server, item.request(), deferredRow[item.request().type()], item.queuedAt(),
                    System.nanoTime());
        }
    }

    int pending() {
        return queue.size();
    }
}
