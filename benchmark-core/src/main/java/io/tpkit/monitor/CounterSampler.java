package io.tpkit.monitor;

import io.tpkit.spi.database.ServerStatsSampler;
import io.tpkit.spi.database.ServerStatsSampler.ConnectionLost;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link ServerStatsSampler} over cumulative server counters: each {@link Source} is one
 * cheap query returning counters by name, and each {@link Series} turns one counter's change
 * into a per-second rate or a per-interval count. A database only has to say which query and
 * which counter names: PostgreSQL's statistics views here, {@code SHOW GLOBAL STATUS} rows
 * (Variable_name, Value) for MySQL/MariaDB through {@link #nameValueRows}.
 *
 * <p>A query that fails (missing privilege, missing view) removes its source with a note; a
 * counter the query does not return removes its series with a note. Everything else goes on.
 * All queries of one sample run in one read-only transaction of the monitor's connection, so
 * the monitor adds about one transaction per second to the server's own counts.
 */
public final class CounterSampler implements ServerStatsSampler {
    /** Reads cumulative counters by name. */
    @FunctionalInterface
    public interface Query {
        Map<String, Double> read(Connection c) throws SQLException;
    }

    /** Chooses the sources once, on the first sample (e.g. by server version). */
    @FunctionalInterface
    public interface Setup {
        List<Source> sources(Connection c) throws SQLException;
    }

    public enum Kind {
        /** the change divided by the interval's seconds */
        PER_SECOND,
        /** the change in the interval, as a count */
        COUNT
    }

    public record Series(String column, String counter, Kind kind) {
        public static Series perSecond(String column, String counter) {
            return new Series(column, counter, Kind.PER_SECOND);
        }

        public static Series count(String column, String counter) {
            return new Series(column, counter, Kind.COUNT);
        }
    }

    /** An event recorded for the interval in which {@code counter} increased. */
    public record Event(String counter, String text) {
    }

    /**
     * @param label what the notes call the query, e.g. {@code pg_stat_database}
     */
    public record Source(String label, Query query, List<Series> series, List<Event> events) {
        public Source {
            series = new ArrayList<>(series); // series go when their counter is missing
            events = new ArrayList<>(events);
        }
    }

    private static final int QUERY_TIMEOUT_SECONDS = 5;

    private final Setup setup;
    private List<Source> sources;
    private final Map<String, Double> previous = new LinkedHashMap<>();
    /** Its own lock: read while a sample may be waiting on the server under this sampler's. */
    private final List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());

    public CounterSampler(Setup setup) {
        this.setup = setup;
    }

    public CounterSampler(List<Source> sources) {
        this(c -> sources);
    }

    @Override
    public List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    @Override
    public synchronized Sample sample(Connection c, double seconds) {
        if (sources == null) {
            try {
                sources = new ArrayList<>(setup.sources(c));
            } catch (SQLException | RuntimeException e) {
                if (lost(c)) {
                    throw new ConnectionLost(message(e), e); // the next connection chooses
                }
                sources = new ArrayList<>();
                notes.add("db.* absent: cannot tell which statistics the server has: " + message(e));
            }
        }
        Map<String, Double> values = new LinkedHashMap<>();
        List<String> events = new ArrayList<>();
        boolean auto = autoCommit(c);
        for (Source source : List.copyOf(sources)) {
            Map<String, Double> counters;
            try {
                counters = source.query().read(c);
            } catch (SQLException | RuntimeException e) {
                if (lost(c)) {
                    previous.clear(); // the next reading, on a new connection, is a new baseline
                    throw new ConnectionLost(message(e), e);
                }
                // a refused query aborts the transaction: start a new one for the next source
                rollback(c, auto);
                sources.remove(source);
                notes.add(columns(source) + " absent: " + source.label() + " refused: " + message(e));
                continue;
            }
            for (Series s : List.copyOf(source.series())) {
                Double now = counters.get(s.counter());
                if (now == null) {
                    source.series().remove(s);
                    notes.add(s.column() + " absent: " + source.label() + " has no " + s.counter());
                    continue;
                }
                Double delta = delta(source.label() + "/" + s.column(), now);
                if (delta != null) {
                    values.put(s.column(), s.kind() == Kind.COUNT ? delta : seconds > 0 ? delta / seconds : 0.0);
                }
            }
            for (Event e : source.events()) {
                Double now = counters.get(e.counter());
                Double delta = now == null ? null : delta(source.label() + "/event/" + e.counter(), now);
                if (delta != null && delta > 0) {
                    events.add(e.text());
                }
            }
        }
        commit(c, auto);
        return new Sample(values, events);
    }

    /** The change since the last reading, or null on the first one and after a counter reset. */
    private Double delta(String key, double now) {
        Double before = previous.put(key, now);
        return before == null || now < before ? null : now - before;
    }

    private static String columns(Source s) {
        List<String> names = new ArrayList<>();
        s.series().forEach(x -> names.add(x.column()));
        return names.isEmpty() ? s.label() + " series" : String.join(", ", names);
    }

    /**
     * Whether the connection itself is gone, rather than one query refused: a query that fails
     * for want of a privilege or a view leaves the connection working.
     */
    private static boolean lost(Connection c) {
        try {
            return c.isClosed() || !c.isValid(QUERY_TIMEOUT_SECONDS);
        } catch (SQLException | RuntimeException e) {
            return true;
        }
    }

    private static boolean autoCommit(Connection c) {
        try {
            return c.getAutoCommit();
        } catch (SQLException e) {
            return true;
        }
    }

    private static void rollback(Connection c, boolean auto) {
        if (!auto) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the next query says whether the connection still works
            }
        }
    }

    private static void commit(Connection c, boolean auto) {
        if (!auto) {
            try {
                c.commit();
            } catch (SQLException ignored) {
                // nothing was written; a broken connection shows in the next sample's notes
            }
        }
    }

    static String message(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m).trim();
    }

    /** One row; every numeric column is a counter named by its column label. */
    public static Query singleRow(String sql) {
        return c -> {
            Map<String, Double> m = new LinkedHashMap<>();
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
                try (ResultSet rs = s.executeQuery(sql)) {
                    if (rs.next()) {
                        ResultSetMetaData md = rs.getMetaData();
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            double v = rs.getDouble(i);
                            if (!rs.wasNull()) {
                                m.put(md.getColumnLabel(i), v);
                            }
                        }
                    }
                }
            }
            return m;
        };
    }

    /** Rows of (name, value), as {@code SHOW GLOBAL STATUS} returns them; non-numeric values are skipped. */
    public static Query nameValueRows(String sql) {
        return c -> {
            Map<String, Double> m = new LinkedHashMap<>();
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
                try (ResultSet rs = s.executeQuery(sql)) {
                    while (rs.next()) {
                        try {
                            m.put(rs.getString(1), Double.parseDouble(rs.getString(2)));
                        } catch (NumberFormatException | NullPointerException notACounter) {
                            // e.g. Ssl_cipher: not a counter
                        }
                    }
                }
            }
            return m;
        };
    }
}
