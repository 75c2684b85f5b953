package io.tpkit.monitor;

/**
 * Paging from /proc/vmstat: major page faults (those that had to read the page from disk) and
 * pages swapped in and out, cumulative since boot. These are the "memory paging" a 2001 monitor
 * reported (faults per second, page-outs per sample); /proc/vmstat's pgpgout counts every block
 * written to disk, files included, so it is not used.
 */
record Paging(long majorFaults, long swapIns, long swapOuts) {
    static Paging parse(String vmstat) {
        long major = -1;
        long in = -1;
        long out = -1;
        for (String line : vmstat.split("\n")) {
            if (!line.startsWith("pgmajfault") && !line.startsWith("pswp")) {
                continue; // about 180 lines, three of them ours
            }
            String[] f = Words.of(line);
            if (f.length < 2) {
                continue;
            }
            switch (f[0]) {
                case "pgmajfault" -> major = Long.parseLong(f[1]);
                case "pswpin" -> in = Long.parseLong(f[1]);
                case "pswpout" -> out = Long.parseLong(f[1]);
                default -> {
                    // not ours
                }
            }
        }
        if (major < 0 || in < 0 || out < 0) {
            throw new IllegalArgumentException("no pgmajfault, pswpin or pswpout in /proc/vmstat");
        }
        return new Paging(major, in, out);
    }
}
