package io.tpkit.measurement;

/** Fields of a Linux {@code /proc/PID/stat} line. */
public final class ProcStat {
    private ProcStat() {
    }

    /**
     * The fields after the command name, which is in parentheses and may itself hold spaces and
     * parentheses: field 3 of proc(5) ({@code state}) is at index 0.
     */
    private static String[] afterName(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat);
        }
        return stat.substring(close + 2).trim().split(" ");
    }

    /** utime and stime (fields 14 and 15), in clock ticks. */
    public static long[] userSystemTicks(String stat) {
        String[] f = afterName(stat);
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
    }

    /**
     * utime + stime + cutime + cstime (fields 14 to 17) in clock ticks: the process's own CPU
     * time and that of its children it has waited for (a server's ended backends).
     */
    public static long totalTicksWithReapedChildren(String stat) {
        String[] f = afterName(stat);
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }

    /** The parent process id (field 4). */
    public static int parentPid(String stat) {
        return Integer.parseInt(afterName(stat)[1]);
    }

    /** The command name (field 2), without its parentheses. */
    public static String name(String stat) {
        return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }
}
