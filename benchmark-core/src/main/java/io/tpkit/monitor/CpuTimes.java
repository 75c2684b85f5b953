package io.tpkit.monitor;

/**
 * The all-CPUs line of /proc/stat, in clock ticks, and how many CPUs it adds up (its
 * {@code cpuN} lines). Guest time is already inside user and nice, so it is not added again.
 */
record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal,
                int cpus) {
    static CpuTimes parse(String procStat) {
        CpuTimes all = null;
        int cpus = 0;
        for (String line : procStat.split("\n")) {
            if (!line.startsWith("cpu")) {
                continue; // interrupts, context switches and the like: only the cpu lines are read
            }
            String[] f = Words.of(line);
            if (f[0].equals("cpu")) {
                all = new CpuTimes(field(f, 1), field(f, 2), field(f, 3), field(f, 4), field(f, 5), field(f, 6),
                        field(f, 7), field(f, 8), 0);
            } else if (f[0].length() > 3 && f[0].chars().skip(3).allMatch(Character::isDigit)) { // cpu0, cpu1...
                cpus++;
            }
        }
        if (all == null) {
            throw new IllegalArgumentException("no 'cpu' line in /proc/stat");
        }
        return new CpuTimes(all.user, all.nice, all.system, all.idle, all.iowait, all.irq, all.softirq, all.steal,
                cpus);
    }

    private static long field(String[] f, int i) {
        return i < f.length ? Long.parseLong(f[i]) : 0; // old kernels have fewer columns
    }

    long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /**
     * Percentages of all CPUs' time between {@code before} and this: user (with nice), system
     * (with hard and soft interrupts), iowait, idle, steal; null when no tick passed.
     */
    double[] percentSince(CpuTimes before) {
        double total = total() - before.total();
        if (total <= 0) {
            return null;
        }
        return new double[] {
                100 * (user + nice - before.user - before.nice) / total,
                100 * (system + irq + softirq - before.system - before.irq - before.softirq) / total,
                100 * (iowait - before.iowait) / total,
                100 * (idle - before.idle) / total,
                100 * (steal - before.steal) / total};
    }
}
