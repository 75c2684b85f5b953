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
        boolean defers = needs - connections > RunSettings.SPARE_CONNECTIONS;
        int most = mostThatFit(available, defers);
        throw new BadInputException(label + " needs " + needs + " connections (" + connections + " for the run"
                + (defers ? ", " + (needs - connections - RunSettings.SPARE_CONNECTIONS)
                + " for deferred work" : "") + ", " + RunSettings.SPARE_CONNECTIONS + " for tpkit's monitor and checks) but the "
                + "server (" + server + ") accepts " + available + " more (" + limit.how() + "): "
                + (most >= 1 ? "use at most " + most + " " + unit + " or raise the server's limit"
                : "too few for a run of even 1, which needs " + needsFor(1, defers) + ": close other sessions or "
                + "raise the server's limit") + "; nothing was run");
    }

    /**
     * The most connections (or threads) a run may be given and still open no more than
     * {@code available}: its deferred workers grow with them ({@link RunSettings#deferredWorkers}), so
     * the answer is not the limit less today's extras. 0 when not even one fits.
     */
    static int mostThatFit(int available, boolean defers) {
        int c = available;
        while (c >= 1 && needsFor(c, defers) > available) {
            c--;
        }
        return Math.max(0, c);
    }

    private static int needsFor(int connections, boolean defers) {
        return connections + (defers ? RunSettings.deferredWorkers(connections) : 0) + RunSettings.SPARE_CONNECTIONS;
    }

    /** What sets a run's connections: "threads" for a workload whose scale is its threads (HPSS), else "connections". */
    static String concurrency(BenchmarkConfig config) {
        return Plugins.workload(config.workload()).scaleIsThreads() ? "threads" : "connections";
    }
}
