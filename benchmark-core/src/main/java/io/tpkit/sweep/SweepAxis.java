package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import java.util.Locale;

/** What a sweep varies from point to point. */
public enum SweepAxis {
    /** The degree of concurrency: servers, one connection each ({@code --connections}). */
    CONNECTIONS("connections", "connections"),
    /** Emulated terminals sharing the connections ({@code --terminals}, closed arrival). */
    TERMINALS("terminals", "terminals"),
    /** A fixed request rate of all terminals together ({@code --rate}, transactions per second). */
    RATE("rate", "ratePerSecond");

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
        throw new BadInputException("unknown sweep axis '" + text + "': choose connections, terminals or rate");
    }

    private static int whole(double v) {
        return (int) Math.round(v);
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
