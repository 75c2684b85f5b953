package io.tpkit.config;

import java.util.Locale;

/** How the arrivals of a {@code --rate} schedule are spaced. */
public enum Interarrival {
    /** Every 1/rate seconds exactly. */
    FIXED,
    /** Independent exponential gaps with mean 1/rate: a Poisson process, as many users arriving. */
    POISSON;

    public static Interarrival parse(String text) {
        for (Interarrival i : values()) {
            if (i.name().equalsIgnoreCase(text.trim())) {
                return i;
            }
        }
        throw new BadInputException("unknown inter-arrival '" + text + "': use fixed or poisson");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
