package io.tpkit.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/** The machine and software the driver ran on, for result.json. */
public final class Environment {
    private Environment() {
    }

    /** The project's version, from a file the build writes it into (jar, IDE and tests alike). */
    public static String tpkitVersion() {
        try (java.io.InputStream in = Environment.class.getResourceAsStream("/io/tpkit/tpkit-version.properties")) {
            if (in != null) {
                java.util.Properties p = new java.util.Properties();
                p.load(in);
                String v = p.getProperty("version", "");
                if (!v.isEmpty() && !v.startsWith("${")) {
                    return v;
                }
            }
        } catch (java.io.IOException e) {
            // fall through: a version is a label, not worth failing a run for
        }
        return "unknown (not built by Maven)";
    }

    /** The heap's high-water mark so far: the sum of the heap pools' peak usage. */
    public static long peakHeapUsed() {
        long peak = 0;
        for (java.lang.management.MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getPeakUsage() != null) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    /** The driver's machine and JVM now; the driver's CPU over the run is added when it has ended. */
    public static EnvironmentSection describe() {
        Long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : null;
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "unknown";
        }
        // the kernel's boot id: parts of a split run on one machine (or in containers on one) share it,
        // so a merge counts that machine's CPUs once
        String machine = null;
        try {
            machine = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (java.io.IOException | RuntimeException notLinux) {
            // the host name is all a merge has then
        }
        return new EnvironmentSection(tpkitVersion(), System.getProperty("java.vm.vendor") + " "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), memory, Runtime.getRuntime().maxMemory(),
                // how the driver's JVM was tuned: the launcher's defaults, or what the user chose instead
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
                String.join(", ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(java.lang.management.GarbageCollectorMXBean::getName).toList()),
                peakHeapUsed(), host, machine, null, null, null, null, null);
    }
}
