package io.tpkit.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Latency histograms in microseconds, from 1 us to one hour, with 3 significant digits. */
public final class Latency {
    public static final long HIGHEST_US = 3_600_000_000L;
    public static final int DIGITS = 3;

    private Latency() {
    }

    public static Recorder newRecorder() {
        return new Recorder(1, HIGHEST_US, DIGITS);
    }

    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_US, DIGITS);
    }

    /** Nanoseconds to recordable microseconds (at least 1, at most one hour). */
    public static long toMicros(long nanos) {
        long us = nanos / 1000;
        return us < 1 ? 1 : Math.min(us, HIGHEST_US);
    }
}
