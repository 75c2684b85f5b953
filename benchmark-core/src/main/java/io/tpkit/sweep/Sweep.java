package io.tpkit.sweep;

import io.tpkit.analysis.Knee;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What {@code tpkit sweep} runs: {@code base} at each value of one axis, with one seed for every
 * point (the same input streams), the points in the order {@code order} gives.
 *
 * @param base        the configuration every point starts from (its own value of the axis is
 *                    replaced by each point's)
 * @param axis        what varies
 * @param values      the points' values, increasing, no repeats
 * @param kneeGainPct the knee's threshold: throughput gain per doubling below which adding
 *                    concurrency has stopped paying ({@link Knee})
 * @param mvaOther    how the queueing model treats the service time beyond the CPUs
 * @param order       the order the points run in
 * @param sameData    whether each point starts from the same data ({@link io.tpkit.runner.StartingData};
 *                    unless the base says --no-load), or from the data the earlier points left
 */
public record Sweep(BenchmarkConfig base, SweepAxis axis, List<Double> values, double kneeGainPct,
                    io.tpkit.analysis.QueueingModel.Other mvaOther, Order order, boolean sameData) {
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
        java.util.Objects.requireNonNull(order, "order");
    }

    /** The points in a shuffled order seeded with the base's seed, each from the same data. */
    public Sweep(BenchmarkConfig base, SweepAxis axis, List<Double> values, double kneeGainPct,
                 io.tpkit.analysis.QueueingModel.Other mvaOther) {
        this(base, axis, values, kneeGainPct, mvaOther, Order.shuffled(base.seed()), true);
    }

    public Sweep(BenchmarkConfig base, SweepAxis axis, List<Double> values) {
        this(base, axis, values, Knee.DEFAULT_GAIN_PCT, io.tpkit.analysis.QueueingModel.Other.DELAY);
    }

    /**
     * The order a sweep runs its points in: increasing, or shuffled with a seed (the same seed
     * gives the same order: {@link java.util.Collections#shuffle(List, java.util.Random)} with
     * {@link java.util.Random}, whose sequence Java specifies).
     *
     * @param seed the shuffle's seed; null for increasing
     */
    public record Order(String kind, Long seed) {
        public static final String INCREASING = "increasing";
        public static final String SHUFFLED = "shuffled";

        public Order {
            if (!INCREASING.equals(kind) && !SHUFFLED.equals(kind)) {
                throw new BadInputException("--point-order takes increasing or shuffled (got '" + kind + "')");
            }
            if (SHUFFLED.equals(kind) == (seed == null)) {
                throw new IllegalArgumentException("a shuffled order has a seed, an increasing one none");
            }
        }

        public static Order increasing() {
            return new Order(INCREASING, null);
        }

        public static Order shuffled(long seed) {
            return new Order(SHUFFLED, seed);
        }

        /** The indexes 0 to n - 1 in this order. */
        public List<Integer> of(int n) {
            List<Integer> indexes = new ArrayList<>(java.util.stream.IntStream.range(0, n).boxed().toList());
            if (seed != null) {
                java.util.Collections.shuffle(indexes, new java.util.Random(seed));
            }
            return List.copyOf(indexes);
        }

        /** "increasing", "shuffled (seed 42)". */
        public String describe() {
            return seed == null ? kind : kind + " (seed " + seed + ")";
        }
    }

    /** The indexes of {@link #values} in the order the points run. */
    public List<Integer> runOrder() {
        return order.of(values.size());
    }

    /** The configuration of each point, in order. */
    public List<BenchmarkConfig> points() {
        return values.stream().map(v -> axis.apply(base, v)).toList();
    }
}
