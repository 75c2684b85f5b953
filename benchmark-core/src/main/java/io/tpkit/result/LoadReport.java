package io.tpkit.result;

/**
 * What a load did.
 *
 * @param databaseBytes the database's size after the load, or -1 when the server does not say
 * @param bytesPerScaleUnit databaseBytes divided by the scale (per branch, per warehouse)
 */
public record LoadReport(String workload, int scale, double seconds, long rows, double rowsPerSecond,
                         long databaseBytes, long bytesPerScaleUnit) {
}
