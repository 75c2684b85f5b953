package io.tpkit.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Small queries the workloads' checks and counts share. */
public final class Sql {
    private Sql() {
    }

    /**
     * The first column of the first row as a number (a count, a sum), 0 for SQL NULL. Ends the
     * read transaction when auto-commit is off, so no snapshot is held open after a check.
     */
    public static long singleLong(Connection c, String sql) throws SQLException {
        long n;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            n = rs.next() ? rs.getLong(1) : 0;
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        return n;
    }
}
