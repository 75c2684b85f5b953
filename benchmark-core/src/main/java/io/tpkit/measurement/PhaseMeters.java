package io.tpkit.measurement;

import io.tpkit.metrics.Phase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Cumulative readings (CPU clocks: the driver JVM's, and the database
 * server's) taken when the run starts and at every phase change, so that the measurement
 * interval gets exactly its share: without start-up, JIT warm-up and the drain. The collector
 * reads them when it changes phase; what they read, and how, is theirs.
 */
public final class PhaseMeters {
    private final Map<String, LongSupplier> meters = new LinkedHashMap<>();
    private final Map<String, long[]> atPhaseStart = new LinkedHashMap<>();
    private final Map<String, Long> atStart = new LinkedHashMap<>();
    private final Map<String, long[]> atPhaseEnd = new LinkedHashMap<>();

    /**
     * Adds a cumulative reading, read now as the run's start (e.g. the database server's CPU
     * time); -1 means it could not be read. Call before the run starts.
     */
    public PhaseMeters add(String name, LongSupplier reading) {
        meters.put(name, reading);
        atStart.put(name, reading.getAsLong());
        atPhaseStart.put(name, new long[Phase.values().length]);
        atPhaseEnd.put(name, new long[Phase.values().length]);
        return this;
    }

    /** Reads every meter as {@code ended} ends and {@code next} starts (the control thread). */
    void phaseChanged(Phase ended, Phase next) {
        meters.forEach((name, reading) -> {
            long value = reading.getAsLong();
            atPhaseEnd.get(name)[ended.ordinal()] = value;
            atPhaseStart.get(name)[next.ordinal()] = value;
        });
    }

    /**
     * A meter's growth from when it was added to now: over the whole run (warm-up, measurement,
     * drain) when read after the run. -1 when the meter cannot be read.
     */
    public long overRun(String name) {
        long start = atStart.getOrDefault(name, -1L);
        long now = meters.containsKey(name) ? meters.get(name).getAsLong() : -1;
        return start < 0 || now < start ? -1 : now - start;
    }

    /** Each meter's growth over a phase that has started and ended; those that could not be read are left out. */
    Map<String, Long> grownOver(Phase p) {
        Map<String, Long> grown = new LinkedHashMap<>();
        int i = p.ordinal();
        meters.keySet().forEach(name -> {
            long start = atPhaseStart.get(name)[i];
            long end = atPhaseEnd.get(name)[i];
            if (start >= 0 && end >= start) {
                grown.put(name, end - start);
            }
        });
        return grown;
    }
}
