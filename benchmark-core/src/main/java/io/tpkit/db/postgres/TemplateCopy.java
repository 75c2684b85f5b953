package io.tpkit.db.postgres;

import io.tpkit.spi.database.DataCopy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A copy of the whole database as another database of the same server ({@code tpkit_copy_DB}),
 * made with CREATE DATABASE ... TEMPLATE; a restore makes a new database from it the same way
 * and swaps it in by name (the old one dropped, the new one renamed), so a run finds the files,
 * the planner statistics and the visibility map as they were after the load. FILE_COPY (from
 * PostgreSQL 15; the only way before): the files are copied after a checkpoint and not written
 * to the WAL, so no checkpoint is owed to them during the next run. Only on a server tpkit
 * started: it creates and drops databases. A database with settings of its own (ALTER DATABASE
 * ... SET) is refused, since a new database would not have them.
 */
final class TemplateCopy implements DataCopy {
    private static final Pattern URL = Pattern.compile("^(jdbc:postgresql://[^/?]*)(/[^?]*)?(\\?.*)?$");
    private final Source source;
    private String database;
    private String admin;
    private String owner;
    private String comment;
    private int version;

    TemplateCopy(Source source) {
        this.source = source;
    }

    @Override
    public String how() {
        return "the whole database copied as a template (CREATE DATABASE ... TEMPLATE, a file copy), swapped in by "
                + "name";
    }

    @Override
    public void save() throws SQLException {
        if (!source.ownsServer()) {
            throw new SQLException("tpkit creates and drops databases only on a server it started");
        }
        try (Connection c = source.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_database(), current_setting('server_version_num')::int")) {
            rs.next();
            database = rs.getString(1);
            version = rs.getInt(2);
        }
        admin = withDatabase(source.jdbcUrl(), database.equals("template1") ? "postgres" : "template1");
        try (Connection a = source.connect(admin); Statement s = a.createStatement()) {
            try (PreparedStatement ps = a.prepareStatement("SELECT (SELECT count(*) FROM pg_db_role_setting x "
                    + "WHERE x.setdatabase = d.oid), pg_get_userbyid(d.datdba), shobj_description(d.oid, 'pg_database') "
                    + "FROM pg_database d WHERE d.datname = ?")) {
                ps.setString(1, database);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) > 0) {
                        throw new SQLException("database " + database + " has settings of its own (ALTER DATABASE "
                                + "... SET), which a copied database would not keep");
                    }
                    owner = rs.getString(2);
                    comment = rs.getString(3);
                }
            }
            s.execute("DROP DATABASE IF EXISTS " + quote(copy()));
            s.execute("CREATE DATABASE " + quote(copy()) + " TEMPLATE " + quote(database) + strategy());
        }
    }

    @Override
    public void restore() throws SQLException {
        String next = "tpkit_next_" + database;
        try (Connection a = source.connect(admin); Statement s = a.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + quote(next));
            s.execute("CREATE DATABASE " + quote(next) + " TEMPLATE " + quote(copy()) + " OWNER " + quote(owner)
                    + strategy());
            // FORCE ends a session of the last run that has not finished leaving
            s.execute("DROP DATABASE " + quote(database) + (version >= 130000 ? " WITH (FORCE)" : ""));
            s.execute("ALTER DATABASE " + quote(next) + " RENAME TO " + quote(database));
            if (comment != null) {
                s.execute("COMMENT ON DATABASE " + quote(database) + " IS '" + comment.replace("'", "''") + "'");
            }
        }
    }

    @Override
    public void drop() throws SQLException {
        if (admin == null) {
            return;
        }
        try (Connection a = source.connect(admin); Statement s = a.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + quote(copy()));
        }
    }

    private String copy() {
        return "tpkit_copy_" + database;
    }

    private String strategy() {
        return version >= 150000 ? " STRATEGY FILE_COPY" : "";
    }

    /** {@code url} pointing at another database of the same server. */
    static String withDatabase(String url, String database) throws SQLException {
        Matcher m = URL.matcher(url);
        if (!m.matches()) {
            throw new SQLException("cannot tell the database in the JDBC URL, to reach another of the server");
        }
        return m.group(1) + "/" + database + (m.group(3) == null ? "" : m.group(3));
    }

    private static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
