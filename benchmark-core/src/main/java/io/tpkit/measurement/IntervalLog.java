package io.tpkit.measurement;

import io.tpkit.metrics.Phase;
import org.HdrHistogram.Histogram;

/**
 * Where the collector hands each interval histogram it takes once a second, to be kept (the
 * run's histograms.hlog: {@link HlogFile}). The collector records and samples; writing is
 * this side's, as HdrHistogram keeps its {@code Recorder} apart from its log writer.
 */
@FunctionalInterface
public interface IntervalLog {
    /** The kind of a response-time interval. */
    String RESPONSE = "";
    /** The kind of a queue-time interval: the wait for a free server. */
    String QUEUE = "queue:";
    /** The kind of a service-time interval: on the server. */
    String SERVICE = "service:";

    /**
     * One interval of one type's times; the histogram is valid only during the call. Called by
     * the collector's sampling thread only.
     *
     * @param kind {@link #RESPONSE}, {@link #QUEUE} or {@link #SERVICE}
     */
    void write(Histogram interval, Phase phase, String kind, String type);
}
