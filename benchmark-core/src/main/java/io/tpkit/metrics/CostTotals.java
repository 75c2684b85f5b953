package io.tpkit.metrics;

import java.util.Map;

/**
 * The driver's work over the measurement interval, summed over every transaction type
 * (deferred parts included: their statements are real work), and the readings of the phase
 * meters (CPU clocks read when the measurement started and ended).
 *
 * @param transactions  transactions executed on a connection
 * @param bytesCounted  whether the database plugin's sockets counted the bytes
 * @param meters        per meter ({@code driver.cpu.user_ns}, {@code database.cpu_ns}...), its
 *                      growth over the measurement interval; absent when it could not be read
 */
public record CostTotals(long transactions, long roundTrips, long statements, long resultSets, long commits,
                         long rollbacks, long bytesSent, long bytesReceived, boolean bytesCounted, long threadCpuNanos,
                         Map<String, Long> meters) {
    public static final CostTotals NONE = new CostTotals(0, 0, 0, 0, 0, 0, 0, 0, false, 0, Map.of());

    /** A meter's growth over the measurement interval, or -1 when it was not read. */
    public long meter(String name) {
        return meters.getOrDefault(name, -1L);
    }
}
