package io.tpkit.metrics;

import java.lang.management.ManagementFactory;

/** The driver JVM's own CPU time (an embedded database runs in processes of its own). */
public final class DriverCpu {
    private DriverCpu() {
    }

    /** Process CPU nanoseconds so far, or -1 when the JVM does not say. */
    public static long processNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }
}
