package io.tpkit.result;

import io.tpkit.monitor.MonitorColumns;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.tpkit.measurement.DriverCpu;
import io.tpkit.metrics.CostTotals;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.MonitorSummary;
import io.tpkit.spi.database.ServerCpuClock;
import java.util.ArrayList;
import java.util.List;

/**
 * What one committed transaction of the measurement interval cost, for the whole run (the
 {@code cost} section of result.json; each type's own figures are in its {@code cost}). On a
 * machine where the driver and the database share the CPUs, throughput follows the sum of the
 * two CPU figures. An absent figure is null, with a note that says why.
 *
 * @param basis                   how the figures were obtained, in words
 * @param committed               the committed transactions everything is divided by
 * @param driverCpuMicros         the driver JVM's CPU time (the JVM's own clock)
 * @param driverUserMicros        its user part (/proc/self/stat, 10 ms resolution)
 * @param driverSystemMicros      its system part: mostly the kernel's work for the driver's
 *                                socket calls, which on loopback includes delivering the bytes
 * @param driverJitMicros         the part of the driver CPU spent by its JIT compiler threads
 *                                (high in a short run, near zero once the code is compiled)
 * @param driverGcMicros          the part spent by its garbage collector's own threads
 * @param driverMachinePct        the driver's share of the whole machine (100 = every CPU)
 * @param databaseCpuMicros       the database server's CPU time: its processes when it runs on this
 *                                machine, or its own statement counters (see databaseCpuSource)
 * @param databaseMachinePct      the server's share of the machine, when it runs on this one
 * @param databaseCpuSource       which processes or counters, and how they were found
 * @param statements              SQL statements executed (driver's count, at the session's calls)
 * @param resultSets              result sets read
 * @param commits                 explicit commits
 * @param rollbacks               rollbacks (the benchmark's own and the scheduler's after errors)
 * @param roundTrips              requests the driver sent and waited for (statements sent
 *                                together count once)
 * @param bytesSent               bytes the driver sent to the database (counted at its sockets)
 * @param bytesReceived           bytes it received
 * @param walBytes                WAL (PostgreSQL) or redo (InnoDB) bytes the server wrote
 * @param blockReads              blocks (pages) the server read from outside its buffer cache
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CostPerTransaction(String basis, long committed,
                                 Double driverCpuMicros, Double driverUserMicros, Double driverSystemMicros,
                                 Double driverJitMicros, Double driverGcMicros, Double driverMachinePct,
                                 Double databaseCpuMicros, Double databaseMachinePct, String databaseCpuSource,
                                 double statements, double resultSets, double commits, double rollbacks,
                                 double roundTrips, Double bytesSent, Double bytesReceived,
                                 Double walBytes, Double blockReads, List<String> notes) {
    /** The growth of the database server's CPU clock over the measurement interval, in nanoseconds. */
    public static final String DATABASE_CPU = "database.cpu_ns";

    static final String BASIS = "per committed transaction of the measurement interval, the work of rollbacks, "
            + "retries and deferred parts included; CPU from clocks read when the interval started and ended; "
            + "round trips and bytes counted by the driver at each transaction; WAL bytes and block reads from "
            + "the monitor's per-second server counters (mean per second over the interval / committed per second)";

    /**
     * @param databaseCpu     the clock of the database server's CPU, or null when it was not measured
     * @param databaseCpuNote why it was not measured (null when it was)
     * @param cpus            the machine's CPUs, for the shares (the server's share only when it
     *                        runs on this machine: another machine's CPUs are not known)
     */
    public static CostPerTransaction of(RunMetrics m, MonitorSummary monitor, ServerCpuClock databaseCpu,
                                        String databaseCpuNote, int cpus) {
        return of(m, monitor, databaseCpu == null ? null : databaseCpu.describe(),
                databaseCpu != null && databaseCpu.onThisMachine() ? cpus : null, databaseCpuNote, cpus);
    }

    /**
     * @param databaseCpuSource    how the database's CPU meter was read, or null when it was not
     * @param databaseMachineCpus  the CPUs of the machine the database's processes run on, when
     *                             they were found on a driver's machine; null otherwise
     * @param cpus                 the CPUs of the driver's machines (each machine once), for the
     *                             driver's share
     */
    public static CostPerTransaction of(RunMetrics m, MonitorSummary monitor, String databaseCpuSource,
                                        Integer databaseMachineCpus, String databaseCpuNote, int cpus) {
        boolean databaseHere = databaseMachineCpus != null && databaseMachineCpus > 0;
        CostTotals c = m.costs();
        long n = m.totalCommitted();
        List<String> notes = new ArrayList<>();
        if (n == 0) {
            notes.add("no transaction committed in the measurement interval: nothing to divide by");
            return new CostPerTransaction(BASIS, 0, null, null, null, null, null, null, null, null, databaseCpuSource, 0,
                    0, 0, 0, 0, null, null, null, null, notes);
        }
        double machineNanos = m.measurementSeconds() * 1e9 * cpus;
        long driver = c.meter(DriverCpu.CPU);
        long user = c.meter(DriverCpu.USER);
        long system = c.meter(DriverCpu.SYSTEM);
        long jit = c.meter(DriverCpu.JIT);
        long gc = c.meter(DriverCpu.GC);
        if (driver < 0) {
            notes.add("driver CPU absent: the JVM does not report its process CPU time");
        }
        if (user < 0) {
            notes.add("driver user and system CPU absent: /proc/self/stat cannot be read (not Linux)");
        }
        long database = c.meter(DATABASE_CPU);
        if (database < 0) {
            notes.add("database CPU absent: " + (databaseCpuNote != null ? databaseCpuNote
                    : "the server's processes could not be read at the interval's start and end"));
        }
        if (!c.bytesCounted()) {
            notes.add("network bytes absent: this database's driver sockets are not counted");
        }
        double tps = m.throughput().overWallClock();
        Double wal = perTransaction(monitor, MonitorColumns.WAL_BYTES, tps);
        Double blocks = perTransaction(monitor, MonitorColumns.BLOCK_READS, tps);
        if (wal == null || blocks == null) {
            boolean monitored = monitor != null && monitor.samples() > 0 && monitor.fromSeconds() != null;
            notes.add((wal == null ? "WAL bytes" : "block reads") + (wal == null && blocks == null ? " and block reads" : "")
                    + " absent: " + (monitored ? "the monitor has no such server counter for this run (see its notes)"
                    : "no whole second of the measurement interval was monitored"));
        }
        return new CostPerTransaction(BASIS, n,
                driver < 0 ? null : driver / 1e3 / n,
                user < 0 ? null : user / 1e3 / n,
                system < 0 ? null : system / 1e3 / n,
                jit < 0 ? null : jit / 1e3 / n,
                gc < 0 ? null : gc / 1e3 / n,
                driver < 0 || machineNanos <= 0 ? null : 100 * driver / machineNanos,
                database < 0 ? null : database / 1e3 / n,
                database < 0 || m.measurementSeconds() <= 0 || !databaseHere ? null
                        : 100 * database / (m.measurementSeconds() * 1e9 * databaseMachineCpus),
                databaseCpuSource,
                (double) c.statements() / n, (double) c.resultSets() / n, (double) c.commits() / n,
                (double) c.rollbacks() / n, (double) c.roundTrips() / n,
                c.bytesCounted() ? (double) c.bytesSent() / n : null,
                c.bytesCounted() ? (double) c.bytesReceived() / n : null,
                wal, blocks, notes);
    }

    private static Double perTransaction(MonitorSummary monitor, String series, double tps) {
        if (monitor == null || tps <= 0 || monitor.fromSeconds() == null || monitor.samples() == 0) {
            return null;
        }
        MonitorSummary.Stat s = monitor.series().get(series);
        return s == null ? null : s.mean() / tps;
    }
}
