package io.tpkit.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** Runs a loader's tasks on a few threads; the first failure stops the others and is rethrown. */
public final class ParallelTasks {
    private ParallelTasks() {
    }

    /**
     * @param name      thread name prefix, e.g. "tp1-loader"
     * @param cancelled set when a task fails; tasks poll it (and their interrupt flag) to stop early
     * @throws Exception the first task's failure as itself, not the others' cancellations
     */
    public static void run(String name, int threads, List<Callable<Void>> tasks, AtomicBoolean cancelled)
            throws Exception {
        AtomicInteger names = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads),
                r -> new Thread(r, name + "-" + names.incrementAndGet()));
        try {
            ExecutorCompletionService<Void> done = new ExecutorCompletionService<>(pool);
            List<Future<Void>> futures = new ArrayList<>();
            for (Callable<Void> task : tasks) {
                futures.add(done.submit(task));
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    done.take().get();
                } catch (ExecutionException e) {
                    cancelled.set(true);
                    futures.forEach(f -> f.cancel(true));
                    throw unwrap(e);
                } catch (InterruptedException e) {
                    // Ctrl-C: every task stops at its next row
                    cancelled.set(true);
                    futures.forEach(f -> f.cancel(true));
                    throw e;
                }
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static Exception unwrap(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Error error) {
            throw error;
        }
        return cause instanceof Exception ex ? ex : e;
    }
}
