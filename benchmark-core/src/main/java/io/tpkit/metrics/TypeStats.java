package io.tpkit.metrics;

import io.tpkit.spi.ErrorClass;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The counters and latency recorders of one transaction type in one phase. Written by any
 * terminal thread without locks; read by the sampler through interval histograms.
 */
final class TypeStats {
    final Recorder response = Latency.newRecorder();
    final Recorder queue = Latency.newRecorder();
    final Recorder service = Latency.newRecorder();
    // Accumulated from interval histograms by the (single) sampler thread.
    final Histogram responseTotal = Latency.newHistogram();
    final Histogram queueTotal = Latency.newHistogram();
    final Histogram serviceTotal = Latency.newHistogram();

    final LongAdder committed = new LongAdder();
    final LongAdder businessRollbacks = new LongAdder();
    /** Index n: committed after n retries. */
    final AtomicLongArray committedAfterRetries;
    final LongAdder[] retries = adders();
    final LongAdder[] failed = adders();
    final ConcurrentHashMap<String, LongAdder> errorsBySqlStateClass = new ConcurrentHashMap<>();

    TypeStats(int maxRetries) {
        committedAfterRetries = new AtomicLongArray(maxRetries + 1);
    }

    private static LongAdder[] adders() {
        LongAdder[] a = new LongAdder[ErrorClass.values().length];
        for (int i = 0; i < a.length; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    long failedTotal() {
        long n = 0;
        for (LongAdder f : failed) {
            n += f.sum();
        }
        return n;
    }

    long retriesTotal() {
        long n = 0;
        for (LongAdder r : retries) {
            n += r.sum();
        }
        return n;
    }
}
