package io.tpkit.split;

import io.tpkit.config.Partition;
import io.tpkit.scheduler.RoundMeeting;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The rounds of a run in rounds (HPSS's iterations) split across driver processes, met in a
 * table of the database under test: each part writes a row when it ends a round and waits until
 * every part has, so that the whole run's round ends with the last part's, as it would with all
 * the threads in one process. Rows are keyed by the run's name and its common start, so rows of
 * an earlier run under the same name never count.
 *
 * <p>The wait polls on a connection of its own, every {@link #POLL}: a round of 20,000 creates
 * lasts seconds, so the part that ends last starts the next round at most a poll and a round
 * trip after it could have.
 */
final class PartRounds implements RoundMeeting, AutoCloseable {
    static final String TABLE = "tpkit_part_rounds";
    static final Duration POLL = Duration.ofMillis(2);

    private final Partition part;
    private final long runStartMillis;
    private final Duration timeout;
    private final Connection c;
    private final PreparedStatement arrive;
    private final PreparedStatement arrived;

    /**
     * @param runStartMillis the common start of the parts ({@link PartRendezvous#startMillis()})
     * @param timeout        how long a part may be missing from a round before the others give up
     */
    PartRounds(Connections db, Partition part, long runStartMillis, Duration timeout) throws SQLException {
        this.part = part;
        this.runStartMillis = runStartMillis;
        this.timeout = timeout;
        this.c = db.open();
        try {
            c.setAutoCommit(true);
            io.tpkit.sql.SharedTable.create(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (run_name VARCHAR(64) NOT NULL, "
                    + "start_ms BIGINT NOT NULL, round INT NOT NULL, part INT NOT NULL, at_ms BIGINT NOT NULL, "
                    + "PRIMARY KEY (run_name, start_ms, round, part))");
            try (PreparedStatement old = c.prepareStatement("DELETE FROM " + TABLE
                    + " WHERE run_name = ? AND part = ? AND start_ms < ?")) {
                old.setString(1, part.name());
                old.setInt(2, part.index());
                old.setLong(3, runStartMillis);
                old.executeUpdate();
            }
            arrive = c.prepareStatement("INSERT INTO " + TABLE + " (run_name, start_ms, round, part, at_ms) "
                    + "VALUES (?, ?, ?, ?, ?)");
            arrived = c.prepareStatement("SELECT part FROM " + TABLE + " WHERE run_name = ? AND start_ms = ? AND round = ?");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void meet(int round) throws InterruptedException {
        long since = System.currentTimeMillis();
        try {
            arrive.setString(1, part.name());
            arrive.setLong(2, runStartMillis);
            arrive.setInt(3, round);
            arrive.setInt(4, part.index());
            arrive.setLong(5, since);
            arrive.executeUpdate();
            while (true) {
                List<Integer> there = arrived(round);
                if (there.size() >= part.count()) {
                    return;
                }
                if (System.currentTimeMillis() - since > timeout.toMillis()) {
                    List<Integer> missing = new ArrayList<>();
                    for (int i = 1; i <= part.count(); i++) {
                        if (!there.contains(i)) {
                            missing.add(i);
                        }
                    }
                    throw new IllegalStateException("part(s) " + missing + " of " + part.count() + " of run '"
                            + part.name() + "' did not " + (round == 0 ? "start the first round" : "end round " + round)
                            + " within " + timeout.toSeconds() + " s of this part: a part stopped or lost its "
                            + "database; this part's result is not written");
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                LockSupport.parkNanos(POLL.toNanos());
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot meet the other parts in " + TABLE + ": " + e.getMessage(), e);
        }
    }

    private List<Integer> arrived(int round) throws SQLException {
        arrived.setString(1, part.name());
        arrived.setLong(2, runStartMillis);
        arrived.setInt(3, round);
        List<Integer> parts = new ArrayList<>();
        try (ResultSet rs = arrived.executeQuery()) {
            while (rs.next()) {
                parts.add(rs.getInt(1));
            }
        }
        return parts;
    }

    @Override
    public void close() throws SQLException {
        c.close(); // the rows stay until this part's next run under the name: a late part may still read them
    }
}
