package io.tpkit.sql;

import io.tpkit.spi.database.DataCopy;
import io.tpkit.spi.database.DatabasePlugin;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link DataCopy} kept as tables beside the workload's, in the same database and schema
 * ({@code tpkit_copy_TABLE}): the rows copied within the server once, and put back before every
 * run with TRUNCATE and INSERT ... SELECT into the tables as the load left them (their keys,
 * indexes and options untouched), the foreign keys unchecked meanwhile (the rows come from data
 * that met them), then the planner statistics gathered as after a load. Needs the rights a load
 * needs, and the right to leave foreign keys unchecked.
 */
public final class TableCopy implements DataCopy {
    /** The copies' names: this, then the table's. */
    public static final String PREFIX = "tpkit_copy_";

    /**
     * What differs between databases.
     *
     * @param createCopy       a format with the copy's name, then the table's: a table made of
     *                         the rows ({@code CREATE TABLE %s AS SELECT * FROM %s})
     * @param keysUnchecked    statements that leave the session's foreign keys unchecked
     * @param keysChecked      statements that check them again
     * @param truncateTogether one TRUNCATE names every table (PostgreSQL, where a table that
     *                         another one references cannot be truncated alone)
     * @param transactional    the restore is one transaction (TRUNCATE is transactional)
     */
    public record Dialect(String createCopy, List<String> keysUnchecked, List<String> keysChecked,
                          boolean truncateTogether, boolean transactional) {
    }

    private final Source source;
    private final DatabasePlugin plugin;
    private final Dialect dialect;
    private final String how;
    /** The tables that existed at the save, and those that did not (a restore drops them). */
    private List<String> saved = List.of();
    private List<String> absent = List.of();

    public TableCopy(Source source, DatabasePlugin plugin, Dialect dialect, String how) {
        this.source = source;
        this.plugin = plugin;
        this.dialect = dialect;
        this.how = how;
    }

    @Override
    public String how() {
        return how;
    }

    @Override
    public void save() throws SQLException {
        try (Connection c = source.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            // the right to leave the keys unchecked is asked first: without it a restore would
            // check every row's keys, slower than loading again
            execute(s, dialect.keysUnchecked());
            execute(s, dialect.keysChecked());
            List<String> present = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (String table : source.tables()) {
                (exists(c, table) ? present : missing).add(table);
            }
            if (present.isEmpty()) {
                throw new SQLException("none of the workload's tables exists: " + source.tables());
            }
            for (String table : present) {
                s.execute("DROP TABLE IF EXISTS " + PREFIX + table);
                s.execute(String.format(dialect.createCopy(), PREFIX + table, table));
            }
            saved = List.copyOf(present);
            absent = List.copyOf(missing);
        }
    }

    @Override
    public void restore() throws SQLException {
        try (Connection c = source.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            execute(s, dialect.keysUnchecked());
            c.setAutoCommit(!dialect.transactional());
            for (String table : absent) {
                if (exists(c, table)) {
                    s.execute("DROP TABLE " + table);
                }
            }
            if (dialect.truncateTogether()) {
                s.execute("TRUNCATE " + String.join(", ", saved));
            } else {
                for (String table : saved) {
                    s.execute("TRUNCATE TABLE " + table);
                }
            }
            for (String table : saved) {
                s.executeUpdate("INSERT INTO " + table + " SELECT * FROM " + PREFIX + table);
            }
            if (dialect.transactional()) {
                c.commit();
                c.setAutoCommit(true);
            }
            execute(s, dialect.keysChecked());
            plugin.analyze(c, saved);
        }
    }

    @Override
    public void drop() throws SQLException {
        try (Connection c = source.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            for (String table : saved) {
                s.execute("DROP TABLE IF EXISTS " + PREFIX + table);
            }
        }
    }

    private static void execute(Statement s, List<String> statements) throws SQLException {
        for (String sql : statements) {
            s.execute(sql);
        }
    }

    /** In the connection's own schema, as the workloads look for their tables. */
    private static boolean exists(Connection c, String table) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), table, new String[] {"TABLE"})) {
            while (rs.next()) {
                if (table.equalsIgnoreCase(rs.getString("TABLE_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }
}
