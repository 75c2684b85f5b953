package io.tpkit.result;

/**
 * What a load did.
 *
 * @param databaseBytes the database's size after the load, or -1 when the server does not say
 * @param bytesPerScaleUnit databaseBytes divided by the scale (per branch, per warehouse)
 * @param slice for one part of a load split across driver processes, which part and which units
 *              it loaded ("part 1/2: warehouses 1-2 of 4"); its rows and seconds are its own, the
 *              database's size the whole load's. Null for a whole load.
 */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record LoadReport(String workload, int scale, double seconds, long rows, double rowsPerSecond,
                         long databaseBytes, long bytesPerScaleUnit, String slice) {
    public LoadReport(String workload, int scale, double seconds, long rows, double rowsPerSecond,
                      long databaseBytes, long bytesPerScaleUnit) {
        this(workload, scale, seconds, rows, rowsPerSecond, databaseBytes, bytesPerScaleUnit, null);
    }
}
