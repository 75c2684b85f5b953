package io.tpkit.metrics;

/**
 * The transactions that straddled an edge of the measurement interval, which it does not count:
 * the interval counts only those that began (their intended start: the end of their keying
 * time, their slot, the end of the one before in a stream) and ended inside it.
 *
 * @param beganBefore        began before the interval and ended in it or after it (counted in
 *                           the warm-up, or in the drain when they ended after the interval)
 * @param endedAfter         began in the interval and ended after it (counted in the drain)
 * @param longestResponseMs  the longest response time among them, 0 when there were none
 */
public record IntervalEdges(long beganBefore, long endedAfter, double longestResponseMs) {
    public static final IntervalEdges NONE = new IntervalEdges(0, 0, 0);

    public long total() {
        return beganBefore + endedAfter;
    }
}
