package io.tpkit.scheduler;

import io.tpkit.metrics.MetricsCollector;
import io.tpkit.metrics.Phase;
import io.tpkit.spi.ErrorClass;
import io.tpkit.spi.Outcome;
import io.tpkit.spi.Request;
import java.sql.SQLException;
import java.util.function.Function;

/**
 * Executes one request on a server: retries retryable errors with the same input (bounded,
 * counted by cause), counts anything else by SQLState class, and never stops the run.
 */
final class TransactionRunner {
    private final MetricsCollector metrics;
    private final Function<SQLException, ErrorClass> classifier;
    private final int maxRetries;

    TransactionRunner(MetricsCollector metrics, Function<SQLException, ErrorClass> classifier, int maxRetries) {
        this.metrics = metrics;
        this.classifier = classifier;
        this.maxRetries = maxRetries;
    }

    /** @return true when the request committed and was counted in the measurement interval */
    boolean execute(Server server, Request request, long intendedStart, long serviceStart) {
        return execute(server, request, request.type(), intendedStart, serviceStart);
    }

    /** @param type the metrics row to count it in (a deferred part has a row of its own) */
    boolean execute(Server server, Request request, int type, long intendedStart, long serviceStart) {
        for (int attempt = 0; ; attempt++) {
            try {
                Outcome outcome = server.session().execute(request);
                Phase phase = metrics.recordCompletion(type, outcome, attempt, intendedStart, serviceStart,
                        System.nanoTime());
                return outcome == Outcome.COMMITTED && phase == Phase.MEASUREMENT;
            } catch (SQLException e) {
                SQLException original = e instanceof CommitWatch.CommitFailed f ? f.original() : e;
                ErrorClass cause = classifier.apply(original);
                if (cause == ErrorClass.CONNECTION) {
                    // lost during a commit (or an auto-commit statement): it may have committed
                    boolean unknown = e instanceof CommitWatch.CommitFailed || CommitWatch.inAutoCommit(connectionOf(server));
                    server.discard();
                    if (unknown) {
                        metrics.recordOutcomeUnknown(type, original.getSQLState(), original.getMessage());
                    } else {
                        metrics.recordFailure(type, cause, original.getSQLState(), original.getMessage());
                    }
                    pauseAfterConnectionLoss();
                    return false;
                }
                server.rollbackQuietly();
                Request redrawn = cause == ErrorClass.DUPLICATE_KEY && attempt < maxRetries ? request.withNewKeys() : null;
                if (redrawn != null) {
                    metrics.recordRetry(type, cause, e.getSQLState());
                    request = redrawn;
                    continue;
                }
                if (cause.retryable() && attempt < maxRetries) {
                    metrics.recordRetry(type, cause, e.getSQLState());
                    backOff(attempt);
                    continue;
                }
                metrics.recordFailure(type, cause, e.getSQLState(), e.getMessage());
                return false;
            } catch (RuntimeException e) {
                server.rollbackQuietly();
                metrics.recordFailure(type, ErrorClass.OTHER, null, e.toString());
                return false;
            }
        }
    }

    private static java.sql.Connection connectionOf(Server server) {
        return server.currentConnection();
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

    /** Keeps a terminal whose database is gone from spinning through failures. */
    private static void pauseAfterConnectionLoss() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
