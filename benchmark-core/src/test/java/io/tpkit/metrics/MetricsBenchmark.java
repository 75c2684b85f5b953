package io.tpkit.metrics;

import io.tpkit.measurement.HlogFile;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.spi.workload.Outcome;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The metrics side of the driver's overhead: what every completed transaction pays to be
 * recorded, and what the once-a-second sampler pays with TPC-C's six rows and all three phases
 * allocated (the measurement interval in force, the warm-up just ended). The hlog goes to a
 * discarding stream so its encoding is part of the figure. Run with
 * {@code scripts/jmh MetricsBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MetricsBenchmark {
    private static final List<String> TYPES = List.of("new-order", "payment", "order-status", "delivery",
            "stock-level", "delivery (deferred)");

    private static MetricsCollector collector() {
        HlogFile hlog = new HlogFile(OutputStream.nullOutputStream());
        long start = System.nanoTime();
        MetricsCollector m = new MetricsCollector(TYPES, 10, start, hlog);
        m.startPhase(Phase.MEASUREMENT, start + 1);
        return m;
    }

    /** Two terminals completing transactions of the same (hottest) type. */
    @State(Scope.Benchmark)
    public static class Recording {
        MetricsCollector metrics;

        @Setup(Level.Trial)
        public void setUp() {
            metrics = collector();
        }

        /** Keeps the never-sampled histograms from filling up over a long trial. */
        @Setup(Level.Iteration)
        public void drain() {
            metrics.sample(System.nanoTime());
        }
    }

    @Benchmark
    @Threads(2)
    public Phase recordCompletion(Recording r) {
        long end = System.nanoTime();
        return r.metrics.recordCompletion(0, Outcome.COMMITTED, 0, end - 2_500_000, end - 2_000_000, end);
    }

    /** A sampler with nothing recorded since the last sample (an idle second). */
    @State(Scope.Benchmark)
    public static class Idle {
        MetricsCollector metrics;

        @Setup(Level.Trial)
        public void setUp() {
            metrics = collector();
        }
    }

    @Benchmark
    @Threads(1)
    public Object sampleIdle(Idle s) {
        return s.metrics.sample(System.nanoTime());
    }

    /** A sampler after a busy second: 1,000 completions of every type in the measurement phase. */
    @State(Scope.Benchmark)
    public static class Busy {
        MetricsCollector metrics;

        @Setup(Level.Trial)
        public void setUp() {
            metrics = collector();
        }

        @Setup(Level.Invocation)
        public void record() {
            long end = System.nanoTime();
            for (int i = 0; i < 1000; i++) {
                for (int t = 0; t < TYPES.size(); t++) {
                    long service = 200_000L + (i * 7919L + t * 104_729L) % 20_000_000L;
                    metrics.recordCompletion(t, Outcome.COMMITTED, 0, end - service - i * 1000L, end - service, end);
                }
            }
        }
    }

    @Benchmark
    @Threads(1)
    public Object sampleBusy(Busy s) {
        return s.metrics.sample(System.nanoTime());
    }
}
