package io.tpkit.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** SQL from integration tests against the database under test, between tpkit commands. */
public final class SqlAccess {
    private SqlAccess() {
    }

    /** Work on one statement of a fresh connection. */
    public interface SqlFunction<T> {
        T apply(Statement s) throws SQLException;
    }

    public static <T> T withStatement(String url, String user, SqlFunction<T> f) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, user, null); Statement s = c.createStatement()) {
            return f.apply(s);
        }
    }

    /** The first column of the first row as a number. */
    public static long single(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
