package io.tpkit.scheduler;

import io.tpkit.config.ArrivalModel;
import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The serve loops themselves: what an arrival model adds to every request around the
 * transaction runner ({@link DispatchBenchmark} measures the runner and the due queue alone).
 * Each invocation drives {@value #REQUESTS} requests through one model's threads on a session
 * that does no work, and the score is per request.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ServeLoopBenchmark {
    private static final int REQUESTS = 20_000;
    private static final Request REQUEST = () -> 0;
    private static final Terminal TERMINAL = () -> REQUEST;

    private MetricsCollector metrics;
    private TransactionRunner runner;
    private ConnectionWorker server;
    /** The open model's dispatch, which the session stops after {@value #REQUESTS} requests. */
    private volatile Dispatch stopAfter;
    private long executed;

    @Setup
    public void setUp() throws SQLException {
        metrics = new MetricsCollector(List.of("t"), 10, System.nanoTime(), null);
        metrics.startPhase(Phase.MEASUREMENT, System.nanoTime());
        runner = new TransactionRunner(metrics, new PostgresPlugin()::classify, 10);
        server = new ConnectionWorker(() -> new NoWorkSession(() -> {
            Dispatch d = stopAfter;
            if (d != null && ++executed >= REQUESTS) {
                d.stop();
            }
        }));
    }

    private Dispatch dispatch(SchedulerSettings settings) {
        return new Dispatch(settings, metrics, runner, null, System.nanoTime(), null);
    }

    private static SchedulerSettings settings(ArrivalModel arrival, Long transactions) {
        return new SchedulerSettings(arrival, 1, 1, 1.0, Duration.ZERO, Duration.ofHours(1), transactions, 0, 42);
    }

    /** A stream runs its quota on the benchmark's own thread. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long stream() {
        Dispatch d = dispatch(settings(ArrivalModel.STREAMS, (long) REQUESTS));
        new StreamArrivals(d).threads(List.of(server), i -> TERMINAL, new CountDownLatch(1)).get(0).run();
        return d.measured[0];
    }

    /** A stream on a schedule always behind (a slot a nanosecond): it never sleeps. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long pacedStream() {
        Dispatch d = dispatch(settings(ArrivalModel.STREAMS, (long) REQUESTS).withRate(1e9));
        new StreamArrivals(d).threads(List.of(server), i -> TERMINAL, new CountDownLatch(1)).get(0).run();
        return d.measured[0];
    }

    /** One terminal on one server through the due queue, on a thread of its own. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long closed() throws InterruptedException {
        Dispatch d = dispatch(settings(ArrivalModel.CLOSED, (long) REQUESTS));
        ClosedArrivals arrivals = new ClosedArrivals(d);
        CountDownLatch done = new CountDownLatch(1);
        Thread t = arrivals.threads(List.of(server), i -> TERMINAL, done).get(0);
        t.start();
        done.await();
        d.stop();
        arrivals.stop();
        t.join();
        return d.measured[0];
    }

    /** Open arrivals on a schedule always behind, until the session stops them. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long open() {
        Dispatch d = dispatch(settings(ArrivalModel.OPEN, null).withRate(1e9));
        executed = 0;
        stopAfter = d;
        new OpenArrivals(d).threads(List.of(server), i -> TERMINAL, new CountDownLatch(1)).get(0).run();
        stopAfter = null;
        return executed;
    }
}
