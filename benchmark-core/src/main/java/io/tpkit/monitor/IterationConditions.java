package io.tpkit.monitor;

import io.tpkit.metrics.Iteration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * What the monitor saw during each iteration of a run in rounds, beside its rate: the CPU, the
 * disks and paging of the machine, and the database's checkpoints (the figures LLNL's 2001 report
 * read from its "monitor" log next to each iteration's rate).
 */
public final class IterationConditions {

    /** A checkpoint under way from {@code from} to {@code to}, in elapsed seconds of the run. */
    record Span(double from, double to) {
        double overlap(double a, double b) {
            return Math.max(0, Math.min(to, b) - Math.max(from, a));
        }
    }

    private IterationConditions() {
    }

    /**
     * The iterations with their {@link Iteration.Conditions}: means over the one-second rows whose
     * middle lies inside the iteration; checkpoints summed from the previous iteration's end (a
     * pause between them included) to the iteration's end. Iterations without a place on the
     * run's clock are returned as they are.
     */
    public static List<Iteration> of(List<Iteration> iterations, List<Monitor.Row> rows) {
        List<Span> spans = checkpoints(rows);
        boolean counted = rows.stream().anyMatch(r -> r.values().containsKey(MonitorColumns.CHECKPOINTS));
        List<Iteration> out = new ArrayList<>(iterations.size());
        Double previousEnd = null;
        for (Iteration it : iterations) {
            if (it.startSeconds() == null || it.endSeconds() == null) {
                out.add(it);
                continue;
            }
            double from = it.startSeconds();
            double to = it.endSeconds();
            double since = previousEnd == null ? from : Math.min(previousEnd, from);
            List<Monitor.Row> inside = new ArrayList<>();
            Long checkpoints = null;
            boolean unread = false;
            for (Monitor.Row r : rows) {
                double middle = r.elapsedSeconds() - r.seconds() / 2; // for the checkpoints below
                if (r.middleIn(from, to)) {
                    inside.add(r);
                }
                Double c = r.values().get(MonitorColumns.CHECKPOINTS);
                if (c != null && middle > since && middle <= to) {
                    checkpoints = (checkpoints == null ? 0 : checkpoints) + Math.round(c);
                }
                unread |= c == null && counted && middle > since && middle <= to;
            }
            if (unread) {
                checkpoints = null; // a second the counter was not read in may have held one: not known
            }
            out.add(it.withConditions(new Iteration.Conditions(inside.size(),
                    mean(inside, v -> sum(v, MonitorColumns.CPU_USER, MonitorColumns.CPU_SYSTEM)),
                    mean(inside, v -> get(v, MonitorColumns.CPU_IOWAIT)),
                    mean(inside, v -> get(v, MonitorColumns.SERVER_CPU)),
                    mean(inside, v -> get(v, MonitorColumns.DRIVER_CPU)),
                    meanOfRows(inside, Monitor.Row::otherCpuPct),
                    mean(inside, v -> get(v, MonitorColumns.DISK_WRITE_BYTES)),
                    mean(inside, v -> get(v, MonitorColumns.DISK_READ_BYTES)),
                    mean(inside, v -> get(v, MonitorColumns.MAJOR_FAULTS)),
                    mean(inside, v -> get(v, MonitorColumns.SWAP_OUT)),
                    checkpoints, checkpoints == null ? null
                    : spans.stream().mapToDouble(c -> c.overlap(from, to)).sum())));
            previousEnd = to;
        }
        return out;
    }

    /**
     * The checkpoints the counters show: each from the second it was counted in (PostgreSQL
     * counts a checkpoint as it starts) to the next second that reports checkpoint write or sync
     * time (reported as it ends) before the next one starts, or to the last row when none does.
     */
    static List<Span> checkpoints(List<Monitor.Row> rows) {
        List<Span> spans = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Monitor.Row r = rows.get(i);
            Double c = r.values().get(MonitorColumns.CHECKPOINTS);
            if (c == null || c < 1) {
                continue;
            }
            double from = r.elapsedSeconds() - r.seconds();
            double to = rows.getLast().elapsedSeconds();
            for (int j = i; j < rows.size(); j++) {
                Monitor.Row e = rows.get(j);
                Double next = e.values().get(MonitorColumns.CHECKPOINTS);
                if (j > i && next != null && next >= 1) {
                    to = e.elapsedSeconds() - e.seconds(); // the next one started: this one ended by then
                    break;
                }
                if (positive(e.values().get(MonitorColumns.CHECKPOINT_WRITE_MS)) || positive(e.values().get(MonitorColumns.CHECKPOINT_SYNC_MS))) {
                    to = e.elapsedSeconds();
                    break;
                }
            }
            spans.add(new Span(from, Math.max(to, r.elapsedSeconds())));
        }
        return spans;
    }

    private static boolean positive(Double v) {
        return v != null && v > 0;
    }

    private static double get(java.util.Map<String, Double> v, String column) {
        Double d = v.get(column);
        return d == null ? Double.NaN : d;
    }

    private static double sum(java.util.Map<String, Double> v, String a, String b) {
        return get(v, a) + get(v, b);
    }

    private static Double mean(List<Monitor.Row> rows, ToDoubleFunction<java.util.Map<String, Double>> value) {
        return meanOfRows(rows, r -> value.applyAsDouble(r.values()));
    }

    /** The mean over the rows that have the value (not NaN); null when none has. */
    public static Double meanOfRows(List<Monitor.Row> rows, ToDoubleFunction<Monitor.Row> value) {
        double sum = 0;
        int n = 0;
        for (Monitor.Row r : rows) {
            double v = value.applyAsDouble(r);
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }
}
