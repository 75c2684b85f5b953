package io.tpkit.scheduler;

import io.tpkit.measurement.DriverCpu;
import io.tpkit.metrics.CostTotals;
import io.tpkit.metrics.WarmupEnd;
import java.util.concurrent.TimeUnit;

/**
 * A warm-up that lasts until the driver's JIT compiler has settled ({@link CompilerSettling}),
 * at least its least (the fixed default's length) and at most its most. Its end is decided at
 * one of the control thread's ticks and placed on the next whole second of the run's clock, so
 * that the interval's edges are still planned ahead of the transactions that cross them.
 */
final class SettlingWarmup {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final long leastNanos;
    private final long mostNanos;
    private final CompilerSettling settling = new CompilerSettling();
    private final boolean readable = DriverCpu.jitAndGcNanos() != null && DriverCpu.processNanos() >= 0;
    private String endedBy;

    SettlingWarmup(java.time.Duration least, java.time.Duration most) {
        this.leastNanos = least.toNanos();
        this.mostNanos = Math.max(least.toNanos(), most.toNanos());
    }

    /**
     * At a tick of the warm-up: when it ends, if that is decided now, else Long.MAX_VALUE.
     *
     * @param start the run's start (nanoTime), where the warm-up began
     */
    long endAt(long start, long now) {
        long[] jitAndGc = readable ? DriverCpu.jitAndGcNanos() : null;
        boolean settled = settling.settledAfter(jitAndGc == null ? -1 : jitAndGc[0],
                readable ? DriverCpu.processNanos() : -1);
        long next = start + ((now - start) / SECOND + 1) * SECOND;
        if (next - start >= mostNanos) {
            endedBy = readable ? WarmupEnd.CAPPED : WarmupEnd.UNREAD;
            return start + Math.max(mostNanos, now - start + SECOND / 2);
        }
        if (next - start < leastNanos) {
            return Long.MAX_VALUE;
        }
        if (!readable) {
            endedBy = WarmupEnd.UNREAD;
            return next;
        }
        if (settled) {
            endedBy = WarmupEnd.SETTLED;
            return next;
        }
        return Long.MAX_VALUE;
    }

    /** How it ended, once {@link #endAt} has said when; null before. */
    String endedBy() {
        return endedBy;
    }

    /**
     * How the warm-up of a run ended, with the compiler's share of the driver's CPU in the interval.
     *
     * @param settling the run's warm-up until settled, or null for a fixed one
     */
    static WarmupEnd outcome(SchedulerSettings settings, SettlingWarmup settling, CostTotals costs) {
        Double compiler = WarmupEnd.compilerPct(costs, DriverCpu.JIT, DriverCpu.CPU);
        if (settings.rounds() != null) {
            return new WarmupEnd(WarmupEnd.NONE, 0, 0, null, compiler);
        }
        if (settling == null) {
            double given = settings.warmup().toMillis() / 1000.0;
            return new WarmupEnd(WarmupEnd.GIVEN, given, given, null, compiler);
        }
        String how = settling.endedBy == null ? WarmupEnd.INTERRUPTED : settling.endedBy;
        return new WarmupEnd(how, settling.leastNanos / 1e9, settling.mostNanos / 1e9, CompilerSettling.RULE, compiler);
    }
}
