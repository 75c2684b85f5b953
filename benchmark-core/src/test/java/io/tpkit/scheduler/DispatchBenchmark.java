package io.tpkit.scheduler;

import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.spi.workload.Request;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the driver adds to every transaction: the clock reads, the outcome accounting and three
 * latency recordings, and (closed model) taking a due terminal from the queue and putting it
 * back. The session does no work, so the figure is tpkit's own overhead. Run with
 * {@code scripts/jmh}; {@code TransactionPathBenchmark} in benchmark-tpcc measures the whole
 * path with a real workload.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class DispatchBenchmark {
    private static final Request REQUEST = () -> 0;
    private TransactionRunner runner;
    private MetricsCollector metrics;
    private DueQueue queue;
    private ConnectionWorker server;

    @Setup
    public void setUp() throws SQLException {
        metrics = new MetricsCollector(List.of("t"), 10, System.nanoTime(), null);
        runner = new TransactionRunner(metrics, new PostgresPlugin()::classify, 10);
        SessionFactory sessions = NoWorkSession::new;
        server = new ConnectionWorker(sessions);
        queue = new DueQueue(4);
        for (int i = 0; i < 4; i++) {
            WaitingTerminal t = new WaitingTerminal(() -> REQUEST, i, Long.MAX_VALUE);
            t.schedule(REQUEST, 0, 0);
            queue.put(t);
        }
    }

    /** The streams model: the terminal owns its server. */
    @Benchmark
    @Threads(1)
    public boolean streamDispatch() {
        long start = System.nanoTime();
        return runner.execute(server, REQUEST, start, start);
    }

    /** The closed model: take a due terminal, execute on the server's own connection, queue it again. */
    @Benchmark
    @Threads(2)
    public boolean closedDispatch() throws InterruptedException {
        WaitingTerminal t = queue.take();
        boolean counted = runner.execute(server, t.request, t.intended, System.nanoTime());
        t.schedule(REQUEST, System.nanoTime(), 0);
        queue.put(t);
        return counted;
    }

    /** One interval sample (the once-a-second work of the sampler thread). */
    @Benchmark
    @Threads(1)
    public Object sample() {
        return metrics.sample(System.nanoTime());
    }
}
