package io.tpkit.measurement;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The driver JVM's own CPU time (an embedded database runs in processes of its own). */
public final class DriverCpu {
    /** Linux reports process times in clock ticks of 1/100 s (USER_HZ, fixed by its ABI). */
    static final long NANOS_PER_TICK = 10_000_000L;
    private static final Path SELF_STAT = Path.of("/proc/self/stat");

    /** The driver JVM's CPU time (JVM), and its user and system parts (/proc), in nanoseconds. */
    public static final String CPU = "driver.cpu_ns";
    public static final String USER = "driver.cpu.user_ns";
    public static final String SYSTEM = "driver.cpu.system_ns";
    /** The part of the driver's CPU spent by the JIT compiler and the garbage collector (/proc). */
    public static final String JIT = "driver.cpu.jit_ns";
    public static final String GC = "driver.cpu.gc_ns";

    private DriverCpu() {
    }

    /** The driver's CPU clocks, read at the run's start and at every phase change. */
    public static PhaseMeters meters() {
        return new PhaseMeters()
                .add(CPU, DriverCpu::processNanos)
                .add(USER, () -> {
                    long[] t = userSystemNanos();
                    return t == null ? -1 : t[0];
                })
                .add(SYSTEM, () -> {
                    long[] t = userSystemNanos();
                    return t == null ? -1 : t[1];
                })
                .add(JIT, () -> {
                    long[] t = jitAndGcNanos();
                    return t == null ? -1 : t[0];
                })
                .add(GC, () -> {
                    long[] t = jitAndGcNanos();
                    return t == null ? -1 : t[1];
                });
    }

    /** Process CPU nanoseconds so far, or -1 when the JVM does not say. */
    public static long processNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /**
     * CPU nanoseconds so far of the JVM's own JIT compiler threads and of its garbage collector
     * (GC worker threads and the VM thread, where the serial collector runs), from
     * /proc/self/task; null without /proc. On a small machine both compete with the database.
     */
    public static long[] jitAndGcNanos() {
        long jit = 0;
        long gc = 0;
        try (java.nio.file.DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException e) {
                    continue; // ended meanwhile
                }
                String name = ProcStat.name(stat);
                long[] t = ProcStat.userSystemTicks(stat);
                if (name.contains("CompilerThre")) {
                    jit += t[0] + t[1];
                } else if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")
                        || name.startsWith("ZWorker") || name.startsWith("Shenandoah")) {
                    gc += t[0] + t[1];
                }
            }
            return new long[] {jit * NANOS_PER_TICK, gc * NANOS_PER_TICK};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * User and system CPU nanoseconds of the process so far, from /proc/self/stat (10 ms
     * resolution), or null without /proc. System time is mostly the kernel's work for the
     * driver's socket calls, which on loopback includes delivering the bytes to the database.
     */
    public static long[] userSystemNanos() {
        try {
            long[] ticks = ProcStat.userSystemTicks(Files.readString(SELF_STAT));
            return new long[] {ticks[0] * NANOS_PER_TICK, ticks[1] * NANOS_PER_TICK};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
