package io.tpkit.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/** The machine and software the driver ran on, for result.json. */
public final class Environment {
    private Environment() {
    }

    public static String tpkitVersion() {
        String v = Environment.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    public static Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tpkitVersion", tpkitVersion());
        m.put("java", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        m.put("cpus", Runtime.getRuntime().availableProcessors());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            m.put("memoryBytes", os.getTotalMemorySize());
        }
        m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        try {
            m.put("host", InetAddress.getLocalHost().getHostName());
        } catch (Exception e) {
            m.put("host", "unknown");
        }
        return m;
    }
}
