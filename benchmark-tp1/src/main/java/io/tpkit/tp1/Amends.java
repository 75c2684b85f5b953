package io.tpkit.tp1;

import io.tpkit.sql.NamedSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * T1's keys, and the record that keeps its amends apart from DebitCredit's data.
 *
 * <p>T1 adds {@link #DELTA} to an account's balance and writes no history, so after a T1 run an
 * amended account no longer holds the sum of its history, DebitCredit's own invariant. Before a
 * T1 run tpkit writes each of its keys with the balance it has then into {@code tp1_amended}
 * (the record, outside the measurement). Then the database itself counts the run's amends, the
 * balances minus those bases, which the driver's count of committed T1 transactions must equal;
 * and the consistency checks count a recorded account at its base, so that every other check
 * still holds exactly. The next run that is not T1 (DebitCredit, T2) first returns the recorded
 * accounts to their bases and empties the record, as does the next T1 run before it records its
 * own keys; a load drops the table. The statements are the dialect's {@code amends-*} blocks.
 */
final class Amends {
    static final String TABLE = "tp1_amended";
    /** What one T1 transaction adds to its account's balance, so the amends count themselves. */
    static final int DELTA = 1;

    private Amends() {
    }

    /**
     * The accounts T1 amends, {@code ops} per stream (each once per transaction, in ascending
     * order): without conflict, stream {@code i} of {@code n} amends the {@code ops} accounts from
     * {@code 1 + i * (accounts / n)} on, the streams' keys as far apart as the table allows (each
     * stream in its own branch when there are as many branches as streams); with conflict every
     * stream amends accounts 1 to {@code ops}. Stream {@code i}'s keys are
     * {@code keys[i * ops]} to {@code keys[(i + 1) * ops - 1]} (with conflict the one set, for all).
     */
    static int[] keys(SubTransaction sub, Tp1Size size, int streams, int ops) {
        if (sub == SubTransaction.T1_CONFLICT) {
            int[] keys = new int[ops];
            for (int j = 0; j < ops; j++) {
                keys[j] = 1 + j;
            }
            return keys;
        }
        int spacing = spacing(size, streams);
        int[] keys = new int[streams * ops];
        for (int i = 0; i < streams; i++) {
            for (int j = 0; j < ops; j++) {
                keys[i * ops + j] = 1 + i * spacing + j;
            }
        }
        return keys;
    }

    /** One key per stream, as the seed's T1 has it. */
    static int[] keys(SubTransaction sub, Tp1Size size, int streams) {
        return keys(sub, size, streams, 1);
    }

    /** Accounts between two streams' keys without conflict. */
    static int spacing(Tp1Size size, int streams) {
        return Math.max(1, size.accounts() / Math.max(1, streams));
    }

    static boolean exists(Connection c) throws SQLException {
        return LoadedData.exists(c, c.getMetaData(), TABLE);
    }

    /**
     * Returns the accounts of an earlier T1 run to their bases and empties the record.
     *
     * @return the amends taken back (0 when there was no record)
     */
    static long undo(Connection c, NamedSql sql) throws SQLException {
        if (!exists(c)) {
            return 0;
        }
        return inTransaction(c, () -> undoRecorded(c, sql));
    }

    /** Undoes what an earlier run recorded, then records {@code keys} with their balances now. */
    static long record(Connection c, NamedSql sql, int[] keys) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql.sql("amends-create"));
        }
        if (!c.getAutoCommit()) {
            c.commit(); // MySQL commits DDL anyway; PostgreSQL must see the table before it is used
        }
        return inTransaction(c, () -> {
            long undone = undoRecorded(c, sql);
            try (PreparedStatement insert = c.prepareStatement(sql.sql("amends-record"))) {
                for (int key : Arrays.stream(keys).distinct().toArray()) {
                    insert.setInt(1, key);
                    if (insert.executeUpdate() != 1) {
                        throw MissingRow.of(Tp1Tables.ACCOUNT, "aid", key);
                    }
                }
            }
            return undone;
        });
    }

    /**
     * The amends since the record was written, summed over the recorded accounts: their balances
     * minus their bases ({@code -1} when there is no record, so no count).
     */
    static long counted(Connection c, NamedSql sql) throws SQLException {
        if (!exists(c)) {
            return -1;
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.sql("amends-counted"))) {
            rs.next();
            long n = rs.getLong(1);
            endRead(c);
            return n;
        }
    }

    /** Each recorded account's amends (its balance minus its base), by account id. */
    static Map<Integer, Long> byAccount(Connection c, NamedSql sql) throws SQLException {
        Map<Integer, Long> m = new LinkedHashMap<>();
        if (!exists(c)) {
            return m;
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.sql("amends-by-account"))) {
            while (rs.next()) {
                m.put(rs.getInt(1), rs.getLong(2));
            }
        }
        endRead(c);
        return m;
    }

    private static long undoRecorded(Connection c, NamedSql sql) throws SQLException {
        List<long[]> recorded = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.sql("amends-recorded"))) {
            while (rs.next()) {
                recorded.add(new long[] {rs.getInt(1), rs.getLong(2), rs.getLong(3)});
            }
        }
        long undone = 0;
        try (PreparedStatement restore = c.prepareStatement(sql.sql("account-restore"))) {
            for (long[] r : recorded) {
                restore.setLong(1, r[1]);
                restore.setInt(2, (int) r[0]);
                restore.executeUpdate();
                undone += r[2];
            }
        }
        try (Statement s = c.createStatement()) {
            s.executeUpdate(sql.sql("amends-clear"));
        }
        return undone;
    }

    private interface Work {
        long run() throws SQLException;
    }

    private static long inTransaction(Connection c, Work work) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            long result = work.run();
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    private static void endRead(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }
}
