package io.tpkit.scheduler;

import io.tpkit.measurement.DeferredLog;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.DeferredSummary;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.workload.Request;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;

/**
 * Deferred execution (TPC-C Delivery, §2.7.2): a terminal queues the request and is answered at
 * once; background workers, each with a connection of its own, execute the queue in order. The
 * deferred part's response time runs from the moment it was queued to its commit and is counted
 * in its own metrics row, "TYPE (deferred)", and every one is written to the {@link DeferredLog}.
 *
 * <p>The queue starts with one worker and adds one, up to its maximum, whenever its oldest request
 * has waited a second: a fixed count either starves the queue (so the 80 s limit is missed by the
 * driver, not the database) or holds connections that a light load never needs.
 */
final class DeferredQueue {
    private static final long GROW_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long ABORTED_JOIN_MILLIS = 5_000;

    private record Item(Request request, long queuedAt) {
    }

    private record Worker(Thread thread, ConnectionWorker server) {
    }

    private final LinkedBlockingQueue<Item> queue = new LinkedBlockingQueue<>();
    private final int[] deferredRow; // metrics row of the deferred part, by type; -1 if not deferred
    private final List<Worker> workers = new CopyOnWriteArrayList<>();
    private SessionFactory sessions;
    private TransactionRunner runner;
    private DeferredLog log;
    private int maxWorkers;
    private volatile boolean draining; // the terminals are done: finish the queue, then stop
    private volatile boolean abandoned; // the time to finish the queue ran out: take nothing more

    private DeferredQueue(int[] deferredRow) {
        this.deferredRow = deferredRow;
    }

    /** The metrics rows: the workload's types, then one "(deferred)" row per deferred type. */
    static List<String> metricTypes(List<String> types, IntPredicate deferred) {
        List<String> rows = new ArrayList<>(types);
        for (int t = 0; t < types.size(); t++) {
            if (deferred.test(t)) {
                rows.add(types.get(t) + MetricsCollector.DEFERRED_SUFFIX);
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

    /**
     * Opens the first worker's connection and starts it.
     *
     * @throws SQLException when that connection cannot be opened
     */
    void start(SessionFactory sessionFactory, TransactionRunner transactionRunner, DeferredLog deferredLog,
               int most) throws SQLException {
        this.sessions = sessionFactory;
        this.runner = transactionRunner;
        this.log = deferredLog;
        this.maxWorkers = Math.max(1, most);
        startWorker(new ConnectionWorker(sessions, runner.connections(), false));
    }

    void add(Request request, long queuedAt) {
        queue.add(new Item(request, queuedAt));
    }

    private void startWorker(ConnectionWorker server) {
        Thread thread = Thread.ofPlatform().daemon().name("deferred-worker-" + workers.size()).unstarted(
                () -> work(server));
        workers.add(new Worker(thread, server));
        thread.start();
    }

    /** Executes queued requests until the queue is drained or abandoned. */
    private void work(ConnectionWorker server) {
        while (!abandoned) {
            Item item;
            try {
                item = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (item == null) {
                if (draining) {
                    return;
                }
                continue;
            }
            int type = item.request().type();
            if (abandoned) {
                log.notExecuted(type, item.queuedAt());
                return;
            }
            long started = System.nanoTime();
            TransactionRunner.Ended end = runner.execute(server, item.request(), deferredRow[type], item.queuedAt(),
                    started);
            long ended = System.nanoTime();
            boolean committed = end.committedIn() != null;
            log.executed(type, item.queuedAt(), started, ended, committed, end.outcomeUnknown(),
                    committed ? server.deferredResult(item.request()) : null);
            growIfBehind();
        }
    }

    private synchronized void growIfBehind() {
        Item oldest = queue.peek();
        if (abandoned || workers.size() >= maxWorkers || oldest == null
                || System.nanoTime() - oldest.queuedAt() < GROW_AFTER_NANOS) {
            return;
        }
        try {
            startWorker(new ConnectionWorker(sessions, runner.connections(), false));
        } catch (SQLException | RuntimeException e) {
            maxWorkers = workers.size(); // the database takes no more connections: the backlog tells
        }
    }

    /**
     * Lets the workers finish the queue until {@code deadline}; then takes nothing more, counts
     * what is left as not executed, and cuts the connections of workers still inside a
     * transaction, so that none writes after the run's checks start.
     */
    void drain(long deadline) throws InterruptedException {
        draining = true;
        // by index, not by iterator: a worker opened while the queue drains must be waited for too
        for (int i = 0; i < workers.size(); i++) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                workers.get(i).thread().join(java.time.Duration.ofNanos(left));
            }
        }
        synchronized (this) {
            abandoned = true; // no worker is opened after this (see growIfBehind)
        }
        for (Item item; (item = queue.poll()) != null; ) {
            log.notExecuted(item.request().type(), item.queuedAt());
        }
        for (Worker w : workers) {
            if (w.thread().isAlive()) {
                w.server().abort();
                w.thread().join(ABORTED_JOIN_MILLIS);
            }
        }
    }

    DeferredSummary summarize(MetricsCollector metrics) {
        return log.summarize(metrics, workers.size(), maxWorkers);
    }

    void close() {
        workers.forEach(w -> w.server().closeQuietly());
    }
}
