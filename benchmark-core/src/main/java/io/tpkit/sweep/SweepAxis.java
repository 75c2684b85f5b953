package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.workload.Workload;
import java.util.Locale;

/** What a sweep varies from point to point. */
public enum SweepAxis {
    /** The degree of concurrency: servers, one connection each ({@code --connections}). */
    CONNECTIONS("connections", "connections"),
    /** Emulated terminals sharing the connections ({@code --terminals}, closed arrival). */
    TERMINALS("terminals", "terminals"),
    /** A fixed request rate of all terminals together ({@code --rate}, transactions per second). */
    RATE("rate", "ratePerSecond"),
    /**
     * The threads of a workload whose scale counts them, each on its own connection ({@code
     * --threads}, HPSS: {@link Workload#scaleIsThreads()}). Such a workload measures what its
     * threads write into the tables its load leaves, so every point loads afresh ({@link #reloadsEveryPoint()}).
     */
    THREADS("threads", "scale");

    private final String label;
    private final String configKey;

    SweepAxis(String label, String configKey) {
        this.label = label;
        this.configKey = configKey;
    }

    /** As in the CLI option and on the charts: "connections", "terminals", "rate". */
    public String label() {
        return label;
    }

    /** The key of {@link BenchmarkConfig#describe()} this axis sets. */
    public String configKey() {
        return configKey;
    }

    /**
     * Whether every point loads the data afresh, whatever the load policy: a point of a thread
     * sweep on the tables the last point filled would measure bigger tables than its own run
     * starts with (HPSS's rule: tables empty at the start).
     */
    public boolean reloadsEveryPoint() {
        return this == THREADS;
    }

    /**
     * Refuses, in one line naming the option to use, an axis {@code workload} has no use for:
     * {@code --threads} of a workload whose scale is the size of its data, and the
     * connections, terminals or rate of one that fixes its own run shape.
     */
    public void checkFits(Workload workload) {
        String name = workload.name();
        if (this == THREADS) {
            if (!workload.scaleIsThreads()) {
                throw new BadInputException(name + "'s scale (" + workload.scaleUnit() + ") is the size of its data, "
                        + "not a count of threads: sweep its concurrency with --connections (e.g. --connections 1,2,4,8)");
            }
            return;
        }
        if (!workload.fixesRunShape()) {
            return;
        }
        if (!workload.scaleIsThreads()) {
            throw new BadInputException(name + " fixes its own run shape: it has no --" + label + " to sweep");
        }
        String why = switch (this) {
            case CONNECTIONS -> name + " runs one connection per thread";
            case TERMINALS -> name + "'s threads are its terminals, one connection each";
            default -> name + " measures the rate its threads sustain back to back, not a paced one";
        };
        throw new BadInputException(why + ": sweep --threads (e.g. --threads 1,2,4,8) instead of --" + label);
    }

    /** The value in words: "4 connections", "rate 250/s". */
    public String describe(double value) {
        return this == RATE ? "rate " + format(value) + "/s" : format(value) + " " + label;
    }

    /** Sets {@code value} on a copy of {@code base}. */
    public BenchmarkConfig apply(BenchmarkConfig base, double value) {
        BenchmarkConfig.Builder b = base.toBuilder();
        switch (this) {
            case CONNECTIONS -> b.connections(whole(value));
            case TERMINALS -> b.terminals(whole(value));
            case RATE -> b.ratePerSecond(value);
            case THREADS -> b.scale(whole(value)).loadPolicy(io.tpkit.config.LoadPolicy.ALWAYS);
        }
        return b.build();
    }

    /** Checks one value of this axis. */
    void check(double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new BadInputException("sweep --" + label + " values must be above 0 (got " + format(value) + ")");
        }
        if (this != RATE && value != Math.rint(value)) {
            throw new BadInputException("sweep --" + label + " values must be whole numbers (got " + format(value) + ")");
        }
    }

    public static SweepAxis parse(String text) {
        for (SweepAxis a : values()) {
            if (a.label.equals(text.toLowerCase(Locale.ROOT)) || a.configKey.equals(text)) {
                return a;
            }
        }
        throw new BadInputException("unknown sweep axis '" + text + "': choose connections, terminals, rate or threads");
    }

    private static int whole(double v) {
        return (int) Math.round(v);
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
