package io.tpkit.scheduler;

import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What a run's terminals share, and the steps of a terminal's life that need it: waiting for a
 * slot of the rate limit, skipping a request already too late for it, running a request or
 * queueing a deferred one, and counting a terminal's measured transactions against its share.
 * {@link TerminalLife} goes through these steps in one order for every arrival model.
 */
final class Dispatch {
    /** Any constant other than the rehearsal's; the golden ratio's bits spread the seeds apart. */
    private static final long PACER_SALT = 0x9E3779B97F4A7C15L;

    final SchedulerSettings settings;
    final MetricsCollector metrics;
    final TransactionRunner runner;
    /** The deferred queue, or null when no type is deferred. */
    final DeferredQueue deferred;
    /** The schedule of a rate-limited run, or null. */
    final RatePacer pacer;
    /** The rounds' barrier of a run in rounds, or null. */
    final IterationBarrier barrier;
    /** Each terminal's measured transactions so far (its stream's rate). */
    final long[] measured;
    /** When each terminal finished its share of a run by count (nanoTime), or 0. */
    final long[] finished;
    private volatile boolean stopping;

    /**
     * @param start the schedule's start: when the connections are open
     * @param parts the other parts of a split run in rounds, or null
     */
    Dispatch(SchedulerSettings settings, MetricsCollector metrics, TransactionRunner runner, DeferredQueue deferred,
             long start, RoundMeeting parts) {
        this.settings = settings;
        this.metrics = metrics;
        this.runner = runner;
        this.deferred = deferred;
        int n = settings.terminals();
        this.measured = new long[n];
        this.finished = new long[n];
        this.pacer = settings.rateLimited() ? new RatePacer(settings.ratePerSecond(), start,
                settings.poisson() ? pacerRandom(settings.seed()) : null, metrics::recordSlot) : null;
        Rounds rounds = settings.rounds();
        this.barrier = rounds == null ? null : new IterationBarrier(n, metrics::measuredCommitted,
                metrics.runStartNanos(), rounds.pause().toNanos(), () -> stopping, parts);
    }

    /**
     * The Poisson schedule's gaps: a stream of its own, apart from every terminal's (the first
     * split of the run's seed, which this once was, is terminal 0's inputs), so that the arrival
     * times do not move in step with what terminal 0 asks.
     */
    static SplittableRandom pacerRandom(long seed) {
        return new SplittableRandom(seed ^ PACER_SALT);
    }

    boolean stopping() {
        return stopping;
    }

    /** Tells every serve loop to end after its current request. */
    void stop() {
        stopping = true;
    }

    /** The terminal's share of the counted transactions, per iteration. */
    long quota(int index, int n) {
        if (!settings.byCount()) {
            return Long.MAX_VALUE;
        }
        long total = settings.transactions();
        return total / n + (index < total % n ? 1 : 0);
    }

    /** Waits for the next slot of the rate limit (if any); returns the later of it and {@code intended}. */
    long paced(long intended) {
        if (pacer == null) {
            return intended;
        }
        long slot = pacer.nextSlot();
        return slot > intended && !sleepUntil(slot) ? -1 : Math.max(slot, intended);
    }

    /**
     * With a latency limit, a request already later than it when its slot comes is skipped and
     * counted (pgbench's --latency-limit): running it would only add to a backlog the schedule
     * can no longer meet.
     */
    boolean tooLate(Request request, long intended) {
        if (settings.latencyLimitNanos() <= 0) {
            return false;
        }
        long now = System.nanoTime();
        if (now - intended <= settings.latencyLimitNanos()) {
            return false;
        }
        metrics.recordSkipped(request.type(), intended);
        return true;
    }

    /**
     * Runs the request on the server, or queues it when its type is deferred.
     *
     * @return true when it committed (or was queued) and was counted in the measurement interval
     */
    boolean runOrQueue(ConnectionWorker server, Request request, long intended, long serviceStart) {
        return deferred != null && deferred.isDeferred(request)
                ? queue(request, intended) : runner.execute(server, request, intended, serviceStart);
    }

    /** Queues a deferred request; the terminal's response is the acknowledgement. */
    private boolean queue(Request request, long intended) {
        long now = System.nanoTime();
        deferred.add(request, now);
        return metrics.recordCompletion(request.type(), Outcome.COMMITTED, 0, intended, now,
                System.nanoTime()) == Phase.MEASUREMENT;
    }

    /**
     * Counts one transaction for terminal {@code index}; at the end of its share of an
     * iteration it waits for the others.
     *
     * @return false when the terminal is done
     */
    boolean counted(int index, long count, long quota, ConnectionWorker server) {
        measured[index] = count;
        if (barrier == null) {
            return count < quota;
        }
        if (count % quota != 0) {
            return true;
        }
        boolean more = count < quota * settings.iterations();
        if (!barrier.awaitOthers()) {
            return false;
        }
        if (more && settings.rounds().restart()) {
            // as the program a round stands for ends: its connection closed before the next starts
            server.retire();
            return barrier.awaitClosed();
        }
        return more;
    }

    long scaled(long nanos) {
        return settings.thinkFactor() == 1.0 ? nanos : (long) (nanos * settings.thinkFactor());
    }

    /**
     * Sleeps until {@code deadline}, recording how late the request starts (a late wake-up, or
     * the backlog when the deadline has passed already); false when stopping. A server that
     * slept, idle, until the slot also records its wake-up's lateness apart: that alone is the
     * driver's, while a server that finds its slot already past was busy with the ones before.
     */
    boolean sleepUntil(long deadline) {
        long now = System.nanoTime();
        if (now >= deadline) {
            // behind the schedule: the backlog a paced run reports, not only a late wake-up
            metrics.recordLag(now - deadline);
            return !stopping;
        }
        while (now < deadline) {
            if (stopping) {
                return false;
            }
            LockSupport.parkNanos(Math.min(deadline - now, TimeUnit.MILLISECONDS.toNanos(200)));
            now = System.nanoTime();
        }
        metrics.recordLag(now - deadline);
        metrics.recordWakeUp(now - deadline);
        return !stopping;
    }
}
