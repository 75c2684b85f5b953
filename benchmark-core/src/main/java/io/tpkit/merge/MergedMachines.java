package io.tpkit.merge;

import io.tpkit.monitor.MonitorSummary;
import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the parts of a split run saw of their machines and of the one database server, made one:
 * the CPUs of each driver machine counted once, however many parts ran on it, and the server's
 * own counters, which every part's monitor read from the same server over the same interval.
 */
public final class MergedMachines {
    /** The server's series in monitor.csv: the same server for every part. */
    private static final String SERVER_SERIES = "db.";

    private MergedMachines() {
    }

    /**
     * The CPUs of each machine the parts ran on, by machine: parts that recorded the same kernel
     * boot ({@code environment.machine}) or, where one did not record it, the same host name are
     * on one machine, whose CPUs count once.
     */
    public static Map<String, Integer> cpusByMachine(List<RunResult> parts) {
        boolean booted = parts.stream().allMatch(p -> p.environment().machine() != null);
        Map<String, Integer> cpus = new LinkedHashMap<>();
        for (RunResult p : parts) {
            String machine = String.valueOf(booted ? p.environment().machine() : p.environment().host());
            Integer n = p.environment().cpus();
            cpus.merge(machine, n == null ? 0 : n, Math::max);
        }
        return cpus;
    }

    /**
     * The CPUs of the machine the database ran on, when a part found its processes on its own
     * machine (and so gave the database's share of it); null when none did.
     */
    public static Integer databaseMachineCpus(List<RunResult> parts) {
        for (RunResult p : parts) {
            if (p.cost() != null && p.cost().databaseMachinePct() != null
                    && p.environment().cpus() != null) {
                return p.environment().cpus();
            }
        }
        return null;
    }

    /**
     * The server's counters of the merged interval: each {@code db.*} series' mean and maximum as
     * the parts' monitors read them over their own interval (the same server and, the parts having
     * started together, the same seconds), averaged over the parts that read it; the server's events
     * as the first part that saw any placed them, on the common clock. The machines' series
     * ({@code os.*}, {@code driver.*}) stay in each part's folder. Null when no part monitored.
     *
     * @param originSeconds how long after the common start each part's elapsed 0 came, in part order
     * @param from          the merged measurement interval on the common clock, or null
     */
    public static MonitorSummary serverCounters(List<RunResult> parts, List<Double> originSeconds, Double from,
                                                Double to) {
        Map<String, double[]> sums = new LinkedHashMap<>(); // mean sum, max max, parts
        int samples = 0;
        int monitored = 0;
        List<MonitorSummary.Event> events = List.of();
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            MonitorSummary m = parts.get(i).monitor();
            if (m == null) {
                continue;
            }
            monitored++;
            samples = Math.max(samples, m.samples());
            m.series().forEach((column, stat) -> {
                if (column.startsWith(SERVER_SERIES)) {
                    double[] s = sums.computeIfAbsent(column, c -> new double[] {0, Double.NEGATIVE_INFINITY, 0});
                    s[0] += stat.mean();
                    s[1] = Math.max(s[1], stat.max());
                    s[2]++;
                }
            });
            if (events.isEmpty() && !m.events().isEmpty()) {
                double shift = originSeconds.get(i);
                events = m.events().stream()
                        .map(e -> new MonitorSummary.Event(e.elapsedSeconds() + shift, e.event())).toList();
            }
            int part = i + 1;
            m.notes().stream().filter(n -> n.startsWith(SERVER_SERIES) || n.contains("monitor"))
                    .forEach(n -> notes.add("part " + part + ": " + n));
        }
        if (monitored == 0) {
            return null;
        }
        Map<String, MonitorSummary.Stat> series = new LinkedHashMap<>();
        sums.forEach((column, s) -> series.put(column, new MonitorSummary.Stat(s[0] / s[2], s[1])));
        notes.addFirst("the database server's series (db.*) as the parts' monitors read them, averaged over the "
                + monitored + " part(s) that monitored; each machine's own series stay in its part's monitor.csv");
        return new MonitorSummary(1.0, from, to, samples, series, events, notes);
    }
}
