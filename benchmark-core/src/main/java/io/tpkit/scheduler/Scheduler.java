package io.tpkit.scheduler;

import io.tpkit.config.ArrivalModel;
import io.tpkit.measurement.DeferredLog;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.workload.Terminal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * The shared scheduler. Servers are connection workers, each a platform thread that owns one
 * connection. How requests reach them is the arrival model's ({@link Arrivals}): in
 * {@code streams} each terminal (emulated user) is a server that submits back to back
 * ({@link StreamArrivals}); in {@code closed} terminals wait their keying and think times in a
 * {@link DueQueue}, and a free server takes the earliest due request, runs it, and queues the
 * terminal's next one: the wait for a free server is the queue time ({@link ClosedArrivals});
 * in {@code open} requests arrive on a rate schedule ({@link OpenArrivals}). In every model a
 * terminal's life is one state machine ({@link TerminalLife}). This class opens the servers,
 * runs the phases on its control thread, stops the serve loops and summarizes.
 *
 * <p>Every request carries its intended start time (when its keying time ended, or when the
 * previous request of a stream ended), and response time is measured from there, so a slow
 * database or a late wake-up is never hidden (no coordinated omission).
 */
public final class Scheduler {
    /** Count mode gives up when no measured transaction committed for this long. */
    private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** A tick this soon after a phase began samples nothing: its row would be a sliver. */
    private static final long EDGE_SLIVER_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long JOIN_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long ABORTED_JOIN_MILLIS = 5_000;
    /**
     * How long the deferred queue may go on after the terminals stop: longer than TPC-C's 80 s
     * limit, so a request left unexecuted at the end had missed that limit anyway.
     */
    private static final long DEFERRED_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(90);

    /** Seeds the rehearsal's inputs apart from the terminals'. */
    private static final long REHEARSAL_SALT = 0x5DEECE66DL;

    private final SchedulerSettings settings;
    private final TerminalFactory terminals;
    private final SessionFactory sessions;
    private final Function<SQLException, ErrorClass> classifier;
    private final MetricsCollector metrics;
    private final ProgressListener listener;
    private final DeferredQueue deferred;
    private DeferredLog deferredLog;
    private RoundMeeting parts;
    private volatile boolean aborted;
    private long behindAtEnd; // set by the control thread when the measurement ends
    private SettlingWarmup settling; // a warm-up until the JIT compiler settles, else null

    /** Creates terminal {@code index} of {@code count} with its own random source. */
    @FunctionalInterface
    public interface TerminalFactory {
        Terminal create(int index, int count, SplittableRandom random);
    }

    public Scheduler(SchedulerSettings settings, TerminalFactory terminals, SessionFactory sessions,
                     Function<SQLException, ErrorClass> classifier, MetricsCollector metrics,
                     ProgressListener listener) {
        this(settings, terminals, sessions, classifier, metrics, listener, type -> false, 0);
    }

    /**
     * @param deferredTypes which transaction types are executed deferred; the metrics must then
     *                      have the rows of {@link #metricTypes}
     * @param typeCount     the number of the workload's transaction types
     */
    public Scheduler(SchedulerSettings settings, TerminalFactory terminals, SessionFactory sessions,
                     Function<SQLException, ErrorClass> classifier, MetricsCollector metrics,
                     ProgressListener listener, IntPredicate deferredTypes, int typeCount) {
        if (settings.arrival() == ArrivalModel.STREAMS && settings.terminals() != settings.connections()) {
            throw new IllegalArgumentException("streams: terminals must equal connections");
        }
        this.settings = settings;
        this.terminals = terminals;
        this.sessions = sessions;
        this.classifier = classifier;
        this.metrics = metrics;
        this.listener = listener;
        this.deferred = DeferredQueue.of(typeCount, deferredTypes);
    }

    /** The metrics rows for a workload: its types, then a "(deferred)" row per deferred type. */
    public static List<String> metricTypes(List<String> types, IntPredicate deferredTypes) {
        return DeferredQueue.metricTypes(types, deferredTypes);
    }

