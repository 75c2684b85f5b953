package io.tpkit.scheduler;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.Terminal;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A transaction that sleeps instead of talking to a database, for testing the scheduler's
 * timing and accounting (what a database decides is tested against real databases elsewhere).
 */
final class FakeWork {
    /** A request the fake can follow through its retries. */
    interface Identified {
        long id();
    }

    record FakeRequest(int type, long id) implements Request, Identified {
    }

    final AtomicLong executions = new AtomicLong();
    final AtomicInteger openSessions = new AtomicInteger();
    /** Executions that ran on a virtual thread, and the threads that executed anything. */
    final AtomicInteger onVirtualThreads = new AtomicInteger();
    final java.util.Set<Thread> executingThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    final AtomicInteger maxConcurrent = new AtomicInteger();
    /** Sessions opened in all, rehearsals started and ended, and their transactions. */
    final AtomicInteger opened = new AtomicInteger();
    final AtomicInteger warmUps = new AtomicInteger();
    final AtomicInteger rehearsalsEnded = new AtomicInteger();
    final AtomicLong rehearsed = new AtomicLong();
    /** How long a rehearsal's transaction takes. */
    volatile long warmUpNanos;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicLong ids = new AtomicLong();
    private final long serviceNanos;
    /** Given the attempt number (0-based) of a request, the error to throw, or null. */
    private final IntFunction<SQLException> failure;

    FakeWork(long serviceNanos, IntFunction<SQLException> failure) {
        this.serviceNanos = serviceNanos;
        this.failure = failure;
    }

    Terminal terminal(long keyingNanos, long thinkNanos) {
        return terminal(keyingNanos, thinkNanos, 1);
    }

    /** A terminal that cycles through {@code types} transaction types: 0, 1, ..., 0, 1... */
    Terminal terminal(long keyingNanos, long thinkNanos, int types) {
        return new Terminal() {
            private int calls;

            @Override
            public Request next() {
                return new FakeRequest(calls++ % types, ids.incrementAndGet());
            }

            @Override
            public long keyingNanos(Request r) {
                return keyingNanos;
            }

            @Override
            public long thinkNanos(Request r) {
                return thinkNanos;
            }
        };
    }

    SessionFactory sessions() {
        return () -> {
            openSessions.incrementAndGet();
            opened.incrementAndGet();
            return new Session() {
                private long lastId = -1;
                private int attempt;

                @Override
                public Outcome execute(Request request) throws SQLException {
                    long id = ((Identified) request).id();
                    attempt = id == lastId ? attempt + 1 : 0;
                    lastId = id;
                    executions.incrementAndGet();
                    if (Thread.currentThread().isVirtual()) {
                        onVirtualThreads.incrementAndGet();
                    }
                    executingThreads.add(Thread.currentThread());
                    int now = running.incrementAndGet();
                    maxConcurrent.accumulateAndGet(now, Math::max);
                    try {
                        if (serviceNanos > 0) {
                            Thread.sleep(serviceNanos / 1_000_000, (int) (serviceNanos % 1_000_000));
                        }
                        SQLException e = failure == null ? null : failure.apply(attempt);
                        if (e != null) {
                            throw e;
                        }
                        return Outcome.COMMITTED;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new SQLException("interrupted");
                    } finally {
                        running.decrementAndGet();
                    }
                }

                @Override
                public Session rehearsal() {
                    warmUps.incrementAndGet();
                    return new Session() {
                        @Override
                        public Outcome execute(Request request) {
                            rehearsed.incrementAndGet();
                            java.util.concurrent.locks.LockSupport.parkNanos(warmUpNanos);
                            return Outcome.COMMITTED;
                        }

                        @Override
                        public io.tpkit.spi.workload.SessionConnection connection() {
                            return null;
                        }

                        @Override
                        public void close() {
                            rehearsalsEnded.incrementAndGet();
                        }
                    };
                }

                @Override
                public io.tpkit.spi.workload.SessionConnection connection() {
                    return null;
                }

                @Override
                public void close() {
                    openSessions.decrementAndGet();
                }
            };
        };
    }
}
