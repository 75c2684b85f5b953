package io.tpkit.sql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stored functions and procedures of a workload's {@code --logic procedure}, installed from
 * their script and kept at the version of the tpkit that runs: the script's SHA-256 is recorded
 * in the table {@value #TABLE} under the workload's name, and the script runs again whenever the
 * recorded checksum differs (another tpkit version, or none recorded) or a routine the script
 * creates is missing (dropped by hand). A run never calls routines another version left behind,
 * and an unchanged database is not touched. The script must replace its own routines when run
 * again (drop them first, or {@code CREATE OR REPLACE}).
 */
public final class StoredRoutines {
    /** Where the checksums are recorded: one row per workload. */
    public static final String TABLE = "tpkit_routines";
    private static final Pattern CREATES = Pattern.compile(
            "\\bCREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:FUNCTION|PROCEDURE)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?([A-Za-z_][A-Za-z_0-9]*)",
            Pattern.CASE_INSENSITIVE);

    private StoredRoutines() {
    }

    /**
     * Runs {@code script} unless the database already holds this exact version of it.
     *
     * @param name   the workload's key in {@value #TABLE} (e.g. {@code tpcc})
     * @param script the whole script text, as {@link SqlScript#split} reads it
     * @return whether the script ran
     */
    public static boolean install(Connection c, String name, String script) throws SQLException {
        List<String> statements = SqlScript.split(script);
        String checksum = checksum(script);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (workload VARCHAR(64) NOT NULL PRIMARY KEY, "
                    + "checksum VARCHAR(64) NOT NULL, installed VARCHAR(40) NOT NULL)");
        }
        commit(c);
        if (checksum.equals(recorded(c, name)) && missing(c, routines(statements)).isEmpty()) {
            return false;
        }
        SqlScript.execute(c, statements);
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + TABLE + " WHERE workload = ?");
             PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE
                     + " (workload, checksum, installed) VALUES (?, ?, ?)")) {
            delete.setString(1, name);
            delete.executeUpdate();
            insert.setString(1, name);
            insert.setString(2, checksum);
            insert.setString(3, java.time.OffsetDateTime.now().toString());
            insert.executeUpdate();
        }
        commit(c);
        return true;
    }

    /** The checksum recorded for {@code name}, or null. */
    public static String recorded(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT checksum FROM " + TABLE + " WHERE workload = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                String found = rs.next() ? rs.getString(1) : null;
                commit(c);
                return found;
            }
        }
    }

    /** SHA-256 of the script's text, in hex. */
    public static String checksum(String script) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The names of the functions and procedures the statements create, in lower case. */
    static Set<String> routines(List<String> statements) {
        Set<String> names = new LinkedHashSet<>();
        for (String sql : statements) {
            Matcher m = CREATES.matcher(sql);
            if (m.lookingAt()) {
                names.add(m.group(1).toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }

    /** Those of {@code routines} the connection's schema (PostgreSQL) or database (MySQL) lacks. */
    static Set<String> missing(Connection c, Set<String> routines) throws SQLException {
        Set<String> missing = new LinkedHashSet<>(routines);
        if (missing.isEmpty()) {
            return missing;
        }
        String schema = c.getSchema() != null ? c.getSchema() : c.getCatalog();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT routine_name FROM information_schema.routines WHERE routine_schema = ?")) {
            ps.setString(1, schema);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    missing.remove(rs.getString(1).toLowerCase(Locale.ROOT));
                }
            }
        }
        commit(c);
        return missing;
    }

    private static void commit(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }
}
