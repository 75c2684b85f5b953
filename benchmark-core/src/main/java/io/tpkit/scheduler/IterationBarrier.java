package io.tpkit.scheduler;

import io.tpkit.metrics.Iteration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Ends a round when the last terminal has done its share (HPSS runs its threads in rounds: the
 * report's rate per iteration is the round's creates over its wall time). In restart mode the
 * terminals meet a second time after closing their connections, and the next round's clock
 * starts when they all have, after the pause.
 */
final class IterationBarrier {
    private final java.util.function.LongSupplier committed;
    private final long originNanos;
    private final long pauseNanos;
    private final BooleanSupplier stopping;
    private final List<Iteration> done = new ArrayList<>();
    private final Phaser finished;
    private final Phaser closed;
    private volatile long iterationStart;
    private volatile boolean between;
    private long committedBefore; // by the rounds recorded so far
    private final RoundMeeting parts;
    private volatile RuntimeException partsFailed;

    /**
     * @param committed   the measured transactions committed so far (the collector's count): a round's
     *                    are those committed between its start and its end, when every terminal waits
     * @param originNanos the run's start, the origin of the elapsed seconds the rounds are placed at
     * @param pauseNanos  in restart mode, the wait between the connections closing and the next round
     * @param parts       the other driver processes of a split run, met at every round's end; null
     *                    for a run in one process
     */
    IterationBarrier(int terminals, java.util.function.LongSupplier committed, long originNanos, long pauseNanos,
                     BooleanSupplier stopping, RoundMeeting parts) {
        this.parts = parts;
        this.committed = committed;
        this.originNanos = originNanos;
        this.pauseNanos = pauseNanos;
        this.stopping = stopping;
        this.finished = new Phaser(terminals) {
            @Override
            protected boolean onAdvance(int phase, int registeredParties) {
                long now = System.nanoTime();
                long start = iterationStart;
                long total = committed.getAsLong();
                synchronized (done) {
                    done.add(new Iteration(done.size() + 1, (now - start) / 1e9, total - committedBefore,
                            elapsed(start), elapsed(now), null, null));
                }
                committedBefore = total;
                // the round is this part's from its start to its last terminal; the next starts
                // when every part has ended this one
                meetParts(done.size());
                iterationStart = System.nanoTime();
                return registeredParties == 0 || partsFailed != null;
            }
        };
        this.closed = new Phaser(terminals) {
            @Override
            protected boolean onAdvance(int phase, int registeredParties) {
                between = true;
                try {
                    pause();
                } finally {
                    iterationStart = System.nanoTime();
                    between = false;
                }
                return registeredParties == 0;
            }
        };
    }

    private void meetParts(int round) {
        if (parts == null || stopping.getAsBoolean()) {
            return;
        }
        try {
            parts.meet(round);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            partsFailed = new IllegalStateException("interrupted while waiting for the other parts");
        } catch (RuntimeException e) {
            partsFailed = e;
        }
    }

    /** Why the other parts of a split run could not be met, or null. */
    RuntimeException partsFailed() {
        return partsFailed;
    }

    private double elapsed(long nanos) {
        return Math.round((nanos - originNanos) / 1e6) / 1e3;
    }

    /** Sleeps the pause in short steps, leaving early when the run stops. */
    private void pause() {
        long end = System.nanoTime() + pauseNanos;
        for (long left = pauseNanos; left > 0 && !stopping.getAsBoolean(); left = end - System.nanoTime()) {
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
        }
    }

    /**
     * Waits until every terminal has finished the current round; the round ends when the last
     * one arrives.
     *
     * @return false when the run is stopping (the caller leaves)
     */
    boolean awaitOthers() {
        return await(finished);
    }

    /**
     * Restart mode: waits until every terminal has closed its connection after the round, and
     * the pause; the next round's clock starts when this returns.
     *
     * @return false when the run is stopping
     */
    boolean awaitClosed() {
        return await(closed);
    }

    private boolean await(Phaser phaser) {
        int phase = phaser.arrive();
        while (true) {
            try {
                phaser.awaitAdvanceInterruptibly(phase, 200, TimeUnit.MILLISECONDS);
                return !stopping.getAsBoolean() && partsFailed == null;
            } catch (TimeoutException e) {
                if (stopping.getAsBoolean() || partsFailed != null) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** The first round starts with the measurement. */
    void startAt(long nanos) {
        iterationStart = nanos;
    }

    /**
     * Whether the terminals are between two rounds (closing, pausing, reopening): no transaction
     * commits then, and that is no stall.
     */
    boolean betweenRounds() {
        return between;
    }

    List<Iteration> iterations() {
        synchronized (done) {
            return List.copyOf(done);
        }
    }
}
