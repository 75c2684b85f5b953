package io.tpkit.metrics;

/**
 * One round of a count-mode run in rounds (HPSS's iterations): every terminal did its share, and
 * the round ended when the last one finished.
 *
 * @param seconds      wall time of the round: from its start (the end of the previous round, or
 *                     in restart mode the end of the pause after it, or the measurement's start)
 *                     to its last terminal's end
 * @param committed    committed transactions in the round
 * @param startSeconds when it started, in elapsed seconds of the run (the time axis of
 *                     timeseries.csv and monitor.csv); null in results that did not record it
 * @param endSeconds   when it ended, likewise
 * @param rowsAtStart  the database's own count of the workload's committed transactions when the
 *                     round started (HPSS: its file records, one row in each of its two tables per
 *                     create): the count before the run plus the rounds before this one; null
 *                     when the workload keeps no such count
 * @param conditions   what the monitor saw during the round; null when it was not monitored
 */
public record Iteration(int number, double seconds, long committed, Double startSeconds, Double endSeconds,
                        Long rowsAtStart, Conditions conditions) {
    public Iteration(int number, double seconds, long committed) {
        this(number, seconds, committed, null, null, null, null);
    }

    public double perSecond() {
        return seconds > 0 ? committed / seconds : 0;
    }

    public Iteration withRowsAtStart(Long rows) {
        return new Iteration(number, seconds, committed, startSeconds, endSeconds, rows, conditions);
    }

    public Iteration withConditions(Conditions c) {
        return new Iteration(number, seconds, committed, startSeconds, endSeconds, rowsAtStart, c);
    }

    /**
     * The monitor's figures over the one-second rows whose middle lies inside the round (the
     * figures a 2001 "monitor" log gave beside each iteration's rate); each null when the monitor
     * had no such series (no /proc, no server counter).
     *
     * @param samples                 one-second rows inside the round
     * @param cpuBusyPct              the machine's CPU busy (user + system), mean, % of all CPUs
     * @param cpuIowaitPct            the machine's CPU waiting for I/O, mean
     * @param databaseCpuPct          the database server's processes, mean, % of all CPUs
     * @param driverCpuPct            the driver JVM, mean, % of all CPUs
     * @param otherCpuPct             every other process of the machine (CPU busy less the database's and
     *                                the driver's), mean, % of all CPUs: what a shared machine took from the
     *                                run; null unless both are measured here
     * @param diskWriteBytesPerSecond bytes written to the machine's disks per second, mean
     * @param diskReadBytesPerSecond  bytes read from them per second, mean
     * @param majorFaultsPerSecond    page faults that read from disk, per second, mean
     * @param swapOutPagesPerSecond   pages swapped out per second, mean
     * @param checkpoints             database checkpoints that started from the previous round's end
     *                                (a pause between them included) to this round's end; null when the
     *                                database counts none (InnoDB)
     * @param checkpointSeconds       seconds of the round during which a checkpoint was under way, from
     *                                the second it was counted in (PostgreSQL counts one as it starts) to
     *                                the second its write and sync times were (as it ends; spread over up to
     *                                checkpoint_completion_target x checkpoint_timeout); null as above
     */
    public record Conditions(int samples, Double cpuBusyPct, Double cpuIowaitPct, Double databaseCpuPct,
                             Double driverCpuPct, Double otherCpuPct, Double diskWriteBytesPerSecond, Double diskReadBytesPerSecond,
                             Double majorFaultsPerSecond, Double swapOutPagesPerSecond, Long checkpoints,
                             Double checkpointSeconds) {
    }
}
