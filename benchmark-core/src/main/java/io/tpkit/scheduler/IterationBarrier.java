package io.tpkit.scheduler;

import io.tpkit.metrics.Iteration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Ends an iteration when the last terminal has done its share (HPSS runs its threads in
 * rounds: the report's rate per iteration is the round's creates over its wall time).
 */
final class IterationBarrier {
    private final long perIteration;
    private final List<Iteration> done = new ArrayList<>();
    private final Phaser phaser;
    private volatile long iterationStart;

    IterationBarrier(int terminals, long perIteration) {
        this.perIteration = perIteration;
        this.phaser = new Phaser(terminals) {
            @Override
            protected boolean onAdvance(int phase, int registeredParties) {
                long now = System.nanoTime();
                synchronized (done) {
                    done.add(new Iteration(phase + 1, (now - iterationStart) / 1e9, perIteration));
                }
                iterationStart = now;
                return registeredParties == 0;
            }
        };
    }

    /**
     * Waits until every terminal has finished the current iteration.
     *
     * @return false when the run is stopping (the caller leaves)
     */
    boolean awaitOthers(BooleanSupplier stopping) {
        int phase = phaser.arrive();
        while (true) {
            try {
                phaser.awaitAdvanceInterruptibly(phase, 200, TimeUnit.MILLISECONDS);
                return !stopping.getAsBoolean();
            } catch (TimeoutException e) {
                if (stopping.getAsBoolean()) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** The first iteration starts with the measurement. */
    void startAt(long nanos) {
        iterationStart = nanos;
    }

    List<Iteration> iterations() {
        synchronized (done) {
            return List.copyOf(done);
        }
    }
}
