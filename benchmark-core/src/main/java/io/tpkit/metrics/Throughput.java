package io.tpkit.metrics;

/**
 * Both throughput measures of McDonell (seed 000), counting committed transactions only.
 *
 * @param overWallClock  committed transactions in the interval / the interval's wall-clock length
 * @param sumOfStreams   the sum over terminals of (its committed transactions / its own measured time);
 *                       equal to the first when every terminal runs the whole interval, higher
 *                       when terminals with a fixed quota finish at different times
 */
public record Throughput(double overWallClock, double sumOfStreams) {
}
