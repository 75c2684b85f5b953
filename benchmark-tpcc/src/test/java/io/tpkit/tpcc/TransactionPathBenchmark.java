package io.tpkit.tpcc;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.measurement.DriverCpu;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.scheduler.ProgressListener;
import io.tpkit.scheduler.Scheduler;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.testing.jdbc.StubConnection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The driver's own cost per TPC-C transaction along the real path: the shared scheduler with
 * closed terminals ({@code --think off}), the terminals' card decks and input generators, the
 * client session's statements and its business logic, the metrics; only the database is
 * missing. Every statement goes to a {@link StubConnection} that answers at once, so what is
 * left is tpkit's work (and the JVM's), without pgjdbc and without a socket.
 *
 * <p>One invocation runs a whole scheduler for {@value #TRANSACTIONS} committed transactions;
 * the score is wall-clock time per transaction, and the process CPU time per transaction is
 * printed at the end of each iteration: on a small machine the CPU is what the database loses.
 * Run with {@code scripts/jmh -m benchmark-tpcc TransactionPathBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class TransactionPathBenchmark {
    static final int TRANSACTIONS = 20_000;

    /** Terminals of W=2 (10 per warehouse) over the connections, as in the measurements of docs/tpcc.md and docs/cost.md. */
    @Param({"20"})
    public int terminals;

    @Param({"2"})
    public int connections;

    private TpccBoundWorkload bound;
    private long cpuAtStart;
    private long transactionsRun;

    @Setup(Level.Trial)
    public void bind() throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").scale(2).thinkFactor(0).seed(42).build();
        bound = new TpccWorkload().bind(config, new PostgresPlugin());
        try (StubConnection c = new StubConnection(StubAnswers::of)) {
            bound.prepareRun(c);
        }
    }

    @Setup(Level.Iteration)
    public void startClock() {
        cpuAtStart = DriverCpu.processNanos();
        transactionsRun = 0;
    }

    @TearDown(Level.Iteration)
    public void printCpu() {
        long cpu = DriverCpu.processNanos() - cpuAtStart;
        System.out.printf("  process CPU per transaction: %.2f us (%d transactions)%n",
                cpu / 1e3 / transactionsRun, transactionsRun);
    }

    @Benchmark
    @OperationsPerInvocation(TRANSACTIONS)
    public long closedTerminals() throws Exception {
        SchedulerSettings settings = new SchedulerSettings(io.tpkit.config.ArrivalModel.CLOSED, terminals, connections,
                0, Duration.ZERO, Duration.ofMinutes(10), (long) TRANSACTIONS, 10, 42);
        List<String> types = bound.transactionTypes();
        MetricsCollector metrics = new MetricsCollector(Scheduler.metricTypes(types, bound::deferred), 10,
                System.nanoTime(), null);
        Scheduler scheduler = new Scheduler(settings, bound::newTerminal,
                () -> bound.openSession(new io.tpkit.spi.workload.SessionConnection(new StubConnection(StubAnswers::of))), new PostgresPlugin()::classify, metrics,
                ProgressListener.NONE, bound::deferred, types.size());
        long committed = scheduler.run().totalCommitted();
        transactionsRun += committed;
        return committed;
    }
}
