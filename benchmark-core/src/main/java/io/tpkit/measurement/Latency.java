package io.tpkit.measurement;

import org.HdrHistogram.Histogram;

/** Latency histograms in microseconds, from 1 us to one hour, with 3 significant digits. */
public final class Latency {
    public static final long HIGHEST_US = 3_600_000_000L;
    /*
     * 3 digits (0.1% resolution) keeps reported percentiles such as 12.345 ms exact to the last
     * printed digit. 2 digits would make each histogram ~7x smaller (~26 KB instead of ~190 KB)
     * but move percentiles by up to 1% and change the hlog; since the sampler only scans
     * histograms that received values, the size no longer costs anything in idle phases/types.
     */
    public static final int DIGITS = 3;

    private Latency() {
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
