package io.tpkit.config;

import java.util.Locale;

/** How requests arrive at the database (see DESIGN.md, "The shared scheduler"). */
public enum ArrivalModel {
    /** N back-to-back streams, each owning one connection: TPC-B, TP1, the HPSS thread loop. */
    STREAMS,
    /** Emulated terminals with keying and think times sharing a bounded pool of connections. */
    CLOSED,
    /**
     * Open loop: requests arrive on a schedule of their own ({@code --rate}, fixed or Poisson
     * inter-arrival times), whatever the database does; the terminals only supply their inputs,
     * and the connections serve the arrivals in order, late ones at once.
     */
    OPEN;

    public static ArrivalModel parse(String text) {
        for (ArrivalModel m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new BadInputException("unknown arrival model '" + text + "': use streams, closed or open");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
