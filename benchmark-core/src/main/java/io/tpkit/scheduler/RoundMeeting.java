package io.tpkit.scheduler;

/**
 * Where the rounds of a run split across driver processes meet: a round of the whole run ends
 * when the last part's ends, so each part waits for the others before it starts the next, as
 * its terminals wait for each other within the process ({@link IterationBarrier}).
 */
@FunctionalInterface
public interface RoundMeeting {
    /**
     * Returns when every part has reached {@code round}: 0 is the start of the first round
     * (every part's connections open and its driver rehearsed), k the end of round k.
     *
     * @throws IllegalStateException when a part does not arrive in time, naming it
     */
    void meet(int round) throws InterruptedException;
}
