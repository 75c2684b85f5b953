package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.ConnectionLimit;

/** What a run or a series may ask of the server's connections, checked before anything runs. */
final class ServerConnections {
    private ServerConnections() {
    }

    /**
     * Refuses, in one line, a run that needs more connections than the server accepts: found
     * before the run, rather than as a pool's timeout 30 s into it.
     *
     * @param available what the server accepts for this run
     * @param unit      what the user gives to have fewer connections: "connections", or "threads"
     *                  for a workload whose every thread has its own ({@link #concurrency})
     */
    static void refuseOverLimit(String label, int needs, int connections, int available, ConnectionLimit limit,
                                String server, String unit) {
        if (needs <= available) {
            return;
        }
        throw new BadInputException(label + " needs " + needs + " connections (" + connections + " for the run"
                + (needs - connections > RunSettings.SPARE_CONNECTIONS ? ", " + (needs - connections - RunSettings.SPARE_CONNECTIONS)
                + " for deferred work" : "") + ", " + RunSettings.SPARE_CONNECTIONS + " for tpkit's monitor and checks) but the "
                + "server (" + server + ") accepts " + available + " more (" + limit.how() + "): use at most "
                + Math.max(0, available - (needs - connections)) + " " + unit + " or raise the server's limit; "
                + "nothing was run");
    }

    /** What sets a run's connections: "threads" for a workload whose scale is its threads (HPSS), else "connections". */
    static String concurrency(BenchmarkConfig config) {
        return Plugins.workload(config.workload()).scaleIsThreads() ? "threads" : "connections";
    }
}
