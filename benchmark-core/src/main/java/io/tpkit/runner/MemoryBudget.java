package io.tpkit.runner;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.Units;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.workload.BoundWorkload;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Whether the driver's heap holds a run's terminals and connections, judged before any server
 * starts: a run of 100,000,000 terminals would otherwise run out of heap minutes into its start.
 * A terminal's cost is measured, not guessed: the bytes the workload allocates to make a sample of
 * them (a fresh binding, so the sample leaves no trace in the run's audits), an upper bound of what
 * they keep.
 */
final class MemoryBudget {
    /** Below this many terminals any workload fits a heap tpkit starts in; nothing is measured. */
    static final int TRIVIAL_TERMINALS = 10_000;
    static final int SAMPLE = 1_000;
    /**
     * The scheduler's own per terminal: its waiting slot, counters, queue entry and the request it
     * holds (not sampled: a workload's first request may need the data loaded, TPC-C's constants).
     */
    static final long SCHEDULER_BYTES_PER_TERMINAL = 256;
    /** A connection's driver buffers, prepared statements and worker, generously. */
    static final long BYTES_PER_CONNECTION = 512 * 1024;
    /** What the rest of a run holds: histograms, the monitor's series, the pool, the result. */
    static final long RESERVE = 256L * 1024 * 1024;

    private MemoryBudget() {
    }

    static void refuseOversized(BenchmarkConfig config, SchedulerSettings s) {
        if (s.terminals() <= TRIVIAL_TERMINALS && s.connections() <= TRIVIAL_TERMINALS) {
            return;
        }
        long perTerminal = s.terminals() <= TRIVIAL_TERMINALS ? 0 : bytesPerTerminal(Binding.of(config).bound(),
                s.terminals());
        Runtime rt = Runtime.getRuntime();
        long left = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()) - RESERVE;
        refuse(what(config, s), s.terminals(), perTerminal, s.connections(), left, rt.maxMemory());
    }

    /**
     * @param left the heap the run may fill: the most the JVM may use, less what it holds and the reserve
     */
    static void refuse(String what, long terminals, long perTerminal, long connections, long left, long max) {
        double needs = (double) terminals * perTerminal + (double) connections * BYTES_PER_CONNECTION;
        if (needs <= left) {
            return;
        }
        long fits = perTerminal > 0 ? Math.max(0, (left - connections * BYTES_PER_CONNECTION) / perTerminal)
                : Math.max(0, left / BYTES_PER_CONNECTION);
        // a heap with room for it and its reserve, in whole GiB
        long gib = (long) Math.ceil((needs + RESERVE) * 1.25 / (1L << 30));
        throw new BadInputException(String.format(Locale.ROOT, "%s need about %s of heap (%s), more than the %s this "
                        + "JVM has left of its %s (-Xmx): use at most %s %s, or give the JVM more, e.g. "
                        + "TPKIT_JAVA_OPTS=-Xmx%dg; nothing was run", what, Units.bytes(needs),
                perTerminal > 0 ? Units.bytes(perTerminal) + " per terminal, measured on " + Units.count(SAMPLE)
                        + " of them, and " + Units.bytes(BYTES_PER_CONNECTION) + " per connection"
                        : Units.bytes(BYTES_PER_CONNECTION) + " per connection",
                Units.bytes(Math.max(0, left)), Units.bytes(max), Units.count(fits),
                perTerminal > 0 ? "terminals" : "connections", gib));
    }

    private static String what(BenchmarkConfig config, SchedulerSettings s) {
        String run = Units.of(s.terminals(), "terminals") + (s.arrival() == ArrivalModel.STREAMS ? ""
                : " on " + Units.of(s.connections(), "connections"));
        if (config.terminals() != null) {
            return "--terminals " + config.terminals() + ": " + run;
        }
        if (s.arrival() == ArrivalModel.STREAMS) {
            return "--connections " + s.connections() + ": " + run;
        }
        return run + " (the standard count at this scale)";
    }

    /** The bytes allocated per terminal made, over a sample. */
    static long bytesPerTerminal(BoundWorkload bound, int count) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int n = Math.min(count, SAMPLE);
        SplittableRandom seeds = new SplittableRandom(1);
        Object[] kept = new Object[n];
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < n; i++) {
            kept[i] = bound.newTerminal(i, count, seeds.split());
        }
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        return Math.max(1, allocated / n) + SCHEDULER_BYTES_PER_TERMINAL;
    }
}
