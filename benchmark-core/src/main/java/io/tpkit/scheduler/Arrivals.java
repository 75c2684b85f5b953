package io.tpkit.scheduler;

import io.tpkit.spi.workload.Terminal;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

/**
 * How requests reach the servers: one arrival model ({@link StreamArrivals},
 * {@link ClosedArrivals}, {@link OpenArrivals}). A terminal's life is the same state machine in
 * every model ({@link TerminalLife}); a model says only how its lives map to threads and
 * servers, and, in the hooks of {@link TerminalLife.Model}, what its states do that the others' do
 * not. The scheduler
 * starts the threads it returns, runs the phases, and stops them through {@link Dispatch#stop()}
 * and {@link #stop()}.
 */
interface Arrivals extends TerminalLife.Model {
    /**
     * Creates the terminals (terminal {@code i} is {@code terminal.apply(i)}, called in order)
     * and one unstarted thread per serve loop.
     *
     * @param done counted down once for each terminal that has done its share of a run by count
     *             (or has none)
     */
    List<Thread> threads(List<ConnectionWorker> servers, IntFunction<Terminal> terminal, CountDownLatch done);

    /** Wakes the serve loops that wait for work, once the dispatch stops. */
    default void stop() {
    }

    /**
     * Whether each terminal is a stream of its own, whose rate the sum of per-stream rates adds
     * up; open arrivals have none, and their sum is the total rate.
     */
    default boolean streams() {
        return true;
    }
}
