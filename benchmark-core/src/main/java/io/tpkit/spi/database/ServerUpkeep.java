package io.tpkit.spi.database;

import java.util.Map;

/**
 * What a server shows of its periodic upkeep (checkpoints, vacuum) to the {@code long-enough}
 * rule, which wants the measurement interval to cover it: why the monitor has no checkpoint
 * counter, why no checkpoint came and how to get one, and whether vacuum counters were expected.
 * The counters themselves are the plugin's {@link ServerStatsSampler}'s ({@code db.checkpoints},
 * {@code db.autovacuums}, {@code db.autoanalyzes}).
 */
public interface ServerUpkeep {
    /** A server of which nothing is known: no checkpoint counter, no advice, no vacuum. */
    ServerUpkeep NONE = new ServerUpkeep() {
    };

    /** Why the monitor read no checkpoint counter of this server ({@code product}: the settings snapshot's). */
    default String noCheckpointCounter(String product) {
        return product + " has no checkpoint counter that the monitor reads";
    }

    /**
     * Why no checkpoint came inside the interval, from the server's settings and the WAL (redo
     * log) the interval wrote, and how to get one: text that follows "no checkpoint inside the
     * interval", starting with ": ", or "" when there is nothing to say.
     *
     * @param walBytes the bytes the interval wrote to the WAL, or null when the monitor read none
     */
    default String noCheckpointAdvice(Map<String, String> settings, Double walBytes) {
        return "";
    }

    /**
     * What to say when the monitor read no vacuum counter of a server that has them, or null
     * when the server has none (the rule then asks for checkpoints only).
     */
    default String vacuumNotRead() {
        return null;
    }
}
