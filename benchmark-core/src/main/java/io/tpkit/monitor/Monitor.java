package io.tpkit.monitor;

import io.tpkit.measurement.Reconnection;
import io.tpkit.spi.database.ServerStatsSampler;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples the machine ({@link OsSampler}) and the database server ({@link ServerStatsSampler})
 * once a second on one daemon thread, for monitor.csv. The seconds are counted from the run's
 * start nanoTime, the origin of timeseries.csv, so rows of both files line up. The database is
 * read on a connection of the monitor's own, so the run's servers never wait for it; nothing a
 * sampler does (or throws) reaches the run: failures become notes. A lost connection is replaced
 * as the sessions replace theirs ({@link Reconnection}), on a thread of its own so that the
 * machine's series go on meanwhile; the seconds without the server's series are a gap, recorded
 * ({@link #gaps()}, the {@code monitor.db_connected} column) and said.
 */
public final class Monitor {
    /** Opens the monitor's own connection. */
    @FunctionalInterface
    public interface ConnectionSource {
        Connection open() throws SQLException;

        /** Gives a connection up when the monitor is done with it (or it broke): closes it by default. */
        default void release(Connection c) throws SQLException {
            c.close();
        }
    }

    /** One second: {@code elapsedSeconds} is its end, {@code seconds} its length. */
    public record Row(double elapsedSeconds, double seconds, Map<String, Double> values) {
        /**
         * The CPU of the machine's other processes in this second, % of all CPUs: busy less the
         * database's and the driver's, never below 0 (the three are sampled a few milliseconds
         * apart); NaN unless all three are known (the database runs on this machine).
         */
        public double otherCpuPct() {
            Double user = values.get(MonitorColumns.CPU_USER);
            Double system = values.get(MonitorColumns.CPU_SYSTEM);
            Double db = values.get(MonitorColumns.SERVER_CPU);
            Double driver = values.get(MonitorColumns.DRIVER_CPU);
            if (user == null || system == null || db == null || driver == null) {
                return Double.NaN;
            }
            return Math.max(0, user + system - db - driver);
        }

        /** Whether the middle of this second lies in [from, to] (elapsed seconds of the run). */
        public boolean middleIn(double from, double to) {
            double middle = elapsedSeconds - seconds / 2;
            return middle >= from && middle <= to;
        }
    }

    static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long STOP_WAIT_MILLIS = 10_000;
    /**
     * 1 in a second whose server series were read, 0 in one whose were not (the connection lost,
     * or never opened); absent when the monitor reads no server.
     */
    public static final String CONNECTED = "monitor.db_connected";

    private final long startNanos;
    private final OsSampler os;
    private final ServerStatsSampler db;
    private final List<Row> rows = new ArrayList<>();
    private final List<MonitorSummary.Event> events = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<MonitorSummary.Gap> gaps = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopped;
    private volatile Connection connection;
    private ConnectionSource connections = () -> {
        throw new SQLException("no connection source");
    };
    private java.util.function.Consumer<String> say = line -> { };
    /** A connection the reconnecting thread opened, for the sampling thread to take. */
    private final java.util.concurrent.atomic.AtomicReference<Connection> reopened =
            new java.util.concurrent.atomic.AtomicReference<>();
    private volatile Thread reconnecting;
    /** Since when (elapsed seconds) the server's series are not read, and why; null while they are. */
    private Double lostSince;
    private String lostBecause;
    /** Why the last attempt to reconnect failed, or null. */
    private String attemptFailed;

    private Monitor(long startNanos, OsSampler os, ServerStatsSampler db) {
        this.startNanos = startNanos;
        this.os = os;
        this.db = db;
        this.thread = Thread.ofPlatform().daemon().name("tpkit-monitor").unstarted(this::loop);
    }

    /**
     * Starts sampling. The connection is opened here, before the run's servers start; when it
     * cannot be opened the db.* series are absent with a note.
     */
    public static Monitor start(long startNanos, ServerStatsSampler db, ConnectionSource connections) {
        return start(startNanos, new OsSampler(), db, connections);
    }

    /** @param server the database server's processes on this machine ({@code db.cpu_pct}), or null */
    public static Monitor start(long startNanos, ServerStatsSampler db, ConnectionSource connections,
                                io.tpkit.spi.database.ServerCpuClock server) {
        return start(startNanos, new OsSampler().watching(server), db, connections, line -> { });
    }

    /**
     * @param say where a lost connection and its replacement are said, one line each (the console)
     */
    public static Monitor start(long startNanos, ServerStatsSampler db, ConnectionSource connections,
                                io.tpkit.spi.database.ServerCpuClock server, java.util.function.Consumer<String> say) {
        return start(startNanos, new OsSampler().watching(server), db, connections, say);
    }

    static Monitor start(long startNanos, OsSampler os, ServerStatsSampler db, ConnectionSource connections) {
        return start(startNanos, os, db, connections, line -> { });
    }

    static Monitor start(long startNanos, OsSampler os, ServerStatsSampler db, ConnectionSource connections,
                         java.util.function.Consumer<String> say) {
        Monitor m = new Monitor(startNanos, os, db);
        m.connections = connections;
        m.say = say;
        if (db != ServerStatsSampler.NONE) {
            try {
                m.connection = prepared(connections.open());
            } catch (SQLException | RuntimeException e) {
                m.note("db.* absent: the monitor could not open its connection: " + CounterSampler.message(e));
            }
        }
        m.thread.start();
        return m;
    }

    private static Connection prepared(Connection c) {
        if (c == null) {
            throw new IllegalStateException("no connection");
        }
        try {
            // one read-only transaction per sample: the monitor adds ~1 commit a second
            c.setAutoCommit(false);
            c.setReadOnly(true);
        } catch (SQLException e) {
            // autocommit works too: one transaction per query then
        }
        return c;
    }

    /** Stops sampling and closes the monitor's connection; waits up to 10 s for a running query. */
    public void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(STOP_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            note("the monitor was still sampling " + STOP_WAIT_MILLIS / 1000 + " s after the measurement; "
                    + "its later rows are not recorded");
            Reconnection.abandon(connection, "tpkit-monitor-cut");
        }
        Thread r = reconnecting;
        if (r != null) {
            r.interrupt(); // a connection it opens from now on is closed at once
        }
        Connection late = reopened.getAndSet(null);
        if (late != null) {
            closeQuietly(late);
        }
        synchronized (this) {
            if (lostSince != null) {
                Double end = rows.isEmpty() ? null : rows.getLast().elapsedSeconds();
                gaps.add(new MonitorSummary.Gap(lostSince, end, reason()));
                note(String.format(java.util.Locale.ROOT, "db.* not read from %.1f s to the end of the run: the "
                        + "monitor's connection was lost (%s) and not replaced before the run ended", lostSince,
                        reason()));
                lostSince = null;
            }
        }
    }

    private void loop() {
        try {
            long now = System.nanoTime();
            sampleOnce(now, 0, false); // the baseline: counters are differences from here
            long tick = nextTick(now);
            long previous = now;
            while (!stopped) {
                now = System.nanoTime();
                if (now < tick) {
                    LockSupport.parkNanos(tick - now);
                    continue; // woken early (stop or spurious): look again
                }
                sampleOnce(now, (now - previous) / 1e9, true);
                previous = now;
                tick = nextTick(System.nanoTime()); // a slow second skips ticks rather than bunching them
            }
        } catch (RuntimeException | Error e) {
            note("monitoring stopped early: " + CounterSampler.message(e));
        } finally {
            if (connection != null) {
                closeQuietly(connection);
            }
        }
    }

    /** The first whole second after {@code now}, counted from the run's start. */
    private long nextTick(long now) {
        long k = (now - startNanos) / TICK_NANOS + 1;
        return startNanos + k * TICK_NANOS;
    }

    private void sampleOnce(long now, double seconds, boolean record) {
        Map<String, Double> values = new LinkedHashMap<>();
        try {
            values.putAll(os.sample(now));
        } catch (RuntimeException e) {
            note("os.* stopped: " + CounterSampler.message(e));
        }
        double elapsed = Math.round((now - startNanos) / 1e6) / 1e3;
        List<String> seen = List.of();
        boolean read = false;
        Connection fresh = reopened.getAndSet(null);
        if (fresh != null) {
            connection = fresh;
            readAgain(fresh, elapsed);
        } else if (connection != null) {
            try {
                ServerStatsSampler.Sample s = db.sample(connection, seconds);
                values.putAll(s.values());
                seen = s.events();
                read = true;
            } catch (ServerStatsSampler.ConnectionLost e) {
                connection = closeQuietly(connection);
                // the last second read ended at the previous tick
                lost(Math.round(1000 * (record ? Math.max(0, elapsed - seconds) : elapsed)) / 1e3,
                        CounterSampler.message(e));
            } catch (RuntimeException e) {
                connection = closeQuietly(connection);
                note("db.* stopped: " + CounterSampler.message(e));
            }
        }
        if (db != ServerStatsSampler.NONE) {
            values.put(CONNECTED, read ? 1.0 : 0.0);
        }
        if (record) {
            synchronized (this) {
                rows.add(new Row(elapsed, seconds, values));
                List<String> events = seen;
                events.forEach(e -> this.events.add(new MonitorSummary.Event(elapsed, e)));
            }
        }
    }

    /** The connection is gone: said once, and replaced on a thread of its own. */
    private void lost(double since, String because) {
        synchronized (this) {
            lostSince = since;
            lostBecause = because;
            attemptFailed = null;
        }
        say.accept(String.format(java.util.Locale.ROOT, "monitor: lost its connection to the database at %.1f s "
                + "(%s); reconnecting, the server's series are not read meanwhile", since, because));
        reconnecting = Thread.ofPlatform().daemon().name("tpkit-monitor-reconnect").start(this::reconnect);
    }

    /** Tries as the sessions do until a connection opens or the monitor stops. */
    private void reconnect() {
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            Reconnection.pause();
            try {
                Connection c = prepared(connections.open());
                if (stopped || Thread.currentThread().isInterrupted()) {
                    closeQuietly(c);
                } else {
                    reopened.set(c);
                }
                return;
            } catch (SQLException | RuntimeException e) {
                synchronized (this) {
                    attemptFailed = CounterSampler.message(e);
                }
            }
        }
    }

    /**
     * On a new connection: the sampler's baseline (its first reading after a loss yields no
     * values, so that no second's figures span the gap), and the gap recorded and said.
     */
    private void readAgain(Connection c, double elapsed) {
        try {
            db.sample(c, 0);
        } catch (ServerStatsSampler.ConnectionLost e) {
            connection = closeQuietly(c);
            synchronized (this) {
                attemptFailed = CounterSampler.message(e);
            }
            reconnecting = Thread.ofPlatform().daemon().name("tpkit-monitor-reconnect").start(this::reconnect);
            return;
        } catch (RuntimeException e) {
            connection = closeQuietly(c);
            note("db.* stopped: " + CounterSampler.message(e));
        }
        double since;
        String because;
        synchronized (this) {
            since = lostSince;
            because = reason();
            gaps.add(new MonitorSummary.Gap(since, elapsed, because));
            lostSince = null;
            attemptFailed = null;
        }
        String gap = String.format(java.util.Locale.ROOT, "db.* not read from %.1f s to %.1f s: the monitor's "
                + "connection was lost (%s); it reconnected at %.1f s", since, elapsed, because, elapsed);
        note(gap);
        say.accept("monitor: reconnected at " + String.format(java.util.Locale.ROOT, "%.1f", elapsed)
                + " s; the server's series were not read from " + String.format(java.util.Locale.ROOT, "%.1f", since)
                + " s to " + String.format(java.util.Locale.ROOT, "%.1f", elapsed) + " s");
    }


    private Connection closeQuietly(Connection c) {
        try {
            connections.release(c);
        } catch (SQLException | RuntimeException ignored) {
            // going away anyway
        }
        return null;
    }

    private synchronized void note(String n) {
        notes.add(n);
    }

    /** The stretches in which the server's series were not read after its connection was lost. */
    public synchronized List<MonitorSummary.Gap> gaps() {
        List<MonitorSummary.Gap> all = new ArrayList<>(gaps);
        if (lostSince != null) {
            all.add(new MonitorSummary.Gap(lostSince, null, reason()));
        }
        return all;
    }

    /** Why the connection went, and why the last attempt to replace it failed, if one did. */
    private synchronized String reason() {
        return lostBecause + (attemptFailed == null ? "" : "; the last attempt to reconnect: " + attemptFailed);
    }

    public synchronized List<Row> rows() {
        return List.copyOf(rows);
    }

    public synchronized List<MonitorSummary.Event> events() {
        return List.copyOf(events);
    }

    /** The machine's CPUs, as /proc/stat counts them (the JVM's count where it cannot be read). */
    public int cpus() {
        return os.cpus();
    }

    /** The samplers' notes (absent series and why) and the monitor's own. */
    public synchronized List<String> notes() {
        List<String> all = new ArrayList<>(os.notes());
        int jvm = Runtime.getRuntime().availableProcessors();
        if (os.cpus() != jvm) {
            all.add("driver.cpu_pct and db.cpu_pct are shares of the machine's " + os.cpus() + " CPUs, as /proc/stat "
                    + "counts them and as os.cpu.* are; this JVM may use " + jvm + " of them (a CPU quota or an "
                    + "affinity)");
        }
        all.addAll(db.notes());
        all.addAll(notes);
        return all;
    }

    /** The columns of monitor.csv after elapsed_s: the OS series in a fixed order, then the database's. */
    public List<String> columns() {
        Set<String> present = new LinkedHashSet<>();
        for (Row r : rows()) {
            present.addAll(r.values().keySet());
        }
        List<String> columns = new ArrayList<>();
        for (String c : OsSampler.COLUMNS) {
            if (present.remove(c)) {
                columns.add(c);
            }
        }
        boolean connected = present.remove(CONNECTED);
        columns.addAll(present);
        if (connected) {
            columns.add(CONNECTED); // last: whether the db.* cells before it were read
        }
        return columns;
    }

    /**
     * Means and maxima over the rows whose second lies mostly inside [from, to] (the measurement
     * interval, in elapsed seconds); over all rows, with a note, when none does.
     */
    public MonitorSummary summary(Double from, Double to) {
        List<Row> all = rows();
        List<Row> inside = new ArrayList<>();
        if (from != null && to != null) {
            for (Row r : all) {
                if (r.middleIn(from, to)) {
                    inside.add(r);
                }
            }
        }
        List<String> notes = new ArrayList<>(notes());
        if (inside.isEmpty() && !all.isEmpty()) {
            notes.add("no whole second of monitoring inside the measurement interval: means and maxima cover the whole run");
            inside = all;
            from = null;
            to = null;
        }
        Map<String, MonitorSummary.Stat> series = new LinkedHashMap<>();
        for (String c : columns()) {
            double sum = 0;
            double max = Double.NEGATIVE_INFINITY;
            int n = 0;
            for (Row r : inside) {
                Double v = r.values().get(c);
                if (v != null) {
                    sum += v;
                    max = Math.max(max, v);
                    n++;
                }
            }
            if (n > 0) {
                series.put(c, new MonitorSummary.Stat(sum / n, max));
            }
        }
        return new MonitorSummary(TICK_NANOS / 1e9, from, to, inside.size(), series, events(), notes, gaps());
    }
}
