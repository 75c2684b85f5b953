package io.tpkit.monitor;

/**
 * Memory from /proc/meminfo: used is total minus available (the kernel's estimate of what new
 * work could get without swapping, page cache included), as free(1) counts it.
 */
record MemInfo(long totalBytes, long availableBytes) {
    static MemInfo parse(String meminfo) {
        long total = -1;
        long available = -1;
        for (String line : meminfo.split("\n")) {
            if (!line.startsWith("Mem")) {
                continue;
            }
            String[] f = Words.of(line);
            if (f.length >= 2 && f[0].equals("MemTotal:")) {
                total = kib(f);
            } else if (f.length >= 2 && f[0].equals("MemAvailable:")) {
                available = kib(f);
            }
        }
        if (total < 0 || available < 0) {
            throw new IllegalArgumentException("no MemTotal or MemAvailable in /proc/meminfo");
        }
        return new MemInfo(total, available);
    }

    private static long kib(String[] f) {
        return Long.parseLong(f[1]) * (f.length > 2 && f[2].equals("kB") ? 1024 : 1);
    }

    long usedBytes() {
        return totalBytes - availableBytes;
    }
}
