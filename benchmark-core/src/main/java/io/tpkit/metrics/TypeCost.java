package io.tpkit.metrics;


/**
 * What one transaction type cost the driver in the measurement interval, per transaction
 * executed (committed, rolled back as the benchmark asks, or failed; the retries of a
 * transaction are part of it). Counted by the driver at the session's own calls.
 *
 * @param transactions    transactions executed on a connection (a deferred type's terminal
 *                        part, which only queues the request, has none)
 * @param statements      SQL statements executed (a COMMIT or ROLLBACK is counted apart)
 * @param resultSets      result sets read (a query's rows arrive with its round trip)
 * @param commits         explicit commits (a statement in auto-commit mode carries its own)
 * @param rollbacks       rollbacks (the benchmark's own, and the scheduler's after an error)
 * @param roundTrips      requests the driver sent and waited for: each statement, commit or
 *                        rollback alone, or several statements sent together as one
 * @param bytesSent       bytes the driver wrote to the database's socket, -1 when not counted
 * @param bytesReceived   bytes it read from it, -1 when not counted
 * @param driverCpuMicros CPU time of the connection's thread from the first statement to the
 *                        commit: the session's logic, JDBC, and the kernel's work for its socket
 *                        calls; -1 when the JVM cannot tell a thread's CPU time
 */
public record TypeCost(long transactions, double statements, double resultSets, double commits, double rollbacks,
                       double roundTrips, double bytesSent, double bytesReceived, double driverCpuMicros) {
    public static final TypeCost NONE = new TypeCost(0, 0, 0, 0, 0, 0, -1, -1, -1);
}
