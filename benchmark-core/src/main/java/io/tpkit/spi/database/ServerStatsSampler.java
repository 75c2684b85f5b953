package io.tpkit.spi.database;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

/**
 * Reads the database server's own counters once a second during a run, on a connection of its
 * own (see {@link DatabasePlugin#serverStatsSampler()}). Implementations never throw but for
 * {@link ConnectionLost}: a query the server refuses removes the series it feeds and leaves a
 * note, and sampling goes on; a connection that no longer works is the monitor's to replace.
 * {@link io.tpkit.monitor.CounterSampler} does the bookkeeping for samplers built from
 * cumulative counters (PostgreSQL's statistics views, MySQL's {@code SHOW GLOBAL STATUS}).
 */
public interface ServerStatsSampler {
    /**
     * The connection no longer works (the server ended the session, the network dropped it): the
     * monitor opens another, and the sampler's next call takes a new baseline, so that no
     * interval's figures span the time nothing was read.
     */
    final class ConnectionLost extends RuntimeException {
        public ConnectionLost(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Reads the counters. The first call only takes the baseline and returns no values, and so
     * does the first call after a {@link ConnectionLost}.
     *
     * @param seconds the time since the previous call, to turn differences into rates
     * @return the values of this interval by series name ({@code db.commits_per_s}) and the events
     *         seen in it ({@code checkpoint (timed)})
     */
    Sample sample(Connection c, double seconds);

    /** Why series are absent (refused queries, missing views or counters), in the order they went. */
    List<String> notes();

    record Sample(Map<String, Double> values, List<String> events) {
        public static final Sample EMPTY = new Sample(Map.of(), List.of());
    }

    /** Samples nothing: the default for a plugin that reads no server statistics. */
    ServerStatsSampler NONE = new ServerStatsSampler() {
        @Override
        public Sample sample(Connection c, double seconds) {
            return Sample.EMPTY;
        }

        @Override
        public List<String> notes() {
            return List.of();
        }
    };
}
