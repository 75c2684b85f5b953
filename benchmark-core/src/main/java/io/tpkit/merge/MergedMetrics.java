package io.tpkit.merge;

import io.tpkit.measurement.DriverCpu;
import io.tpkit.measurement.HlogFile;
import io.tpkit.measurement.IntervalLog;
import io.tpkit.metrics.CostTotals;
import io.tpkit.metrics.DeferredSummary;
import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RateSchedule;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.metrics.WarmupEnd;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/**
 * The metrics of a split run from its parts': counts summed, latencies from the parts'
 * histograms added together, the driver's costs summed. The parts measured one interval (they
 * started together), so its length is theirs; where they differ a little, the longest is taken.
 */
public final class MergedMetrics {
    /** Meters that measured the whole database, not one driver: every part read the same clock. */
    private static final String DATABASE_METER_PREFIX = "database.";

    private MergedMetrics() {
    }

    public static RunMetrics of(List<RunMetrics> parts, MergedHistograms histograms) {
        RunMetrics first = parts.getFirst();
        double seconds = parts.stream().mapToDouble(RunMetrics::measurementSeconds).max().orElse(0);
        List<TypeSummary> types = new ArrayList<>();
        for (int t = 0; t < first.types().size(); t++) {
            int type = t;
            List<TypeSummary> same = parts.stream().map(p -> p.types().get(type)).toList();
            types.add(type(same, histograms, seconds));
        }
        long committed = sum(parts, RunMetrics::totalCommitted);
        double sumOfStreamRates = parts.stream().mapToDouble(p -> p.throughput().sumOfStreams()).sum();
        double driverCpu = parts.stream().allMatch(p -> p.driverCpuSeconds() >= 0)
                ? parts.stream().mapToDouble(RunMetrics::driverCpuSeconds).sum() : -1;
        RunMetrics merged = new RunMetrics(first.warmupSeconds(), seconds, first.measuredBy() + ", " + parts.size()
                + " driver processes merged", committed, sum(parts, RunMetrics::totalBusinessRollbacks),
                sum(parts, RunMetrics::totalFailed), sum(parts, RunMetrics::totalRetries),
                sum(parts, RunMetrics::committedAllPhases),
                new Throughput(seconds > 0 ? committed / seconds : 0, sumOfStreamRates), types,
                worstLag(parts), parts.stream().anyMatch(RunMetrics::incomplete))
                .withDriverCpuSeconds(driverCpu).withCosts(costs(parts.stream().map(RunMetrics::costs).toList()))
                .withDeferred(deferred(parts)).withSchedule(schedule(parts)).withConnections(connections(parts));
        WarmupEnd w = first.warmupEnd();
        // the parts' warm-ups are fixed alike (their intervals start together); the compiler's
        // share is the whole run's
        return w == null ? merged : merged.withWarmupEnd(new WarmupEnd(w.endedBy(), w.leastSeconds(),
                w.mostSeconds(), w.settledWhen(), WarmupEnd.compilerPct(merged.costs(),
                DriverCpu.JIT, DriverCpu.CPU)));
    }

    /**
     * Counts summed. When fewer connections worked than the whole run asked is the union of the
     * parts' stretches, which their summaries do not keep: it lasted at least as long as the
     * longest part's, which is what is kept; and no fewer worked at once than the parts' fewest
     * added. Null when a part did not record them.
     */
    private static io.tpkit.metrics.Connections connections(List<RunMetrics> parts) {
        if (parts.stream().anyMatch(p -> p.connections() == null)) {
            return null;
        }
        List<io.tpkit.metrics.Connections> c = parts.stream().map(RunMetrics::connections).toList();
        Map<String, String> first = new LinkedHashMap<>();
        c.forEach(x -> x.firstRefusal().forEach(first::putIfAbsent));
        return new io.tpkit.metrics.Connections(c.stream().mapToInt(io.tpkit.metrics.Connections::asked).sum(),
                sum(c, io.tpkit.metrics.Connections::lost), added(c.stream().map(io.tpkit.metrics.Connections::refused)
                .toList()), first,
                c.stream().mapToDouble(io.tpkit.metrics.Connections::secondsBelowAsked).max().orElse(0),
                c.stream().mapToInt(io.tpkit.metrics.Connections::fewestWorking).sum(),
                c.stream().mapToDouble(io.tpkit.metrics.Connections::secondsBelowAskedWholeRun).max().orElse(0));
    }

