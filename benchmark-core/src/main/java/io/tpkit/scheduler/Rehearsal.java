package io.tpkit.scheduler;

import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.Terminal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The driver's warm-up before the first round's clock: each server runs the rounds' rehearsal
 * transactions on its session's {@link Session#rehearsal() rehearsal}, all side by side, through
 * the same code as measured transactions but counted in metrics of their own, which are dropped.
 */
final class Rehearsal {
    private Rehearsal() {
    }

    /**
     * @param terminal terminal {@code i} of the servers' count, with inputs of its own (apart
     *                 from the run's terminals'), called in order
     * @throws SQLException the first failure to start or end a rehearsal, after all have ended
     */
    static void run(List<ConnectionWorker> servers, int transactions, SchedulerSettings settings, List<String> types,
                    IntFunction<Terminal> terminal, Function<SQLException, ErrorClass> classifier, BooleanSupplier aborted)
            throws SQLException, InterruptedException {
        long now = System.nanoTime();
        MetricsCollector dropped = new MetricsCollector(types, settings.maxRetries(), now, null);
        dropped.startPhase(Phase.MEASUREMENT, now); // counted as measured ones are, so the JIT sees their paths
        TransactionRunner runner = new TransactionRunner(dropped, classifier, settings.maxRetries());
        AtomicReference<Exception> failed = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            ConnectionWorker server = servers.get(i);
            Terminal inputs = terminal.apply(i);
            threads.add(Thread.ofPlatform().daemon().name("rehearsal-" + i).start(() -> {
                try (Session rehearsal = server.session().rehearsal()) {
                    if (rehearsal == null) {
                        return;
                    }
                    ConnectionWorker on = ConnectionWorker.of(rehearsal);
                    for (int k = 0; k < transactions && !aborted.getAsBoolean(); k++) {
                        long begin = System.nanoTime();
                        runner.execute(on, inputs.next(), begin, begin);
                    }
                } catch (Exception e) {
                    failed.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        Exception e = failed.get();
        if (e == null && !dropped.firstErrors().isEmpty()) {
            // a rehearsal that failed its transactions warmed nothing up, and the run would fail them too
            e = new SQLException(String.join("; ", dropped.firstErrors().values()));
        }
        if (e instanceof SQLException sql) {
            throw new SQLException("the driver's warm-up before the first iteration failed: " + sql.getMessage(),
                    sql.getSQLState(), sql.getErrorCode(), sql);
        } else if (e instanceof RuntimeException r) {
            throw r;
        } else if (e != null) {
            throw new IllegalStateException(e);
        }
    }
}
