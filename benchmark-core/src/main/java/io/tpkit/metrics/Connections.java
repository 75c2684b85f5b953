package io.tpkit.metrics;

import java.util.Map;

/**
 * What happened to the run's connections: those the server ended or the network dropped, the
 * attempts to open one that the server or the network refused (by class), and how long fewer
 * connections worked than the run asked for (a lost connection counts as not working until its
 * replacement is open).
 *
 * @param asked                     the connections the run asked for (its servers; deferred
 *                                  workers, which come and go, are not counted here)
 * @param lost                      connections lost during the run (every phase, deferred workers
 *                                  included)
 * @param refused                   attempts to open a connection that failed during the run, by
 *                                  class: {@code tooManyConnections}, {@code authentication},
 *                                  {@code network}, {@code serverNotAccepting}, {@code other}
 * @param firstRefusal              the first message of each class
 * @param secondsBelowAsked         the seconds of the measurement interval in which fewer than
 *                                  {@code asked} connections worked
 * @param fewestWorking             the fewest that worked at once in the measurement interval
 * @param secondsBelowAskedWholeRun the same over the whole run (warm-up and drain included)
 */
public record Connections(int asked, long lost, Map<String, Long> refused, Map<String, String> firstRefusal,
                          double secondsBelowAsked, int fewestWorking, double secondsBelowAskedWholeRun) {
    /** Whether anything happened worth a line: a connection lost, an attempt refused, or fewer working. */
    public boolean eventful() {
        return lost > 0 || !refused.isEmpty() || secondsBelowAskedWholeRun > 0;
    }

    public long refusedTotal() {
        return refused.values().stream().mapToLong(Long::longValue).sum();
    }
}
