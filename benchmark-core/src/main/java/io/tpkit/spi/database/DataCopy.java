package io.tpkit.spi.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A copy of a workload's data that the database keeps beside it: made once, before the first
 * run of a series (repetitions, a sweep's points), and restored before every run, so that each
 * starts from the same data without generating and loading it again. A plugin offers its ways
 * with {@link DatabasePlugin#dataCopies}, fastest first; a series uses the first whose
 * {@link #save} succeeds.
 */
public interface DataCopy {
    /** How the copy is kept and restored, in words, for the output and the record. */
    String how();

    /**
     * Copies the data as it is now. tpkit holds no other session on the database meanwhile.
     * Throws, saying why, where this way is not open (a right missing, a setting it would lose):
     * the series then tries the next way, or loads the data again before every run.
     */
    void save() throws SQLException;

    /** Replaces the data by the copy, with the planner statistics gathered as after a load. */
    void restore() throws SQLException;

    /** Drops the copy; the data stays as the last run left it. */
    void drop() throws SQLException;

    /**
     * What the copy is made of and where.
     *
     * @param jdbcUrl    the run's database
     * @param tables     the tables that hold the workload's data, in the connection's own schema
     *                   (those a run may create too: a table missing now is dropped by a restore)
     * @param ownsServer tpkit started the server for this command (an embedded server, a
     *                   container): it may create and drop databases on it, which it never does on
     *                   a server it did not start
     */
    record Source(String jdbcUrl, String user, String password, List<String> tables, boolean ownsServer) {
        public Source {
            tables = List.copyOf(tables);
        }

        /** A connection to the run's database. */
        public Connection connect() throws SQLException {
            return connect(jdbcUrl);
        }

        /** A connection with this user to another database of the same server. */
        public Connection connect(String url) throws SQLException {
            Properties p = new Properties();
            if (user != null) {
                p.setProperty("user", user);
            }
            if (password != null) {
                p.setProperty("password", password);
            }
            return DriverManager.getConnection(url, p);
        }

        /** Without the password. */
        @Override
        public String toString() {
            return "Source[tables=" + tables + ", ownsServer=" + ownsServer + "]";
        }
    }
}
