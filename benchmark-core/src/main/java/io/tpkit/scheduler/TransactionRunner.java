package io.tpkit.scheduler;

import io.tpkit.measurement.MetricsCollector;
import io.tpkit.measurement.ThreadCpu;
import io.tpkit.measurement.TransactionCost;
import io.tpkit.measurement.WireBytes;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.database.ErrorClass;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.SessionConnection;
import java.sql.SQLException;
import java.util.function.Function;

/**
 * Executes one request on a server: retries retryable errors with the same input (bounded,
 * counted by cause), counts anything else by SQLState class, and never stops the run. What the
 * transaction cost the driver (round trips, bytes, the thread's CPU) is added to its type.
 */
final class TransactionRunner {
    private final MetricsCollector metrics;
    private final Function<SQLException, ErrorClass> classifier;
    private final int maxRetries;
    /** One per thread that executes: runners are shared by the servers of a run. */
    private final ThreadLocal<TransactionCost> costs = ThreadLocal.withInitial(TransactionCost::new);

    TransactionRunner(MetricsCollector metrics, Function<SQLException, ErrorClass> classifier, int maxRetries) {
        this.metrics = metrics;
        this.classifier = classifier;
        this.maxRetries = maxRetries;
    }

    /** Where lost connections are counted. */
    io.tpkit.measurement.ConnectionHealth connections() {
        return metrics.connections();
    }

    /** @return true when the request committed and was counted in the measurement interval */
    boolean execute(ConnectionWorker server, Request request, long intendedStart, long serviceStart) {
        return execute(server, request, request.type(), intendedStart, serviceStart).committedIn() == Phase.MEASUREMENT;
    }

    /**
     * How a request ended.
     *
     * @param committedIn    the phase it committed in, or null when it did not commit
     * @param outcomeUnknown its connection was lost during the commit: it may have committed
     */
    record Ended(Phase committedIn, boolean outcomeUnknown) {
        static final Ended NOT_COMMITTED = new Ended(null, false);
        static final Ended UNKNOWN = new Ended(null, true);
    }

    /**
     * @param type the metrics row to count it in (a deferred part has a row of its own)
     * @return how it ended: the phase it committed in, or not committed, or lost during its commit
     */
    Ended execute(ConnectionWorker server, Request request, int type, long intendedStart, long serviceStart) {
        TransactionCost cost = costs.get();
        WireBytes wire = WireBytes.ofCurrentThread();
        long sent = wire.sent();
        long received = wire.received();
        long cpu = ThreadCpu.now();
        metrics.began();
        try {
            return attempt(server, request, type, intendedStart, serviceStart, cost);
        } finally {
            metrics.ended();
            countCalls(server.currentConnection(), cost);
            cost.addBytes(wire.sent() - sent, wire.received() - received);
            cost.addCpuNanos(ThreadCpu.now() - cpu);
            metrics.recordCost(type, cost);
        }
    }

    private Ended attempt(ConnectionWorker server, Request request, int type, long intendedStart, long serviceStart,
                            TransactionCost cost) {
        for (int attempt = 0; ; attempt++) {
            try {
                Outcome outcome = server.session().execute(request);
                long end = System.nanoTime();
                Phase phase = metrics.recordCompletion(type, outcome, attempt, intendedStart, serviceStart, end);
                cost.countedIn(phase);
                return outcome == Outcome.COMMITTED ? new Ended(phase, false) : Ended.NOT_COMMITTED;
            } catch (SQLException e) {
                SQLException original = e instanceof SessionConnection.CommitFailedException f ? f.original() : e;
                ErrorClass cause = classifier.apply(original);
                if (cause == ErrorClass.CONNECTION) {
                    // lost during a commit (or an auto-commit statement): it may have committed
                    SessionConnection lost = server.currentConnection();
                    boolean unknown = e instanceof SessionConnection.CommitFailedException
                            || (lost != null && lost.autoCommit());
                    countCalls(lost, cost);
                    server.discard(original);
                    if (unknown) {
                        metrics.recordOutcomeUnknown(type, original.getSQLState(), original.getMessage(),
                                intendedStart);
                    } else {
                        metrics.recordFailure(type, cause, original.getSQLState(), original.getMessage(),
                                intendedStart);
                    }
                    io.tpkit.measurement.Reconnection.pause();
                    return unknown ? Ended.UNKNOWN : Ended.NOT_COMMITTED;
                }
                server.rollbackQuietly();
                Request redrawn = cause == ErrorClass.DUPLICATE_KEY && attempt < maxRetries ? request.withNewKeys() : null;
                if (redrawn != null) {
                    metrics.recordRetry(type, cause, e.getSQLState(), intendedStart);
                    request = redrawn;
                    continue;
                }
                if (cause.retryable() && attempt < maxRetries) {
                    metrics.recordRetry(type, cause, e.getSQLState(), intendedStart);
                    backOff(attempt);
                    continue;
                }
                metrics.recordFailure(type, cause, e.getSQLState(), e.getMessage(), intendedStart);
                return Ended.NOT_COMMITTED;
            } catch (RuntimeException e) {
                server.rollbackQuietly();
                metrics.recordFailure(type, ErrorClass.OTHER, null, e.toString(), intendedStart);
                return Ended.NOT_COMMITTED;
            }
        }
    }

    /** Moves the session's counts of round trips into {@code cost}. */
    private static void countCalls(SessionConnection c, TransactionCost cost) {
        if (c != null) {
            cost.addCalls(c.roundTrips(), c.statements(), c.resultSets(), c.commits(), c.rollbacks());
            c.resetCounts();
        }
    }

    /**
     * Waits before retrying a deadlock or serialization failure: 1 ms doubling up to 64 ms,
     * with jitter, so that transactions colliding on one key do not collide again in lockstep.
     */
    private static void backOff(int attempt) {
        long maxMicros = 1000L << Math.min(attempt, 6);
        long micros = java.util.concurrent.ThreadLocalRandom.current().nextLong(maxMicros / 2, maxMicros + 1);
        java.util.concurrent.locks.LockSupport.parkNanos(micros * 1000);
    }
}