    /**
     * A run in rounds split across driver processes: every round starts when every part has
     * ended the one before (and the first when every part is ready).
     */
    public void meetPartsEachRound(RoundMeeting meeting) {
        if (settings.rounds() == null) {
            throw new IllegalStateException("only a run in rounds meets other parts at each round");
        }
        this.parts = meeting;
    }

    /** Ends the measurement early (Ctrl-C); the result is marked incomplete. */
    public void abort() {
        aborted = true;
    }

    /**
     * Opens the servers, runs warm-up and measurement, drains, and returns the measurement.
     *
     * @throws SQLException when the connections cannot be opened at the start
     */
    public RunMetrics run() throws SQLException, InterruptedException {
        List<ConnectionWorker> servers = openServers(settings.connections());
        try {
            if (settings.rounds() != null) {
                // a run in rounds has no warm-up phase: the servers rehearse before the clock, and
                // in restart mode every round opens its own connections inside its clock
                if (settings.rounds().rehearsal() > 0) {
                    SplittableRandom seeds = new SplittableRandom(settings.seed() ^ REHEARSAL_SALT);
                    Rehearsal.run(servers, settings.rounds().rehearsal(), settings, metrics.types(),
                            i -> terminals.create(i, servers.size(), seeds.split()), classifier, () -> aborted);
                }
                if (settings.rounds().restart()) {
                    servers.forEach(ConnectionWorker::retire);
                }
                if (parts != null) {
                    parts.meet(0); // the other drivers' connections are open and their JIT warm too
                }
            }
            if (deferred != null) {
                DeferredLog log = deferredLog != null ? deferredLog : new DeferredLog(metrics.types(), null);
                deferred.start(sessions, new TransactionRunner(metrics, classifier, settings.maxRetries()), log,
                        settings.deferredWorkers());
            }
            return runWith(servers);
        } finally {
            servers.forEach(ConnectionWorker::endOfRun);
            if (deferred != null) {
                deferred.close();
            }
        }
    }

    /**
     * Where every deferred transaction is recorded (the deferred result file); without one, they
     * are only summarized.
     */
    public void logDeferred(DeferredLog log) {
        this.deferredLog = log;
    }