    /**
     * The rounds of a split run in rounds (HPSS's iterations), whole: round k's commits are the
     * parts' summed, and it lasts from the first part's start of it to the last part's end, on
     * the common clock (each part's elapsed seconds shifted by how long after the common start its
     * elapsed 0 came, by its wall clock there). The parts
     * met at every round's end, so their rounds are the same rounds. Conditions stay with each
     * part (each measured its own machine); the rows at a round's start follow from the rows
     * before the run and the rounds before it.
     *
     * @param originSeconds how long after the common start each part's elapsed 0 came, in part order
     * @param rowsBefore  the database's count before the run, or a negative number when unknown
     */
    public static List<Iteration> iterations(List<RunMetrics> parts, List<Double> originSeconds, long rowsBefore) {
        int rounds = parts.stream().mapToInt(p -> p.iterations().size()).min().orElse(0);
        List<Iteration> out = new ArrayList<>(rounds);
        long rows = rowsBefore;
        for (int k = 0; k < rounds; k++) {
            long committed = 0;
            double from = Double.MAX_VALUE;
            double to = -Double.MAX_VALUE;
            double longest = 0;
            boolean placed = true;
            for (int i = 0; i < parts.size(); i++) {
                Iteration it = parts.get(i).iterations().get(k);
                committed += it.committed();
                longest = Math.max(longest, it.seconds());
                if (it.startSeconds() == null || it.endSeconds() == null) {
                    placed = false;
                    continue;
                }
                from = Math.min(from, originSeconds.get(i) + it.startSeconds());
                to = Math.max(to, originSeconds.get(i) + it.endSeconds());
            }
            out.add(placed ? new Iteration(k + 1, to - from, committed, from, to, rows < 0 ? null : rows, null)
                    : new Iteration(k + 1, longest, committed, null, null, rows < 0 ? null : rows, null));
            if (rows >= 0) {
                rows += committed;
            }
        }
        return out;
    }

    /**
     * Counts summed. The percentile of a union lies between the parts' own, so the largest
     * part's p90 is an upper bound of the whole run's: the 80 s rule judged on it errs on the
     * strict side.
     */
    private static DeferredSummary deferred(List<RunMetrics> parts) {
        List<DeferredSummary> d = parts.stream().map(RunMetrics::deferred).filter(java.util.Objects::nonNull).toList();
        if (d.isEmpty()) {
            return null;
        }
        DeferredSummary worst = d.stream().max(java.util.Comparator.comparingDouble(
                x -> x.p90Seconds() == null ? Double.MAX_VALUE : x.p90Seconds())).orElseThrow();
        return new DeferredSummary(sum(d, DeferredSummary::queued), sum(d, DeferredSummary::completed),
                sum(d, DeferredSummary::failed), sum(d, DeferredSummary::notExecuted), sum(d, DeferredSummary::skipped),
                worst.queueToCompletion(), worst.p90Seconds(), sum(d, DeferredSummary::backlogAtEnd),
                d.stream().mapToDouble(DeferredSummary::oldestAtEndSeconds).max().orElse(0),
                d.stream().mapToInt(DeferredSummary::workers).sum(), d.stream().mapToInt(DeferredSummary::maxWorkers).sum(),
                sum(d, DeferredSummary::outcomeUnknown));
    }

    private static RateSchedule schedule(List<RunMetrics> parts) {
        List<RateSchedule> s = parts.stream().map(RunMetrics::schedule).filter(java.util.Objects::nonNull).toList();
        if (s.isEmpty()) {
            return null;
        }
        boolean bySlot = s.stream().allMatch(RateSchedule::countedBySlot);
        // the parts' slots add up; their lateness histograms are not kept, so the merged run has none
        return new RateSchedule(s.stream().mapToDouble(RateSchedule::targetPerSecond).sum(), s.getFirst().interarrival(),
                s.getFirst().limitMs(), sum(s, RateSchedule::skipped), sum(s, RateSchedule::aboveLimit),
                sum(s, RateSchedule::executed), s.stream().mapToDouble(RateSchedule::behindAtEndSeconds).max().orElse(0),
                bySlot ? sum(s, RateSchedule::scheduled) : -1, bySlot ? sum(s, RateSchedule::started) : -1,
                bySlot ? sum(s, RateSchedule::backlog) : -1, null, null, null);
    }

