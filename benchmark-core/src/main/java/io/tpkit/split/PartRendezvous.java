package io.tpkit.split;

import io.tpkit.config.BadInputException;
import io.tpkit.config.Partition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Where the parts of a run split across driver processes meet: a table in the database under
 * test, so that they need no coordination service of their own. Each part writes a row (its
 * name, index, count and when it joined) and reads the others' until all have joined; they then
 * start at the same instant, {@link #GRACE} after the last one joined, by their wall clocks
 * (which must agree, as NTP keeps them). A part leaves its row when its run ends.
 */
final class PartRendezvous implements AutoCloseable {
    /** How long a part of a split run or load waits for the others. */
    static final java.time.Duration PART_TIMEOUT = java.time.Duration.ofSeconds(120);
    /**
     * A shorter {@link #PART_TIMEOUT} in seconds, for tests of a part that never comes (a system
     * property, so that no option offers it to users).
     */
    static final String PART_TIMEOUT_PROPERTY = "tpkit.partTimeoutSeconds";

    static java.time.Duration partTimeout() {
        String s = System.getProperty(PART_TIMEOUT_PROPERTY);
        return s == null ? PART_TIMEOUT : java.time.Duration.ofSeconds(Long.parseLong(s.trim()));
    }

    static final String TABLE = "tpkit_parts";
    /** Time for every part to see the last row before the common start. */
    static final Duration GRACE = Duration.ofSeconds(3);

    private final Connections db;
    private final Partition part;

    private PartRendezvous(Connections db, Partition part) {
        this.db = db;
        this.part = part;
    }

    /**
     * Joins, waits for the other parts, and returns the epoch millisecond at which all start.
     *
     * @param timeout how long to wait for the last part
     */
    static PartRendezvous join(Connections db, Partition part, Duration timeout, Consumer<String> say)
            throws SQLException, InterruptedException {
        PartRendezvous r = new PartRendezvous(db, part);
        long joined = System.currentTimeMillis();
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            io.tpkit.sql.SharedTable.create(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (run_name VARCHAR(64) NOT NULL, "
                    + "part INT NOT NULL, parts INT NOT NULL, joined_ms BIGINT NOT NULL, PRIMARY KEY (run_name, part))");
            r.leave(c);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE
                    + " (run_name, part, parts, joined_ms) VALUES (?, ?, ?, ?)")) {
                insert.setString(1, part.name());
                insert.setInt(2, part.index());
                insert.setInt(3, part.count());
                insert.setLong(4, joined);
                insert.executeUpdate();
            }
        }
        say.accept("part " + part.label() + " of run '" + part.name() + "' joined; waiting for the others (at "
                + "most " + timeout.toSeconds() + " s)");
        r.startMillis = r.awaitAll(joined, timeout);
        return r;
    }

    private long startMillis;

    /** The common start, in epoch milliseconds. */
    long startMillis() {
        return startMillis;
    }

    /** Sleeps until the common start; returns how late this part was for it (0 when on time). */
    long awaitStart() throws InterruptedException {
        long wait = startMillis - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
            return 0;
        }
        return -wait;
    }

    private long awaitAll(long joined, Duration timeout) throws SQLException, InterruptedException {
        long deadline = joined + timeout.toMillis();
        while (true) {
            Map<Integer, long[]> rows = rows(joined - timeout.toMillis());
            for (Map.Entry<Integer, long[]> e : rows.entrySet()) {
                if (e.getValue()[0] != part.count()) {
                    throw new BadInputException("part " + e.getKey() + " of run '" + part.name() + "' says the run has "
                            + e.getValue()[0] + " parts, this one " + part.count() + ": give every part the same "
                            + "--partition count (or another --run-name)");
                }
            }
            if (rows.size() == part.count()) {
                long last = rows.values().stream().mapToLong(v -> v[1]).max().orElse(joined);
                return last + GRACE.toMillis();
            }
            if (System.currentTimeMillis() > deadline) {
                StringBuilder missing = new StringBuilder();
                for (int i = 1; i <= part.count(); i++) {
                    if (!rows.containsKey(i)) {
                        missing.append(missing.isEmpty() ? "" : ", ").append(i);
                    }
                }
                throw new BadInputException("part(s) " + missing + " of " + part.count() + " of run '" + part.name()
                        + "' did not join within " + timeout.toSeconds() + " s: start every part with the same "
                        + "--partition count and --run-name against the same database; nothing was run");
            }
            Thread.sleep(200);
        }
    }

    /** part -> {parts, joined_ms}, for rows of this run that joined since {@code since}. */
    private Map<Integer, long[]> rows(long since) throws SQLException {
        Map<Integer, long[]> rows = new TreeMap<>();
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            try (PreparedStatement q = c.prepareStatement("SELECT part, parts, joined_ms FROM " + TABLE
                    + " WHERE run_name = ? AND joined_ms >= ?")) {
                q.setString(1, part.name());
                q.setLong(2, since);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        rows.put(rs.getInt(1), new long[] {rs.getLong(2), rs.getLong(3)});
                    }
                }
            }
        }
        return rows;
    }

    private void leave(Connection c) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + TABLE + " WHERE run_name = ? AND part = ?")) {
            delete.setString(1, part.name());
            delete.setInt(2, part.index());
            delete.executeUpdate();
        }
    }

    /** Leaves the table, so that a later run under the same name starts afresh. */
    @Override
    public void close() {
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            leave(c);
        } catch (SQLException ignored) {
            // a row left behind is ignored by a later run once it is older than its timeout
        }
    }
}
