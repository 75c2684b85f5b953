package io.tpkit.scheduler;

import io.tpkit.config.ArrivalModel;
import io.tpkit.measurement.DeferredLog;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.workload.Request;
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
 * connection. In {@code streams} each terminal (emulated user) is a server that submits back to
 * back; in {@code closed} terminals wait their keying and think times in a {@link DueQueue},
 * and a free server takes the earliest due request, runs it, and queues the terminal's next
 * one: the wait for a free server is the queue time.
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

    private final SchedulerSettings settings;
    private final TerminalFactory terminals;
    private final SessionFactory sessions;
    private final Function<SQLException, ErrorClass> classifier;
    private final MetricsCollector metrics;
    private final ProgressListener listener;
    private final DeferredQueue deferred;
    private DeferredLog deferredLog;
    private RatePacer pacer;
    private IterationBarrier barrier;
    private RoundMeeting parts;
    private DueQueue dueQueue;
    private volatile boolean stopping;
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
                    rehearse(servers, settings.rounds().rehearsal());
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

    /**
     * The driver's warm-up before the first round's clock: each server runs the rounds'
     * rehearsal transactions on its session's {@link io.tpkit.spi.workload.Session#rehearsal()
     * rehearsal}, all side by side, through the same code as measured transactions but counted
     * in metrics of their own, which are dropped.
     *
     * @throws SQLException the first failure to start or end a rehearsal, after all have ended
     */
    private void rehearse(List<ConnectionWorker> servers, int transactions) throws SQLException, InterruptedException {
        long now = System.nanoTime();
        MetricsCollector dropped = new MetricsCollector(metrics.types(), settings.maxRetries(), now, null);
        dropped.startPhase(Phase.MEASUREMENT, now); // counted as measured ones are, so the JIT sees their paths
        TransactionRunner runner = new TransactionRunner(dropped, classifier, settings.maxRetries());
        SplittableRandom seeds = new SplittableRandom(settings.seed() ^ 0x5DEECE66DL); // not the terminals' inputs
        java.util.concurrent.atomic.AtomicReference<Exception> failed = new java.util.concurrent.atomic.AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            ConnectionWorker server = servers.get(i);
            Terminal terminal = terminals.create(i, servers.size(), seeds.split());
            threads.add(Thread.ofPlatform().daemon().name("rehearsal-" + i).start(() -> {
                try (io.tpkit.spi.workload.Session rehearsal = server.session().rehearsal()) {
                    if (rehearsal == null) {
                        return;
                    }
                    ConnectionWorker on = ConnectionWorker.of(rehearsal);
                    for (int k = 0; k < transactions && !aborted; k++) {
                        long begin = System.nanoTime();
                        runner.execute(on, terminal.next(), begin, begin);
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

    private RunMetrics runWith(List<ConnectionWorker> servers) throws InterruptedException {
        int n = settings.terminals();
        TransactionRunner runner = new TransactionRunner(metrics, classifier, settings.maxRetries());
        long[] measured = new long[n];
        long[] finished = new long[n];
        CountDownLatch done = new CountDownLatch(n);
        // the schedule starts once the connections are open: opening them (one by one, a second
        // or more for many) belongs to the warm-up, never to a measurement without one
        long start = System.nanoTime();
        pacer = settings.rateLimited() ? new RatePacer(settings.ratePerSecond(), start,
                settings.poisson() ? pacerRandom(settings.seed()) : null, metrics::recordSlot) : null;
        Rounds rounds = settings.rounds();
        barrier = rounds == null ? null : new IterationBarrier(n, metrics::measuredCommitted, metrics.runStartNanos(),
                rounds.pause().toNanos(), () -> stopping, parts);
        if (settings.warmup().isZero()) {
            startMeasurement(start);
        }
        SplittableRandom seeds = terminalSeeds(settings.seed());
        List<Thread> threads = new ArrayList<>(servers.size());
        if (settings.arrival() == ArrivalModel.OPEN) {
            Terminal[] inputs = new Terminal[n];
            for (int i = 0; i < n; i++) {
                inputs[i] = terminals.create(i, n, seeds.split());
            }
            java.util.concurrent.atomic.AtomicLong arrivals = new java.util.concurrent.atomic.AtomicLong();
            for (ConnectionWorker server : servers) {
                threads.add(Thread.ofPlatform().daemon().name("server").unstarted(
                        () -> serveOpen(server, runner, inputs, arrivals)));
            }
            for (int i = 0; i < n; i++) {
                done.countDown(); // arrivals have no quota: the duration ends the run
            }
        } else if (settings.arrival() == ArrivalModel.STREAMS) {
            for (int i = 0; i < n; i++) {
                Terminal terminal = terminals.create(i, n, seeds.split());
                long quota = quota(i, n);
                int index = i;
                ConnectionWorker server = servers.get(i);
                threads.add(Thread.ofPlatform().daemon().name("terminal-" + i).unstarted(() -> {
                    try {
                        stream(terminal, server, runner, index, quota, measured, finished);
                    } finally {
                        done.countDown();
                    }
                }));
            }
        } else {
            dueQueue = new DueQueue(n);
            long now = System.nanoTime();
            for (int i = 0; i < n; i++) {
                WaitingTerminal t = new WaitingTerminal(terminals.create(i, n, seeds.split()), i, quota(i, n));
                if (t.quota > 0) {
                    Request first = t.terminal.next();
                    // started together, terminals with think times would arrive in bursts, one per
                    // cycle; each first waits part of a think time instead, spread over the terminals
                    long stagger = (long) (scaled(t.terminal.thinkNanos(first)) * ((i + 0.5) / n));
                    t.schedule(first, now + stagger, scaled(t.terminal.keyingNanos(first)));
                    dueQueue.put(t);
                } else {
                    done.countDown();
                }
            }
            for (ConnectionWorker server : servers) {
                threads.add(Thread.ofPlatform().daemon().name("server").unstarted(
                        () -> serveClosed(server, runner, measured, finished, done)));
            }
        }
        threads.forEach(Thread::start);

        long measurementEnd = control(start, done, finished);
        stopping = true;
        if (dueQueue != null) {
            dueQueue.close();
        }
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
        if (pacer != null && measurementEnd > 0) {
            // the interval's arrivals that no server took: late by at least (end - slot) each
            pacer.forEachUntil(measurementEnd, slot -> metrics.recordBacklog(slot, measurementEnd));
        }
        long now = System.nanoTime();
        metrics.sample(now);
        double mStart = metrics.phaseStartNanos(Phase.MEASUREMENT);
        double sumOfRates = 0;
        for (int i = 0; i < n; i++) {
            long end = settings.byCount() && finished[i] != 0 ? finished[i] : measurementEnd;
            if (end > mStart && mStart > 0) {
                sumOfRates += measured[i] / ((end - mStart) / 1e9);
            }
        }
        if (settings.arrival() == ArrivalModel.OPEN && measurementEnd > mStart && mStart > 0) {
            sumOfRates = metrics.measuredCommitted() / ((measurementEnd - mStart) / 1e9); // no streams of its own
        }
        String measuredBy = settings.byCount()
                ? settings.transactions() + " committed transactions, split evenly across " + n + " terminals"
                : settings.duration().toSeconds() + " s duration";
        if (settings.rounds() != null) {
            Rounds r = settings.rounds();
            measuredBy = r.count() + (r.count() == 1 ? " iteration of " : " iterations of ") + measuredBy
                    + (r.count() == 1 ? ", ended by its last terminal" : ", each ended by its last terminal")
                    + (r.restart() ? "; each iteration opened its own connections and prepared its statements "
                    + "inside its clock, and closed them after" + (r.pause().isZero() ? ""
                    : " (then a pause of " + r.pause().toMillis() / 1000.0 + " s)") : "");
        }
        if (pacer != null) {
            measuredBy += (settings.arrival() == ArrivalModel.OPEN ? ", open arrivals at " : ", requests paced at ")
                    + settings.ratePerSecond() + "/s" + (settings.poisson() ? " (Poisson)" : "")
                    + " (response time from the slot)";
        }
        if (settings.latencyLimitNanos() > 0) {
            measuredBy += ", requests already " + settings.latencyLimitNanos() / 1_000_000.0
                    + " ms late when due skipped";
        }
        RunMetrics result = metrics.summarize(now, measuredBy, sumOfRates, aborted || measurementEnd < 0);
        if (pacer != null) {
            result = result.withSchedule(metrics.schedule(settings.ratePerSecond(), settings.poisson() ? "poisson"
                    : "fixed", settings.latencyLimitNanos(), behindAtEnd / 1e9));
        }
        if (deferred != null) {
            result = result.withDeferred(deferred.summarize(metrics));
        }
        result = result.withWarmupEnd(SettlingWarmup.outcome(settings, settling, result.costs()));
        if (barrier != null && barrier.partsFailed() != null) {
            throw barrier.partsFailed();
        }
        return barrier == null ? result : result.withIterations(barrier.iterations());
    }

    private void startMeasurement(long nanos) {
        metrics.startPhase(Phase.MEASUREMENT, nanos);
        if (barrier != null) {
            barrier.startAt(nanos);
        }
    }

    /** Runs the phases; returns when the measurement ended (nanoTime) or -1 if it never started. */
    private long control(long start, CountDownLatch done, long[] finished) throws InterruptedException {
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
                startMeasurement(warmupEnd);
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
                if (barrier != null && barrier.betweenRounds()) {
                    lastProgress = now; // a pause between rounds is no stall
                }
                boolean stalled = settings.byCount() && now - lastProgress > STALL_NANOS;
                if (stalled) {
                    aborted = true;
                }
                if (settings.byCount() && done.getCount() == 0) {
                    long last = 0;
                    for (long f : finished) {
                        last = Math.max(last, f);
                    }
                    long end = Math.max(last, metrics.phaseStartNanos(Phase.MEASUREMENT));
                    noteBehind(end);
                    metrics.startPhase(Phase.DRAIN, end);
                    return end;
                }
                if (now >= measurementEnd || aborted) {
                    long end = Math.min(now, measurementEnd);
                    noteBehind(end);
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

    /** The terminal's share of the counted transactions, per iteration. */
    private long quota(int index, int n) {
        if (!settings.byCount()) {
            return Long.MAX_VALUE;
        }
        long total = settings.transactions();
        return total / n + (index < total % n ? 1 : 0);
    }

    /**
     * Counts one transaction for terminal {@code index}; at the end of its share of an
     * iteration it waits for the others.
     *
     * @return false when the terminal is done
     */
    private boolean counted(int index, long count, long quota, long[] measured, ConnectionWorker server) {
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

    /**
     * The random numbers of the terminals' inputs: terminal {@code i} gets the {@code i}-th
     * split of the run's seed.
     */
    static SplittableRandom terminalSeeds(long seed) {
        return new SplittableRandom(seed);
    }

    /**
     * The Poisson schedule's gaps: a stream of its own, apart from every terminal's (the first
     * split of the run's seed, which this once was, is terminal 0's inputs), so that the arrival
     * times do not move in step with what terminal 0 asks.
     */
    static SplittableRandom pacerRandom(long seed) {
        return new SplittableRandom(seed ^ PACER_SALT);
    }

    /** Any constant other than the rehearsal's; the golden ratio's bits spread the seeds apart. */
    private static final long PACER_SALT = 0x9E3779B97F4A7C15L;

    /** Waits for the next slot of the rate limit (if any); returns the later of it and {@code intended}. */
    private long paced(long intended) {
        if (pacer == null) {
            return intended;
        }
        long slot = pacer.nextSlot();
        return slot > intended && !sleepUntil(slot) ? -1 : Math.max(slot, intended);
    }

    private void stream(Terminal terminal, ConnectionWorker server, TransactionRunner runner, int index, long quota,
                        long[] measured, long[] finished) {
        long count = 0;
        boolean more = quota > 0;
        boolean restart = settings.rounds() != null && settings.rounds().restart();
        long opened = -1; // restart mode: the round whose connection this stream has opened
        while (!stopping && more) {
            if (restart && count / quota != opened) {
                opened = count / quota;
                server.openQuietly(); // inside the round's clock, before its first transaction's
            }
            Request request = terminal.next();
            long begin = System.nanoTime();
            // a paced stream is an open schedule: its request was due at the slot, however late
            long intended = pacer == null ? begin : paced(Long.MIN_VALUE);
            if (intended < 0) {
                break;
            }
            if (tooLate(request, intended)) {
                continue;
            }
            if (pacer != null) {
                metrics.recordStarted(intended);
            }
            long serviceStart = pacer == null ? begin : System.nanoTime();
            boolean counted = deferred != null && deferred.isDeferred(request)
                    ? queue(request, intended) : runner.execute(server, request, intended, serviceStart);
            if (counted) {
                more = counted(index, ++count, quota, measured, server);
            }
        }
        if (count >= quota * settings.iterations()) {
            finished[index] = System.nanoTime();
        }
    }

    /**
     * One server of the closed model: takes the earliest due terminal, runs its request (or
     * queues a deferred one), and puts the terminal back with its next request, due after its
     * think and keying times.
     */
    private void serveClosed(ConnectionWorker server, TransactionRunner runner, long[] measured, long[] finished,
                             CountDownLatch done) {
        while (!stopping) {
            long waitStart = System.nanoTime();
            WaitingTerminal t;
            try {
                t = dueQueue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (t == null) {
                return;
            }
            long now = System.nanoTime();
            // the driver's own lateness: how long a due request waited while this server was
            // free for it (a late wake-up, or the queue's own cost). Waiting for a busy server
            // is the database's queueing, which the queue time shows instead.
            metrics.recordLag(now - Math.max(t.due, waitStart));
            if (pacer != null && !t.slotted) {
                long slot = pacer.nextSlot();
                t.slotted = true;
                t.slot = slot;
                t.intended = Math.max(slot, t.intended);
                if (slot > now) {
                    t.due = slot;
                    dueQueue.put(t);
                    continue;
                }
            }
            Request request = t.request;
            if (pacer != null && tooLate(request, t.slot)) {
                Request next = t.terminal.next();
                t.schedule(next, now + scaled(t.terminal.thinkNanos(request)), scaled(t.terminal.keyingNanos(next)));
                dueQueue.put(t);
                continue;
            }
            if (pacer != null) {
                metrics.recordStarted(t.slot);
            }
            boolean counted;
            long end;
            if (deferred != null && deferred.isDeferred(request)) {
                counted = queue(request, t.intended);
                end = System.nanoTime();
            } else {
                counted = runner.execute(server, request, t.intended, now);
                end = System.nanoTime();
            }
            if (counted) {
                measured[t.index] = ++t.count;
                if (t.count >= t.quota) {
                    finished[t.index] = end;
                    done.countDown();
                    continue;
                }
            }
            long ready = end + scaled(t.terminal.thinkNanos(request));
            Request next = t.terminal.next();
            t.schedule(next, ready, scaled(t.terminal.keyingNanos(next)));
            dueQueue.put(t);
        }
    }

    /** How far the schedule's next slot lies behind the interval's end: the backlog, in time. */
    private void noteBehind(long end) {
        if (pacer != null) {
            behindAtEnd = Math.max(0, end - pacer.peek());
        }
    }

    /**
     * One server of the open model: takes the schedule's next arrival, waits for it if it is
     * not due yet, and runs (or queues) the next request of the terminals in turn; a late
     * arrival starts at once, its response time counted from its slot.
     */
    private void serveOpen(ConnectionWorker server, TransactionRunner runner, Terminal[] inputs,
                           java.util.concurrent.atomic.AtomicLong arrivals) {
        while (!stopping) {
            long slot = pacer.nextSlot();
            if (!sleepUntil(slot)) {
                return;
            }
            Terminal terminal = inputs[(int) (arrivals.getAndIncrement() % inputs.length)];
            Request request;
            synchronized (terminal) { // servers share the terminals: each draws its inputs alone
                request = terminal.next();
            }
            if (tooLate(request, slot)) {
                continue;
            }
            metrics.recordStarted(slot);
            long serviceStart = System.nanoTime();
            if (deferred != null && deferred.isDeferred(request)) {
                queue(request, slot);
            } else {
                runner.execute(server, request, slot, serviceStart);
            }
        }
    }

    /**
     * With a latency limit, a request already later than it when its slot comes is skipped and
     * counted (pgbench's --latency-limit): running it would only add to a backlog the schedule
     * can no longer meet.
     */
    private boolean tooLate(Request request, long intended) {
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

    /** Queues a deferred request; the terminal's response is the acknowledgement. */
    private boolean queue(Request request, long intended) {
        long now = System.nanoTime();
        deferred.add(request, now);
        return metrics.recordCompletion(request.type(), io.tpkit.spi.workload.Outcome.COMMITTED, 0, intended, now,
                System.nanoTime()) == Phase.MEASUREMENT;
    }

    private long scaled(long nanos) {
        return settings.thinkFactor() == 1.0 ? nanos : (long) (nanos * settings.thinkFactor());
    }

    /**
     * Sleeps until {@code deadline}, recording how late the request starts (a late wake-up, or
     * the backlog when the deadline has passed already); false when stopping. A server that
     * slept, idle, until the slot also records its wake-up's lateness apart: that alone is the
     * driver's, while a server that finds its slot already past was busy with the ones before.
     */
    private boolean sleepUntil(long deadline) {
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