    private static TypeSummary type(List<TypeSummary> parts, MergedHistograms h, double seconds) {
        TypeSummary first = parts.getFirst();
        String name = first.name();
        long committed = sum(parts, TypeSummary::committed);
        Map<Integer, Long> byRetries = new TreeMap<>();
        parts.forEach(p -> p.committedByRetries().forEach((k, v) -> byRetries.merge(k, v, Long::sum)));
        return new TypeSummary(name, committed, sum(parts, TypeSummary::committedFirstTry),
                sum(parts, TypeSummary::committedAfterRetries), byRetries, sum(parts, TypeSummary::businessRollbacks),
                added(parts.stream().map(TypeSummary::retries).toList()),
                added(parts.stream().map(TypeSummary::failed).toList()),
                added(parts.stream().map(TypeSummary::errorsBySqlStateClass).toList()),
                seconds > 0 ? committed / seconds : 0,
                LatencySummary.of(h.get(HlogFile.tag(Phase.MEASUREMENT, "", name))),
                LatencySummary.of(h.get(HlogFile.tag(Phase.MEASUREMENT, IntervalLog.QUEUE, name))),
                LatencySummary.of(h.get(HlogFile.tag(Phase.MEASUREMENT, IntervalLog.SERVICE, name))), sum(parts, TypeSummary::outcomeUnknown),
                cost(parts.stream().map(TypeSummary::cost).toList()));
    }

    /** Per-transaction averages weighted by each part's transactions. */
    private static TypeCost cost(List<TypeCost> parts) {
        long n = parts.stream().mapToLong(TypeCost::transactions).sum();
        if (n == 0) {
            return TypeCost.NONE;
        }
        return new TypeCost(n, weighted(parts, TypeCost::statements, n), weighted(parts, TypeCost::resultSets, n),
                weighted(parts, TypeCost::commits, n), weighted(parts, TypeCost::rollbacks, n),
                weighted(parts, TypeCost::roundTrips, n), weightedOrAbsent(parts, TypeCost::bytesSent, n),
                weightedOrAbsent(parts, TypeCost::bytesReceived, n), weightedOrAbsent(parts, TypeCost::driverCpuMicros, n));
    }

    private static double weighted(List<TypeCost> parts, java.util.function.ToDoubleFunction<TypeCost> f, long n) {
        return parts.stream().mapToDouble(p -> f.applyAsDouble(p) * p.transactions()).sum() / n;
    }

    private static double weightedOrAbsent(List<TypeCost> parts, java.util.function.ToDoubleFunction<TypeCost> f,
                                           long n) {
        return parts.stream().anyMatch(p -> p.transactions() > 0 && f.applyAsDouble(p) < 0) ? -1 : weighted(parts, f, n);
    }

    /**
     * The drivers' work summed; a meter of the whole database (its CPU) was read by every part
     * over the same interval, so it is taken once (the largest reading), not summed.
     */
    static CostTotals costs(List<CostTotals> parts) {
        Map<String, Long> meters = new LinkedHashMap<>();
        for (CostTotals c : parts) {
            c.meters().forEach((k, v) -> meters.merge(k, v, k.startsWith(DATABASE_METER_PREFIX) ? Math::max : Long::sum));
        }
        // a meter a part could not read leaves the sum unknown
        meters.keySet().removeIf(k -> parts.stream().anyMatch(c -> !c.meters().containsKey(k)));
        return new CostTotals(sum(parts, CostTotals::transactions), sum(parts, CostTotals::roundTrips),
                sum(parts, CostTotals::statements), sum(parts, CostTotals::resultSets), sum(parts, CostTotals::commits),
                sum(parts, CostTotals::rollbacks), sum(parts, CostTotals::bytesSent),
                sum(parts, CostTotals::bytesReceived), parts.stream().allMatch(CostTotals::bytesCounted),
                sum(parts, CostTotals::threadCpuNanos), meters);
    }

    /** A driver's own lateness is not additive: the worst part's stands for the run. */
    private static LatencySummary worstLag(List<RunMetrics> parts) {
        return parts.stream().map(RunMetrics::scheduleLag)
                .max(java.util.Comparator.comparingDouble(LatencySummary::p99Ms)).orElse(null);
    }

    private static Map<String, Long> added(List<Map<String, Long>> maps) {
        Map<String, Long> m = new LinkedHashMap<>();
        maps.forEach(x -> x.forEach((k, v) -> m.merge(k, v, Long::sum)));
        return m;
    }

    private static <T> long sum(List<T> parts, ToLongFunction<T> f) {
        return parts.stream().mapToLong(f).sum();
    }
}
