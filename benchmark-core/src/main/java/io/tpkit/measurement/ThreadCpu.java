package io.tpkit.measurement;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU time (user and system), for the cost of one transaction on the
 * thread that ran it. A reading is one clock_gettime system call, about a microsecond here.
 */
public final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Whether this JVM measures a thread's CPU time; without it the per-type CPU is absent. */
    public static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported();

    private ThreadCpu() {
    }

    /** CPU nanoseconds of the calling thread so far, 0 when not {@link #SUPPORTED}. */
    public static long now() {
        return SUPPORTED ? THREADS.getCurrentThreadCpuTime() : 0;
    }
}
