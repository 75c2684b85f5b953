package io.tpkit.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.config.ArrivalModel;
import io.tpkit.db.postgres.PostgresPlugin;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.workload.RuleResult;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    private static final long MS = 1_000_000L;

    private RunMetrics run(FakeWork work, ArrivalModel arrival, int terminals, int connections, Duration warmup,
                           Duration duration, Long transactions, int maxRetries, long keying, long think)
            throws Exception {
        SchedulerSettings settings = new SchedulerSettings(arrival, terminals, connections, 1.0, warmup, duration,
                transactions, maxRetries, 42);
        MetricsCollector metrics = new MetricsCollector(List.of("fake"), maxRetries, System.nanoTime(), null);
        Scheduler scheduler = new Scheduler(settings, (i, n, r) -> work.terminal(keying, think), work.sessions(),
                new PostgresPlugin()::classify, metrics, ProgressListener.NONE);
        return scheduler.run();
    }

    private static IntFunction<SQLException> failFirst(int attempts, String sqlState) {
        return attempt -> attempt < attempts ? new SQLException("injected", sqlState) : null;
    }

    @Test
    void phasesLastAsConfiguredAndOnlyTheMeasurementIsCounted() throws Exception {
        FakeWork work = new FakeWork(5 * MS, null);
        RunMetrics m = run(work, ArrivalModel.STREAMS, 2, 2, Duration.ofSeconds(1), Duration.ofSeconds(2), null, 0, 0, 0);

        // a loaded machine can switch phases late (1.38 s of warm-up seen at a load average of 8 on 2
        // cores), never early
        assertThat(m.warmupSeconds()).isBetween(0.9, 2.0);
        assertThat(m.measurementSeconds()).isCloseTo(2.0, within(0.3));
        assertThat(m.totalCommitted()).isPositive().isLessThan(work.executions.get());
        // nothing failed, so every execution committed in some phase
        assertThat(m.committedAllPhases()).isEqualTo(work.executions.get());
        assertThat(m.throughput().overWallClock()).isCloseTo(m.totalCommitted() / m.measurementSeconds(), within(0.01));
        assertThat(work.openSessions.get()).as("sessions closed after the run").isZero();
    }

    /**
     * Two streams of 300 ms transactions, measured for 2 s after 1 s: at each edge each stream is
     * inside a transaction, which the interval does not count; the ones that began and ended
     * inside it are 2 s / 300 ms - 1, about 5 a stream.
     */
    @Test
    void theIntervalCountsOnlyTransactionsThatBeganAndEndedInsideIt() throws Exception {
        FakeWork work = new FakeWork(300 * MS, null);
        RunMetrics m = run(work, ArrivalModel.STREAMS, 2, 2, Duration.ofSeconds(1), Duration.ofSeconds(2), null, 0, 0, 0);

        assertThat(m.edges().beganBefore()).isEqualTo(2);
        assertThat(m.edges().endedAfter()).isEqualTo(2);
        assertThat(m.edges().longestResponseMs()).isBetween(290.0, 600.0);
        assertThat(m.totalCommitted()).isBetween(8L, 12L);
        assertThat(m.committedAllPhases()).isEqualTo(work.executions.get());
    }

    @Test
    void countModeMeasuresExactlyTheRequestedTransactions() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        RunMetrics m = run(work, ArrivalModel.STREAMS, 4, 4, Duration.ZERO, Duration.ofSeconds(60), 101L, 0, 0, 0);

        assertThat(m.totalCommitted()).isEqualTo(101);
        assertThat(work.executions.get()).isEqualTo(101);
        // streams that finish early raise the sum of per-stream rates above total / wall clock
        assertThat(m.throughput().sumOfStreams()).isGreaterThanOrEqualTo(m.throughput().overWallClock() * 0.999);
        assertThat(m.measuredBy()).contains("101 committed transactions");
    }

    @Test
    void retryableErrorsAreRetriedWithTheSameInputAndCountedByCause() throws Exception {
        FakeWork work = new FakeWork(0, failFirst(2, "40001"));
        RunMetrics m = run(work, ArrivalModel.STREAMS, 2, 2, Duration.ZERO, Duration.ofSeconds(60), 50L, 5, 0, 0);

        TypeSummary t = m.types().getFirst();
        assertThat(t.committed()).isEqualTo(50);
        assertThat(t.committedFirstTry()).isZero();
        assertThat(t.committedAfterRetries()).isEqualTo(50);
        assertThat(t.committedByRetries()).containsEntry(2, 50L);
        assertThat(t.retries()).containsEntry("serialization", 100L);
        assertThat(t.failedTotal()).isZero();
        assertThat(t.errorsBySqlStateClass()).containsEntry("40", 100L);
        assertThat(work.executions.get()).isEqualTo(150);
    }

    @Test
    void exhaustedRetriesFailTheTransactionAndNeverCountAsThroughput() throws Exception {
        FakeWork work = new FakeWork(MS, attempt -> new SQLException("deadlock", "40P01"));
        RunMetrics m = run(work, ArrivalModel.STREAMS, 2, 2, Duration.ZERO, Duration.ofSeconds(1), null, 3, 0, 0);

        TypeSummary t = m.types().getFirst();
        assertThat(t.committed()).isZero();
        assertThat(m.throughput().overWallClock()).isZero();
        assertThat(m.throughput().sumOfStreams()).isZero();
        long failed = t.failed().get("deadlock");
        assertThat(failed).isPositive();
        // each failed transaction was tried 4 times; the last ones may straddle the end of the interval
        assertThat(t.retries().get("deadlock")).isBetween(3 * failed - 6, 3 * failed + 6);
    }

    @Test
    void otherErrorsAreCountedBySqlStateClassAndTheRunGoesOn() throws Exception {
        FakeWork work = new FakeWork(MS, attempt -> new SQLException("foreign key", "23503"));
        RunMetrics m = run(work, ArrivalModel.STREAMS, 1, 1, Duration.ZERO, Duration.ofMillis(500), null, 3, 0, 0);

        TypeSummary t = m.types().getFirst();
        assertThat(t.retriesTotal()).isZero();
        assertThat(t.failed().get("other")).isGreaterThan(10);
        assertThat(t.errorsBySqlStateClass()).containsOnlyKeys("23");
    }

    @Test
    void aDuplicateKeyIsRetriedOnlyWithNewlyDrawnKeys() throws Exception {
        // fixed keys: a duplicate would repeat, so it fails at once
        FakeWork fixed = new FakeWork(0, failFirst(1, "23505"));
        TypeSummary f = run(fixed, ArrivalModel.STREAMS, 1, 1, Duration.ZERO, Duration.ofMillis(300), null, 3, 0, 0)
                .types().getFirst();
        assertThat(f.retriesTotal()).isZero();
        assertThat(f.committed()).isZero();
        assertThat(f.failed().get("duplicate_key")).isGreaterThan(10);

        // random keys (HPSS): drawn again and retried, each retry counted by cause
        FakeWork redrawn = new FakeWork(0, failFirst(2, "23505"));
        java.util.concurrent.atomic.AtomicLong draws = new java.util.concurrent.atomic.AtomicLong();
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.STREAMS, 1, 1, 1.0, Duration.ZERO,
                Duration.ofSeconds(60), 20L, 3, 42);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> {
            io.tpkit.spi.workload.Terminal inner = redrawn.terminal(0, 0);
            return () -> new RandomKeys(inner.next(), draws);
        }, redrawn.sessions(), new PostgresPlugin()::classify,
                new MetricsCollector(List.of("fake"), 3, System.nanoTime(), null), ProgressListener.NONE).run();
        TypeSummary t = m.types().getFirst();
        assertThat(t.committed()).isEqualTo(20);
        assertThat(t.retries()).containsEntry("duplicate_key", 40L);
        assertThat(draws.get()).isEqualTo(40);
    }

    /** A request whose keys are random: a redraw keeps the fake's id so its attempts are counted. */
    private record RandomKeys(io.tpkit.spi.workload.Request inner, java.util.concurrent.atomic.AtomicLong draws)
            implements io.tpkit.spi.workload.Request, FakeWork.Identified {
        @Override
        public int type() {
            return inner.type();
        }

        @Override
        public long id() {
            return ((FakeWork.Identified) inner).id();
        }

        @Override
        public io.tpkit.spi.workload.Request withNewKeys() {
            draws.incrementAndGet();
            return new RandomKeys(inner, draws);
        }
    }

    @Test
    void responseTimeStartsAtTheIntendedStartSoQueueingIsCounted() throws Exception {
        // 4 terminals without think time share one slow connection: each waits for the other three
        FakeWork work = new FakeWork(50 * MS, null);
        RunMetrics m = run(work, ArrivalModel.CLOSED, 4, 1, Duration.ZERO, Duration.ofSeconds(2), null, 0, 0, 0);

        TypeSummary t = m.types().getFirst();
        assertThat(t.service().p50Ms()).isBetween(45.0, 120.0);
        assertThat(t.response().p50Ms()).isGreaterThan(2.5 * t.service().p50Ms());
        assertThat(t.queue().p50Ms()).isGreaterThan(t.service().p50Ms());
        assertThat(work.maxConcurrent.get()).isEqualTo(1);
    }

    @Test
    void closedTerminalsStartSpreadOverAThinkTimeNotAllAtOnce() throws Exception {
        // 10 terminals that think 2 s after each 1 ms transaction, measured for their first 1 s:
        // started together, all 10 would run at once; spread over a think time, those whose first
        // wait ends within the second run: terminal i waits (i + 0.5) / 10 of 2 s, so i = 0..4
        FakeWork work = new FakeWork(MS, null);
        RunMetrics m = run(work, ArrivalModel.CLOSED, 10, 2, Duration.ZERO, Duration.ofSeconds(1), null, 0, 0,
                2000 * MS);

        assertThat(m.totalCommitted()).isEqualTo(5);
    }

    @Test
    void keyingAndThinkTimesPaceTerminalsButAreNotPartOfTheResponseTime() throws Exception {
        FakeWork work = new FakeWork(10 * MS, null);
        RunMetrics m = run(work, ArrivalModel.CLOSED, 1, 1, Duration.ZERO, Duration.ofSeconds(2), null, 0,
                60 * MS, 40 * MS);

        TypeSummary t = m.types().getFirst();
        // cycle = 60 ms keying + ~10 ms service + 40 ms think = ~110 ms
        assertThat(m.throughput().overWallClock()).isBetween(5.0, 9.6);
        assertThat(t.response().p50Ms()).isLessThan(50.0);
        assertThat(m.scheduleLag().count()).isPositive();
    }

    @Test
    void deferredTransactionsAreAcknowledgedAtOnceAndExecutedInTheBackground() throws Exception {
        FakeWork work = new FakeWork(20 * MS, null);
        List<String> types = Scheduler.metricTypes(List.of("normal", "batch"), t -> t == 1);
        assertThat(types).containsExactly("normal", "batch", "batch (deferred)");
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.CLOSED, 2, 2, 1.0, Duration.ZERO,
                Duration.ofSeconds(60), 40L, 0, 7);
        MetricsCollector metrics = new MetricsCollector(types, 0, System.nanoTime(), null);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0, 2), work.sessions(),
                new PostgresPlugin()::classify, metrics, ProgressListener.NONE, t -> t == 1, 2).run();

        TypeSummary normal = m.types().get(0);
        TypeSummary queued = m.types().get(1);
        TypeSummary executed = m.types().get(2);
        assertThat(normal.committed() + queued.committed()).isEqualTo(40);
        // the background execution is shown, but not counted twice in the totals
        assertThat(m.totalCommitted()).isEqualTo(40);
        assertThat(queued.committed()).isEqualTo(20);
        // every queued request ran on the background worker before the run returned
        assertThat(work.executions.get()).isEqualTo(40);
        assertThat(queued.response().p50Ms()).isLessThan(10.0);
        assertThat(executed.service().p50Ms()).isGreaterThanOrEqualTo(15.0);
        assertThat(executed.response().maxMs()).isGreaterThanOrEqualTo(executed.service().maxMs());
        assertThat(work.openSessions.get()).isZero();
    }

    @Test
    void deferredTransactionsQueuedInTheIntervalAreFollowedToTheirEndInTheDrain() throws Exception {
        // each terminal queues one deferred request per 30 ms normal one: twice what one worker does
        FakeWork work = new FakeWork(30 * MS, null);
        List<String> types = Scheduler.metricTypes(List.of("normal", "batch"), t -> t == 1);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.CLOSED, 2, 2, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 7).withDeferredWorkers(1);
        MetricsCollector metrics = new MetricsCollector(types, 0, System.nanoTime(), null);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0, 2), work.sessions(),
                new PostgresPlugin()::classify, metrics, ProgressListener.NONE, t -> t == 1, 2).run();

        io.tpkit.metrics.DeferredSummary d = m.deferred();
        // the acknowledgements counted in the interval are the deferred requests followed
        assertThat(d.queued()).isEqualTo(m.types().get(1).committed()).isPositive();
        assertThat(d.completed()).isEqualTo(d.queued());
        assertThat(d.failed() + d.notExecuted()).isZero();
        assertThat(d.backlogAtEnd()).as("the one worker fell behind").isPositive();
        assertThat(d.oldestAtEndSeconds()).isPositive();
        assertThat(d.workers()).isEqualTo(1);
        // completions in the drain are not in the interval's deferred row, but they are followed
        assertThat(m.types().get(2).committed()).isLessThan(d.completed());
        assertThat(d.p90Seconds()).isGreaterThan(m.types().get(2).response().p90Ms() / 1000);
    }

    @Test
    void withoutWarmUpTheMeasurementStartsOnceTheConnectionsAreOpen() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        SessionFactory slowToOpen = () -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return work.sessions().open();
        };
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.STREAMS, 4, 4, 1.0, Duration.ZERO,
                Duration.ofSeconds(60), 40L, 0, 42);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), slowToOpen,
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();

        assertThat(m.totalCommitted()).isEqualTo(40);
        // 40 transactions of 1 ms on 4 streams take about 10 ms; opening the 4 connections 800 ms
        assertThat(m.measurementSeconds()).isLessThan(0.4);
        assertThat(m.warmupSeconds()).isGreaterThanOrEqualTo(0.8);
    }

    @Test
    void terminalsNeverUseMoreConnectionsThanTheBoundedPool() throws Exception {
        FakeWork work = new FakeWork(5 * MS, null);
        RunMetrics m = run(work, ArrivalModel.CLOSED, 20, 3, Duration.ZERO, Duration.ofSeconds(1), null, 0, 0, 0);

        assertThat(work.maxConcurrent.get()).isLessThanOrEqualTo(3);
        // each connection is driven by a platform thread of its own: no hand-off, no socket poller
        assertThat(work.onVirtualThreads.get()).isZero();
        assertThat(work.executingThreads).hasSizeLessThanOrEqualTo(3);
        assertThat(m.totalCommitted()).isPositive();
        assertThat(work.openSessions.get()).isZero();
    }

    @Test
    void iterationsEndWhenTheLastTerminalIsDoneAndEachCountsItsShare() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.STREAMS, 3, 3, 1.0, Duration.ZERO,
                Duration.ofSeconds(60), 30L, 0, 42).withIterations(4);
        MetricsCollector metrics = new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), work.sessions(),
                new PostgresPlugin()::classify, metrics, ProgressListener.NONE).run();

        assertThat(m.totalCommitted()).isEqualTo(120);
        assertThat(work.executions.get()).isEqualTo(120);
        assertThat(m.iterations()).hasSize(4);
        assertThat(m.iterations()).allSatisfy(it -> {
            assertThat(it.committed()).isEqualTo(30);
            // 10 transactions of ~1 ms per terminal, the terminals side by side
            assertThat(it.seconds()).isGreaterThanOrEqualTo(0.009);
        });
        assertThat(m.iterations().stream().mapToDouble(it -> it.seconds()).sum())
                .isCloseTo(m.measurementSeconds(), within(0.05));
        assertThat(m.measuredBy()).startsWith("4 iterations of 30 committed transactions");
    }

    private static RunMetrics rounds(FakeWork work, SessionFactory sessions, int terminals, long perRound,
                                     Rounds rounds) throws Exception {
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.STREAMS, terminals, terminals, 1.0,
                Duration.ZERO, Duration.ofSeconds(60), perRound, 0, 42).withRounds(rounds);
        return new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), sessions, new PostgresPlugin()::classify,
                new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null), ProgressListener.NONE).run();
    }

    @Test
    void oneIterationIsAnIterationToo() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        RunMetrics m = rounds(work, work.sessions(), 2, 10, Rounds.continuing(1));

        assertThat(m.iterations()).singleElement().satisfies(it -> {
            assertThat(it.number()).isEqualTo(1);
            assertThat(it.committed()).isEqualTo(10);
            assertThat(it.seconds()).isCloseTo(m.measurementSeconds(), within(0.05));
        });
        assertThat(m.measuredBy()).startsWith("1 iteration of 10 committed transactions");
    }

    @Test
    void iterationsArePlacedOnTheRunsClockOneAfterTheOther() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        RunMetrics m = rounds(work, work.sessions(), 2, 10, Rounds.continuing(3));

        List<io.tpkit.metrics.Iteration> its = m.iterations();
        assertThat(its).hasSize(3).allSatisfy(it -> {
            assertThat(it.startSeconds()).isNotNull().isPositive();
            assertThat(it.endSeconds() - it.startSeconds()).isCloseTo(it.seconds(), within(0.002));
        });
        for (int i = 1; i < its.size(); i++) {
            assertThat(its.get(i).startSeconds()).isCloseTo(its.get(i - 1).endSeconds(), within(0.001));
        }
    }

    @Test
    void serversRehearseSideBySideBeforeTheClockAndNothingOfItIsCounted() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        work.warmUpNanos = 30 * MS;
        RunMetrics m = rounds(work, work.sessions(), 4, 8, new Rounds(2, false, Duration.ZERO, 10));

        assertThat(work.warmUps.get()).as("one rehearsal per connection").isEqualTo(4);
        assertThat(work.rehearsalsEnded.get()).isEqualTo(4);
        assertThat(work.rehearsed.get()).isEqualTo(40);
        // four rehearsals of 10 x 30 ms side by side (0.3 s), not one after the other (1.2 s), and none
        // inside the clock; a loaded machine's late wake-ups took it to 1.009 s once
        assertThat(m.warmupSeconds()).isBetween(0.3, 1.1);
        assertThat(m.measurementSeconds()).isLessThan(0.25);
        assertThat(m.committedAllPhases()).isEqualTo(16);
        assertThat(work.executions.get()).isEqualTo(16);
    }

    @Test
    void restartModeOpensNewConnectionsInsideEveryIterationsClock() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        java.util.concurrent.atomic.AtomicInteger retired = new java.util.concurrent.atomic.AtomicInteger();
        SessionFactory slowToOpen = new SessionFactory() {
            @Override
            public io.tpkit.spi.workload.Session open() throws SQLException {
                java.util.concurrent.locks.LockSupport.parkNanos(100 * MS);
                return work.sessions().open();
            }

            @Override
            public void retire(io.tpkit.spi.workload.Session s) throws SQLException {
                retired.incrementAndGet();
                s.close();
            }
        };
        RunMetrics m = rounds(work, slowToOpen, 2, 4, new Rounds(3, true, Duration.ZERO, 1));

        // the connections opened (and rehearsed on) before the clock are closed then; each iteration opens its own
        assertThat(work.warmUps.get()).isEqualTo(2);
        assertThat(work.opened.get()).isEqualTo(2 + 3 * 2);
        assertThat(retired.get()).isEqualTo(2 + 2 * 2);
        assertThat(work.openSessions.get()).as("the last iteration's closed after the run").isZero();
        // every iteration, the first too, pays for opening its connections (100 ms, side by side)
        assertThat(m.iterations()).hasSize(3).allSatisfy(it -> assertThat(it.seconds()).isBetween(0.1, 0.5));
        assertThat(m.measuredBy()).contains("each iteration opened its own connections");
    }

    @Test
    void theRestartPauseLiesBetweenIterationsOutsideTheirClocks() throws Exception {
        FakeWork work = new FakeWork(MS, null);
        RunMetrics m = rounds(work, work.sessions(), 2, 4, new Rounds(3, true, Duration.ofMillis(300), 0));

        List<io.tpkit.metrics.Iteration> its = m.iterations();
        assertThat(its).hasSize(3).allSatisfy(it -> assertThat(it.seconds()).isLessThan(0.2));
        for (int i = 1; i < its.size(); i++) {
            assertThat(its.get(i).startSeconds() - its.get(i - 1).endSeconds()).isBetween(0.29, 0.6);
        }
        assertThat(m.measurementSeconds()).isGreaterThan(0.6);
        assertThat(m.measuredBy()).contains("pause of 0.3 s");
    }

    @Test
    void aRateLimitPacesRequestsAndCountsResponseTimeFromTheSlot() throws Exception {
        // 4 streams could do ~400/s against a 10 ms database; the limit holds them at 50/s
        FakeWork work = new FakeWork(10 * MS, null);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.STREAMS, 4, 4, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 42).withRate(50);
        MetricsCollector metrics = new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null);
        RunMetrics paced = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), work.sessions(),
                new PostgresPlugin()::classify, metrics, ProgressListener.NONE).run();
        assertThat(paced.throughput().overWallClock()).isBetween(40.0, 55.0);
        assertThat(paced.types().getFirst().response().p50Ms()).isLessThan(30.0);
        assertThat(paced.measuredBy()).contains("paced at 50.0/s");

        // a limit above what one slow stream can do: the backlog shows in the response time
        FakeWork slow = new FakeWork(50 * MS, null);
        SchedulerSettings over = new SchedulerSettings(ArrivalModel.STREAMS, 1, 1, 1.0, Duration.ZERO,
                Duration.ofSeconds(1), null, 0, 42).withRate(100);
        RunMetrics behind = new Scheduler(over, (i, n, r) -> slow.terminal(0, 0), slow.sessions(),
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();
        TypeSummary t = behind.types().getFirst();
        assertThat(t.response().p50Ms()).isGreaterThan(4 * t.service().p50Ms());
    }

    @Test
    void aLatencyLimitSkipsRequestsAlreadyTooLateAndCountsTheLateOnes() throws Exception {
        // one stream of a 20 ms database does ~50/s against a schedule of 200/s: the backlog grows
        // by 150 a second unless the requests already 100 ms late are skipped
        FakeWork work1 = new FakeWork(20 * MS, null);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.STREAMS, 1, 1, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 42).withRate(200).withLatencyLimit(Duration.ofMillis(100));
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work1.terminal(0, 0), work1.sessions(),
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();
        io.tpkit.metrics.RateSchedule late = m.schedule();
        assertThat(late.limitMs()).isEqualTo(100.0);
        assertThat(late.executed()).isEqualTo(m.totalCommitted()).isBetween(50L, 110L);
        // the schedule asked for about 400 in 2 s: what was not executed was skipped, not lost
        assertThat(late.skipped() + late.executed()).isBetween(330L, 420L);
        // none started later than the limit, so none waited far beyond it
        assertThat(m.types().getFirst().queue().maxMs()).isLessThan(140.0);
        assertThat(late.aboveLimit()).isBetween(0L, late.executed());
        assertThat(m.measuredBy()).contains("100.0 ms late when due skipped");

        // closed terminals take their slot when they are ready: what makes them late is the wait
        // for a server, here 8 terminals on one 20 ms connection, about 160 ms
        FakeWork work8 = new FakeWork(20 * MS, null);
        RunMetrics closed = new Scheduler(new SchedulerSettings(ArrivalModel.CLOSED, 8, 1, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 42).withRate(200).withLatencyLimit(Duration.ofMillis(100)),
                (i, n, r) -> work8.terminal(0, 0), work8.sessions(), new PostgresPlugin()::classify,
                new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null), ProgressListener.NONE).run();
        assertThat(closed.schedule().skipped()).isPositive();
        assertThat(closed.schedule().executed()).isEqualTo(closed.totalCommitted());
        assertThat(closed.types().getFirst().queue().maxMs()).isLessThan(140.0);

        // without a limit nothing is skipped and nothing is reported
        FakeWork work = new FakeWork(20 * MS, null);
        RunMetrics unlimited = new Scheduler(new SchedulerSettings(ArrivalModel.STREAMS, 1, 1, 1.0, Duration.ZERO,
                Duration.ofSeconds(1), null, 0, 42).withRate(200), (i, n, r) -> work.terminal(0, 0), work.sessions(),
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();
        assertThat(unlimited.schedule().skipped()).isZero();
        assertThat(unlimited.schedule().limitMs()).isZero();
        assertThat(unlimited.schedule().behindAtEndSeconds()).as("a 20 ms stream on a 5 ms schedule").isGreaterThan(0.5);
        assertThat(unlimited.types().getFirst().queue().maxMs()).isGreaterThan(300.0);
    }

    /**
     * Open arrivals at 200/s on one 20 ms connection (50/s): the schedule's slots in the interval
     * are counted whether their request started or not, and those never started (the backlog)
     * get their lateness at the interval's end, censored, beside the response times. The one
     * server was never idle after its first slot, so its wake-ups are few, while the start lag
     * (the backlog) is long.
     */
    @Test
    void theBacklogIsCountedBySlotAndItsLatenessRecordedCensored() throws Exception {
        FakeWork work = new FakeWork(20 * MS, null);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.OPEN, 1, 1, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 42).withRate(200);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), work.sessions(),
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();

        io.tpkit.metrics.RateSchedule s = m.schedule();
        // fixed gaps of 5 ms over the 2 s interval
        assertThat(s.scheduled()).isBetween(398L, 402L);
        assertThat(s.started() + s.skipped() + s.backlog()).isEqualTo(s.scheduled());
        assertThat(s.started()).isBetween(60L, 110L);
        assertThat(s.backlog()).isBetween(290L, 340L);
        // each never-started arrival is recorded with how late it was when the interval ended
        assertThat(s.backlogLateness().count()).isEqualTo(s.backlog());
        assertThat(s.backlogLateness().maxMs()).isBetween(1_300.0, 2_000.0);
        assertThat(s.backlogLateness().p50Ms()).isBetween(500.0, 1_100.0);
        assertThat(s.responseWithBacklog().count()).isEqualTo(m.totalCommitted() + s.backlog());
        assertThat(s.responseWithBacklog().maxMs()).isGreaterThanOrEqualTo(s.backlogLateness().maxMs());
        // behind the slots by the backlog, but the server itself was rarely idle to wake up late
        assertThat(m.scheduleLag().p99Ms()).isGreaterThan(500.0);
        assertThat(s.wakeUpLag().count()).isLessThanOrEqualTo(3);
        RuleResult reached = io.tpkit.validity.CoreRules.rateReached(200, m);
        assertThat(reached.failed()).isTrue();
        assertThat(reached.detail()).contains("never started had waited", "censored");
    }

    /** A server that sleeps until each slot records how late it woke up, once per request it started. */
    @Test
    void idleServersRecordTheirWakeUpLatenessApart() throws Exception {
        FakeWork work = new FakeWork(2 * MS, null);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.OPEN, 1, 2, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 42).withRate(100).withPoisson(true);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), work.sessions(),
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();

        io.tpkit.metrics.RateSchedule s = m.schedule();
        assertThat(s.backlog()).isLessThanOrEqualTo(2);
        assertThat(s.started()).isEqualTo(s.scheduled() - s.backlog());
        // most arrivals found a server asleep, which woke up for it (on a loaded machine fewer: a late
        // server finds its next arrival already due, 74 % seen at a load average of 8)
        assertThat(s.wakeUpLag().count()).isGreaterThanOrEqualTo((long) (0.5 * s.started()));
        assertThat(s.wakeUpLag().count()).isLessThanOrEqualTo(m.scheduleLag().count());
    }

    /**
     * The Poisson schedule's gaps come from a stream of their own: the first split of the seed,
     * which they once used, is terminal 0's inputs.
     */
    @Test
    void thePacersRandomNumbersAreNotTerminalZeros() {
        for (long seed : new long[] {0, 1, 42, -7}) {
            java.util.SplittableRandom terminal0 = Scheduler.terminalSeeds(seed).split();
            java.util.SplittableRandom pacer = Scheduler.pacerRandom(seed);
            java.util.SplittableRandom formerPacer = new java.util.SplittableRandom(seed).split();
            double[] t = java.util.stream.DoubleStream.generate(terminal0::nextDouble).limit(8).toArray();
            assertThat(java.util.stream.DoubleStream.generate(formerPacer::nextDouble).limit(8).toArray())
                    .as("what the pacer used to draw").containsExactly(t);
            assertThat(java.util.stream.DoubleStream.generate(pacer::nextDouble).limit(8).toArray())
                    .doesNotContain(t);
        }
    }

    @Test
    void aRateLimitPacesClosedTerminalsToo() throws Exception {
        // 8 terminals without think time over 2 connections of a 5 ms database could do ~400/s
        FakeWork work = new FakeWork(5 * MS, null);
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.CLOSED, 8, 2, 1.0, Duration.ZERO,
                Duration.ofSeconds(2), null, 0, 42).withRate(60);
        RunMetrics paced = new Scheduler(settings, (i, n, r) -> work.terminal(0, 0), work.sessions(),
                new PostgresPlugin()::classify, new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null),
                ProgressListener.NONE).run();

        assertThat(paced.throughput().overWallClock()).isBetween(50.0, 66.0);
        assertThat(paced.types().getFirst().response().p50Ms()).isLessThan(30.0);
        assertThat(work.maxConcurrent.get()).isLessThanOrEqualTo(2);
    }

    @Test
    void tenThousandTerminalsWaitInOneQueueForASmallPool() throws Exception {
        // 1,000 TPC-C warehouses are 10,000 terminals; each thinks ~2 s here, so all of them
        // must be alive at once to reach the expected rate
        FakeWork work = new FakeWork(MS / 10, null);
        int terminals = 10_000;
        java.util.concurrent.ConcurrentHashMap<Integer, Boolean> active = new java.util.concurrent.ConcurrentHashMap<>();
        SchedulerSettings settings = new SchedulerSettings(ArrivalModel.CLOSED, terminals, 8, 1.0, Duration.ZERO,
                Duration.ofSeconds(6), null, 0, 42);
        MetricsCollector metrics = new MetricsCollector(List.of("fake"), 0, System.nanoTime(), null);
        RunMetrics m = new Scheduler(settings, (i, n, r) -> {
            io.tpkit.spi.workload.Terminal inner = work.terminal(r.nextLong(2000 * MS), 2000 * MS);
            return new io.tpkit.spi.workload.Terminal() {
                @Override
                public io.tpkit.spi.workload.Request next() {
                    active.put(i, Boolean.TRUE);
                    return inner.next();
                }

                @Override
                public long keyingNanos(io.tpkit.spi.workload.Request r2) {
                    return inner.keyingNanos(r2);
                }

                @Override
                public long thinkNanos(io.tpkit.spi.workload.Request r2) {
                    return inner.thinkNanos(r2);
                }
            };
        }, work.sessions(), new PostgresPlugin()::classify, metrics, ProgressListener.NONE).run();

        assertThat(active).hasSize(terminals);
        assertThat(work.maxConcurrent.get()).isLessThanOrEqualTo(8);
        assertThat(work.onVirtualThreads.get()).as("JDBC work on virtual threads").isZero();
        // a cycle of ~3 s on average (1 s mean keying + 2 s think): ~3,300 per second
        assertThat(m.throughput().overWallClock()).isGreaterThan(2_500.0);
        assertThat(m.scheduleLag().p50Ms()).isLessThan(50.0);
    }
}