    private List<ConnectionWorker> openServers(int count) throws SQLException {
        List<ConnectionWorker> servers = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                servers.add(new ConnectionWorker(sessions, metrics.connections(), true));
            }
        } catch (SQLException | RuntimeException e) {
            servers.forEach(ConnectionWorker::closeQuietly);
            throw e;
        }
        return servers;
    }

    private RunMetrics runWith(List<ConnectionWorker> servers) throws InterruptedException {
        int n = settings.terminals();
        TransactionRunner runner = new TransactionRunner(metrics, classifier, settings.maxRetries());
        CountDownLatch done = new CountDownLatch(n);
        // the schedule starts once the connections are open: opening them (one by one, a second
        // or more for many) belongs to the warm-up, never to a measurement without one
        long start = System.nanoTime();
        Dispatch dispatch = new Dispatch(settings, metrics, runner, deferred, start, parts);
        if (settings.warmup().isZero()) {
            startMeasurement(dispatch, start);
        }
        Arrivals arrivals = switch (settings.arrival()) {
            case OPEN -> new OpenArrivals(dispatch);
            case STREAMS -> new StreamArrivals(dispatch);
            case CLOSED -> new ClosedArrivals(dispatch);
        };
        SplittableRandom seeds = terminalSeeds(settings.seed());
        List<Thread> threads = arrivals.threads(servers, i -> terminals.create(i, n, seeds.split()), done);
        threads.forEach(Thread::start);

        long measurementEnd = control(dispatch, start, done);
        dispatch.stop();
        arrivals.stop();
        long stoppedAt = System.nanoTime();
        long joinDeadline = stoppedAt + JOIN_NANOS;
        for (Thread t : threads) {
            long left = joinDeadline - System.nanoTime();
            if (left > 0) {
                t.join(java.time.Duration.ofNanos(left));
            }
        }
        if (deferred != null) {
            deferred.drain(stoppedAt + DEFERRED_DRAIN_NANOS);
        }
        // a server still inside a transaction now would write while the checks read
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).isAlive()) {
                servers.get(i).abort();
            }
        }
        for (Thread t : threads) {
            t.join(ABORTED_JOIN_MILLIS);
        }
        RatePacer pacer = dispatch.pacer;
        if (pacer != null && measurementEnd > 0) {
            // the interval's arrivals that no server took: late by at least (end - slot) each
            pacer.forEachUntil(measurementEnd, slot -> metrics.recordBacklog(slot, measurementEnd));
        }
        long now = System.nanoTime();
        metrics.sample(now);
        double mStart = metrics.phaseStartNanos(Phase.MEASUREMENT);
        double sumOfRates = 0;
        for (int i = 0; i < n; i++) {
            long end = settings.byCount() && dispatch.finished[i] != 0 ? dispatch.finished[i] : measurementEnd;
            if (end > mStart && mStart > 0) {
                sumOfRates += dispatch.measured[i] / ((end - mStart) / 1e9);
            }
        }
        if (!arrivals.streams() && measurementEnd > mStart && mStart > 0) {
            sumOfRates = metrics.measuredCommitted() / ((measurementEnd - mStart) / 1e9); // no streams of its own
        }
        RunMetrics result = metrics.summarize(now, MeasuredBy.describe(settings), sumOfRates,
                aborted || measurementEnd < 0);
        if (pacer != null) {
            result = result.withSchedule(metrics.schedule(settings.ratePerSecond(), settings.poisson() ? "poisson"
                    : "fixed", settings.latencyLimitNanos(), behindAtEnd / 1e9));
        }
        if (deferred != null) {
            result = result.withDeferred(deferred.summarize(metrics));
        }
        result = result.withWarmupEnd(SettlingWarmup.outcome(settings, settling, result.costs()));
        IterationBarrier barrier = dispatch.barrier;
        if (barrier != null && barrier.partsFailed() != null) {
            throw barrier.partsFailed();
        }
        return barrier == null ? result : result.withIterations(barrier.iterations());
    }

    private void startMeasurement(Dispatch dispatch, long nanos) {
        metrics.startPhase(Phase.MEASUREMENT, nanos);
        if (dispatch.barrier != null) {
            dispatch.barrier.startAt(nanos);
        }
    }

    /** Runs the phases; returns when the measurement ended (nanoTime) or -1 if it never started. */
    private long control(Dispatch dispatch, long start, CountDownLatch done) throws InterruptedException {
        // a warm-up until the JIT compiler settles has no end until a tick decides it
        settling = settings.warmsUntilSettled() && metrics.phase() == Phase.WARMUP
                ? new SettlingWarmup(settings.warmup(), settings.warmupMost()) : null;
        long warmupEnd = settling != null ? Long.MAX_VALUE : start + settings.warmup().toNanos();
        long measurementEnd = Long.MAX_VALUE;
        if (metrics.phase() == Phase.MEASUREMENT && !settings.byCount()) {
            measurementEnd = start + settings.duration().toNanos();
        }
        // the interval's edges are where the schedule puts them, not where this thread wakes up:
        // completions are counted by their end time against them
        if (metrics.phase() == Phase.WARMUP) {
            planInterval(warmupEnd);
        } else if (!settings.byCount()) {
            metrics.planPhase(Phase.DRAIN, measurementEnd);
        }
        long nextTick = start + TICK_NANOS;
        long lastProgress = start;
        long lastCount = 0;
        while (true) {
            long now = System.nanoTime();
            long wake = Math.min(nextTick, Math.min(now + TimeUnit.MILLISECONDS.toNanos(50),
                    metrics.phase() == Phase.WARMUP ? warmupEnd : measurementEnd));
            if (wake > now) {
                LockSupport.parkNanos(wake - now);
            }
            now = System.nanoTime();
            Phase phase = metrics.phase();
            if (phase == Phase.WARMUP && (now >= warmupEnd || aborted)) {
                if (aborted) {
                    metrics.planPhase(Phase.MEASUREMENT, Long.MAX_VALUE); // it never starts
                    metrics.startPhase(Phase.DRAIN, now);
                    return -1;
                }
                startMeasurement(dispatch, warmupEnd);
                lastProgress = now;
                if (!settings.byCount()) {
                    measurementEnd = warmupEnd + settings.duration().toNanos();
                }
            } else if (phase == Phase.MEASUREMENT) {
                long count = metrics.measuredCommitted();
                if (count != lastCount) {
                    lastCount = count;
                    lastProgress = now;
                }
                if (dispatch.barrier != null && dispatch.barrier.betweenRounds()) {
                    lastProgress = now; // a pause between rounds is no stall
                }
                boolean stalled = settings.byCount() && now - lastProgress > STALL_NANOS;
                if (stalled) {
                    aborted = true;
                }
                if (settings.byCount() && done.getCount() == 0) {
                    long last = 0;
                    for (long f : dispatch.finished) {
                        last = Math.max(last, f);
                    }
                    long end = Math.max(last, metrics.phaseStartNanos(Phase.MEASUREMENT));
                    noteBehind(dispatch.pacer, end);
                    metrics.startPhase(Phase.DRAIN, end);
                    return end;
                }
                if (now >= measurementEnd || aborted) {
                    long end = Math.min(now, measurementEnd);
                    noteBehind(dispatch.pacer, end);
                    metrics.startPhase(Phase.DRAIN, end);
                    return end;
                }
            }
            if (now >= nextTick && now - metrics.phaseStartNanos(metrics.phase()) < EDGE_SLIVER_NANOS) {
                // the phase began just now (a warm-up ends on a tick): a row this short would be
                // noise (495,762/s seen); the next tick samples the last phase's end and this one's start
                nextTick = Math.max(nextTick + TICK_NANOS, now + TICK_NANOS / 2);
            } else if (now >= nextTick) {
                IntervalSample sample = metrics.sample(now);
                Phase p = metrics.phase();
                if (p == Phase.WARMUP && warmupEnd == Long.MAX_VALUE && settling != null) {
                    warmupEnd = settling.endAt(start, now);
                    planInterval(warmupEnd);
                }
                double length = p == Phase.WARMUP ? (settling != null ? -1 : settings.warmup().toMillis() / 1000.0)
                        : settings.byCount() ? -1 : settings.duration().toMillis() / 1000.0;
                listener.onSample(sample, metrics.phaseSeconds(p, now), length, metrics.measuredCommitted());
                metrics.connections().sayWhatHappened(now);
                nextTick = Math.max(nextTick + TICK_NANOS, now + TICK_NANOS / 2);
            }
        }
    }

    /** Plans the interval's edges after a warm-up that ends at {@code warmupEnd} (nothing while it is not known). */
    private void planInterval(long warmupEnd) {
        if (warmupEnd == Long.MAX_VALUE) {
            return;
        }
        metrics.planPhase(Phase.MEASUREMENT, warmupEnd);
        if (!settings.byCount()) {
            metrics.planPhase(Phase.DRAIN, warmupEnd + settings.duration().toNanos());
        }
    }

    /**
     * The random numbers of the terminals' inputs: terminal {@code i} gets the {@code i}-th
     * split of the run's seed.
     */
    static SplittableRandom terminalSeeds(long seed) {
        return new SplittableRandom(seed);
    }

    /** The Poisson schedule's gaps: a stream of its own (see {@link Dispatch#pacerRandom}). */
    static SplittableRandom pacerRandom(long seed) {
        return Dispatch.pacerRandom(seed);
    }

    /** How far the schedule's next slot lies behind the interval's end: the backlog, in time. */
    private void noteBehind(RatePacer pacer, long end) {
        if (pacer != null) {
            behindAtEnd = Math.max(0, end - pacer.peek());
        }
    }
}
