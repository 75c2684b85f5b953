package io.tpkit.scheduler;

import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.metrics.MetricsCollector;
import io.tpkit.spi.Outcome;
import io.tpkit.spi.Request;
import io.tpkit.spi.Session;
import java.sql.Connection;
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
 * What the driver adds to every transaction: the clock reads, the outcome accounting, three
 * latency recordings, and (closed model) borrowing and returning a server. The session does no
 * work, so the figure is tpkit's own overhead. Run with {@code scripts/jmh}.
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
    private ServerPool pool;
    private Server server;

    @Setup
    public void setUp() throws SQLException {
        metrics = new MetricsCollector(List.of("t"), 10, System.nanoTime(), null);
        runner = new TransactionRunner(metrics, new PostgresPlugin()::classify, 10);
        SessionFactory sessions = () -> new Session() {
            @Override
            public Outcome execute(Request request) {
                return Outcome.COMMITTED;
            }

            @Override
            public Connection connection() {
                return null;
            }

            @Override
            public void close() {
            }
        };
        server = new Server(sessions);
        pool = new ServerPool(List.of(new Server(sessions), new Server(sessions), new Server(sessions),
                new Server(sessions)));
    }

    /** The streams model: the terminal owns its server. */
    @Benchmark
    @Threads(1)
    public boolean streamDispatch() {
        long start = System.nanoTime();
        return runner.execute(server, REQUEST, start, start);
    }

    /** The closed model: borrow a server from the bounded pool, execute, give it back. */
    @Benchmark
    @Threads(2)
    public boolean pooledDispatch() throws InterruptedException {
        long intended = System.nanoTime();
        Server s = pool.take();
        try {
            return runner.execute(s, REQUEST, intended, System.nanoTime());
        } finally {
            pool.give(s);
        }
    }

    /** One interval sample (the once-a-second work of the sampler thread). */
    @Benchmark
    @Threads(1)
    public Object sample() {
        return metrics.sample(System.nanoTime());
    }
}
