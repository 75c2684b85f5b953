package io.tpkit.sweep;

import io.tpkit.analysis.Knee;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What {@code tpkit sweep} runs: {@code base} at each value of one axis, in increasing order,
 * with one seed for every point (the same input streams).
 *
 * @param base        the configuration every point starts from (its own value of the axis is
 *                    replaced by each point's)
 * @param axis        what varies
 * @param values      the points' values, increasing, no repeats
 * @param kneeGainPct the knee's threshold: throughput gain per doubling below which adding
 *                    concurrency has stopped paying ({@link Knee})
 * @param mvaOther    how the queueing model treats the service time beyond the CPUs
 */
public record Sweep(BenchmarkConfig base, SweepAxis axis, List<Double> values, double kneeGainPct,
                    io.tpkit.analysis.QueueingModel.Other mvaOther) {
    public Sweep {
        if (values.size() < 2) {
            throw new BadInputException("a sweep needs at least two values of --" + axis.label() + " (e.g. --"
                    + axis.label() + " " + (axis == SweepAxis.RATE ? "100,200,400" : "1,2,4,8") + ")");
        }
        values.forEach(axis::check);
        if (axis.reloadsEveryPoint() && base.loadPolicy() == io.tpkit.config.LoadPolicy.NEVER) {
            throw new BadInputException("a sweep over --" + axis.label() + " loads the tables afresh before every point, "
                    + "so that each starts empty: drop --no-load");
        }
        TreeSet<Double> sorted = new TreeSet<>(values);
        if (sorted.size() < values.size()) {
            throw new BadInputException("sweep --" + axis.label() + " names a value twice: give each value once");
        }
        values = List.copyOf(new ArrayList<>(sorted));
        if (!(kneeGainPct > 0) || Double.isInfinite(kneeGainPct)) {
            throw new BadInputException("--knee-gain must be a percentage above 0 (got " + kneeGainPct + ")");
        }
        java.util.Objects.requireNonNull(mvaOther, "mvaOther");
    }

    public Sweep(BenchmarkConfig base, SweepAxis axis, List<Double> values) {
        this(base, axis, values, Knee.DEFAULT_GAIN_PCT, io.tpkit.analysis.QueueingModel.Other.DELAY);
    }

    /** The configuration of each point, in order. */
    public List<BenchmarkConfig> points() {
        return values.stream().map(v -> axis.apply(base, v)).toList();
    }
}
