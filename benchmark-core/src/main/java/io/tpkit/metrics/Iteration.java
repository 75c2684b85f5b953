package io.tpkit.metrics;

/**
 * One round of a count-mode run with several iterations: every terminal did its share, and the
 * round ended when the last one finished.
 *
 * @param seconds   wall time from the end of the previous round (or the measurement start)
 * @param committed committed transactions in the round
 */
public record Iteration(int number, double seconds, long committed) {
    public double perSecond() {
        return seconds > 0 ? committed / seconds : 0;
    }
}
