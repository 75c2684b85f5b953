package io.tpkit.tp1;

import io.tpkit.config.BadInputException;
import io.tpkit.sql.NamedSql;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Tells what a database holds for TP1 before a run: nothing usable, a finished load at some
 * scale, or data a run must not use (an unfinished load, other accounts per branch).
 */
final class LoadedData {
    /** No TP1 data: a table is missing or the tables are empty. */
    static final long NOTHING = -1;

    private LoadedData() {
    }

    /**
     * @param reloading the run loads again whatever is there ({@code --reload}): unusable
     *                  data is then reported as {@link #NOTHING} instead of an error, since the
     *                  load replaces it anyway
     * @return {@link #NOTHING} when a TP1 table is missing or all are empty, otherwise the number
     *         of branches of a complete load (which may differ from the configured scale)
     * @throws BadInputException when the data cannot be used as it is and {@code reloading} is
     *                           false: loaded with another number of accounts per branch, or an
     *                           unfinished load (counts that do not fit together, keys missing);
     *                           the message says how to fix it
     */
    static long probe(Connection c, NamedSql sql, Tp1Size configured, boolean reloading) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        for (String table : Tp1Tables.ALL) {
            if (!exists(c, meta, table)) {
                return NOTHING;
            }
        }
        long branches;
        long tellers;
        long accounts;
        try (Statement s = c.createStatement()) {
            branches = count(s, sql, Tp1Tables.BRANCH);
            tellers = count(s, sql, Tp1Tables.TELLER);
            accounts = count(s, sql, Tp1Tables.ACCOUNT);
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        if (branches == 0 && tellers == 0 && accounts == 0) {
            return NOTHING;
        }
        boolean fits = branches > 0 && tellers == branches * Tp1Size.TELLERS_PER_BRANCH
                && accounts % branches == 0;
        if (!fits || !keysExist(c, meta)) {
            if (reloading) {
                return NOTHING;
            }
            throw new BadInputException("the tp1 tables hold an unfinished load (" + branches + " branches, "
                    + tellers + " tellers, " + accounts + " accounts" + (fits ? ", keys missing" : "")
                    + "): load again with --reload");
        }
        long perBranch = accounts / branches;
        if (perBranch != configured.accountsPerBranch()) {
            if (reloading) {
                return NOTHING;
            }
            throw new BadInputException("the tp1 data was loaded with " + perBranch + " accounts per branch, not "
                    + configured.accountsPerBranch() + ": add --accounts-per-branch " + perBranch
                    + " or load again with --reload");
        }
        return branches;
    }

    static boolean exists(Connection c, DatabaseMetaData meta, String table) throws SQLException {
        // in the connection's own schema only: another schema's tables are not the ones the run uses
        try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), table, new String[] {"TABLE"})) {
            while (rs.next()) {
                if (table.equalsIgnoreCase(rs.getString("TABLE_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The account table's primary key and its foreign key are the last keys a load adds. */
    private static boolean keysExist(Connection c, DatabaseMetaData meta) throws SQLException {
        try (ResultSet pk = meta.getPrimaryKeys(c.getCatalog(), c.getSchema(), Tp1Tables.ACCOUNT);
             ResultSet fk = meta.getImportedKeys(c.getCatalog(), c.getSchema(), Tp1Tables.ACCOUNT)) {
            return pk.next() && fk.next();
        }
    }

    static long count(Statement s, NamedSql sql, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql.sql("count-rows", java.util.Map.of("table", table)))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
