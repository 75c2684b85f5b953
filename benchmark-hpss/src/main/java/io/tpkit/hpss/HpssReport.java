package io.tpkit.hpss;

import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's table form: the create rate of each iteration (creates committed in it over its
 * wall time), with mean, high and low, and how the last iteration compares with the first.
 */
final class HpssReport {
    private HpssReport() {
    }

    static Map<String, Object> headline(RunMetrics metrics) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Iteration> rounds = metrics.iterations();
        if (rounds.isEmpty()) {
            return m;
        }
        double sum = 0;
        double high = 0;
        double low = Double.MAX_VALUE;
        for (Iteration it : rounds) {
            sum += it.perSecond();
            high = Math.max(high, it.perSecond());
            low = Math.min(low, it.perSecond());
        }
        String how = " (creates committed in an iteration / its wall time, over " + rounds.size() + " iterations)";
        m.put("creates/s mean" + how, sum / rounds.size());
        m.put("creates/s high", high);
        m.put("creates/s low", low);
        double first = rounds.getFirst().perSecond();
        double last = rounds.getLast().perSecond();
        m.put("creates/s first iteration", first);
        m.put("creates/s last iteration", last);
        if (first > 0) {
            m.put("last vs first iteration %", 100 * (last - first) / first);
        }
        TypeSummary create = metrics.types().getFirst();
        long duplicates = create.retries().getOrDefault("duplicate_key", 0L);
        m.put("duplicate keys (drawn again and retried)", duplicates);
        return m;
    }
}
