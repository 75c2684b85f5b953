package io.tpkit.measurement;

import io.tpkit.spi.database.ErrorClass;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * The counters and latency recorders of one transaction type in one phase. Written by any
 * terminal thread without locks; read by the sampler through interval histograms.
 */
final class TypeStats {
    static final int RESPONSE = 0;
    static final int QUEUE = 1;
    static final int SERVICE = 2;
    /** Response, queue and service time, in that order (see the indexes above). */
    final IntervalRecorder latencies = new IntervalRecorder(3);
    // Accumulated from interval histograms by the (single) sampler thread.
    final Histogram responseTotal = Latency.newHistogram();
    final Histogram queueTotal = Latency.newHistogram();
    final Histogram serviceTotal = Latency.newHistogram();

    final LongAdder businessRollbacks = new LongAdder();
    /** Lost with the connection during the commit: neither committed nor failed as far as anyone knows. */
    final LongAdder outcomeUnknown = new LongAdder();
    /**
     * Index n: committed after n retries. Their sum is the committed count: one adder per
     * commit instead of a total plus a shared atomic array slot that every terminal contends on.
     */
    final LongAdder[] committedByRetries;
    final LongAdder[] retries = adders();
    final LongAdder[] failed = adders();
    final ConcurrentHashMap<String, LongAdder> errorsBySqlStateClass = new ConcurrentHashMap<>();
    /** What the transactions cost the driver, summed by {@link TransactionCost} field; and how many. */
    final LongAdder[] cost = adders(TransactionCost.FIELDS);
    final LongAdder costed = new LongAdder();

    TypeStats(int maxRetries) {
        committedByRetries = adders(maxRetries + 1);
    }

    private static LongAdder[] adders() {
        return adders(ErrorClass.values().length);
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < a.length; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    long committed() {
        long n = 0;
        for (LongAdder c : committedByRetries) {
            n += c.sum();
        }
        return n;
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
