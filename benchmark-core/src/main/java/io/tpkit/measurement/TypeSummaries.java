package io.tpkit.measurement;

import io.tpkit.metrics.CostTotals;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.spi.database.ErrorClass;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** What a phase's counters and histograms sum up to: a type's summary, and the driver's work. */
final class TypeSummaries {
    private TypeSummaries() {
    }

    /** One type's summary over a phase that lasted {@code seconds}. */
    static TypeSummary of(String name, TypeStats s, double seconds, boolean bytesCounted) {
        Map<Integer, Long> byRetries = new TreeMap<>();
        long afterRetries = 0;
        long firstTry = 0;
        for (int i = 0; i < s.committedByRetries.length; i++) {
            long n = s.committedByRetries[i].sum();
            if (n > 0) {
                byRetries.put(i, n);
            }
            if (i > 0) {
                afterRetries += n;
            } else {
                firstTry = n;
            }
        }
        long committed = firstTry + afterRetries;
        long[] costs = new long[TransactionCost.FIELDS];
        for (int i = 0; i < costs.length; i++) {
            costs[i] = s.cost[i].sum();
        }
        return new TypeSummary(name, committed, firstTry, afterRetries, byRetries, s.businessRollbacks.sum(),
                byCause(s.retries), byCause(s.failed), sqlStates(s), seconds > 0 ? committed / seconds : 0,
                LatencySummary.of(s.responseTotal), LatencySummary.of(s.queueTotal), LatencySummary.of(s.serviceTotal),
                s.outcomeUnknown.sum(), TransactionCost.typeCost(s.costed.sum(), costs, bytesCounted, ThreadCpu.SUPPORTED));
    }

    /** The driver's work over a phase, every type's, and each meter's growth over it. */
    static CostTotals costTotals(TypeStats[] phase, boolean bytesCounted, Map<String, Long> metersGrown) {
        long[] sums = new long[TransactionCost.FIELDS];
        long transactions = 0;
        for (TypeStats s : phase) {
            for (int i = 0; i < sums.length; i++) {
                sums[i] += s.cost[i].sum();
            }
            transactions += s.costed.sum();
        }
        return new CostTotals(transactions, sums[TransactionCost.ROUND_TRIPS], sums[TransactionCost.STATEMENTS],
                sums[TransactionCost.RESULT_SETS],
                sums[TransactionCost.COMMITS], sums[TransactionCost.ROLLBACKS], sums[TransactionCost.BYTES_SENT],
                sums[TransactionCost.BYTES_RECEIVED], bytesCounted, sums[TransactionCost.CPU_NANOS], metersGrown);
    }

    private static Map<String, Long> byCause(LongAdder[] adders) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            m.put(c.name().toLowerCase(Locale.ROOT), adders[c.ordinal()].sum());
        }
        return m;
    }

    private static Map<String, Long> sqlStates(TypeStats s) {
        Map<String, Long> m = new TreeMap<>();
        s.errorsBySqlStateClass.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }
}
