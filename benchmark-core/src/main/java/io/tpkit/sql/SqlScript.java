package io.tpkit.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits an SQL script into statements for JDBC, which runs one statement at a time. A
 * statement ends at a {@code ;} outside quotes, comments and PostgreSQL dollar quotes (so a
 * PL/pgSQL body stays whole). A line {@code DELIMITER //} changes the terminator the way the
 * mysql client does, for MySQL procedure bodies. Comments outside quotes are dropped, so a
 * script can explain itself without its comments reaching the server.
 */
public final class SqlScript {
    private static final Pattern DOLLAR_TAG = Pattern.compile("\\$([A-Za-z_][A-Za-z_0-9]*)?\\$");
    private static final String DELIMITER = "DELIMITER ";

    private SqlScript() {
    }

    /** Runs the statements of a script in order, committing unless the connection auto-commits. */
    public static void execute(java.sql.Connection c, List<String> statements) throws java.sql.SQLException {
        try (java.sql.Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** The text of a script on the class path, next to {@code owner} or at an absolute path. */
    public static String read(Class<?> owner, String path) {
        try (java.io.InputStream in = owner.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + path, e);
        }
    }

    public static List<String> split(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean hasCode = false;
        boolean lineStart = true;
        String terminator = ";";
        int n = script.length();
        int i = 0;
        while (i < n) {
            if (lineStart && !hasCode) {
                int eol = lineEnd(script, i);
                String line = script.substring(i, eol).trim();
                if (line.toUpperCase(Locale.ROOT).startsWith(DELIMITER)) {
                    terminator = line.substring(DELIMITER.length()).trim();
                    i = eol;
                    continue;
                }
            }
            char ch = script.charAt(i);
            int end;
            if (script.startsWith("--", i)) {
                i = lineEnd(script, i); // comments are dropped; the newline stays
                continue;
            } else if (script.startsWith("/*", i)) {
                int close = script.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
                current.append(' ');
                continue;
            } else if (ch == '\'' || ch == '"' || ch == '`') {
                end = closingQuote(script, i, ch);
                hasCode = true;
            } else if (ch == '$' && dollarTag(script, i) != null) {
                String tag = dollarTag(script, i);
                int close = script.indexOf(tag, i + tag.length());
                end = close < 0 ? n : close + tag.length();
                hasCode = true;
            } else if (script.startsWith(terminator, i)) {
                if (hasCode) {
                    statements.add(current.toString().trim());
                }
                current.setLength(0);
                hasCode = false;
                lineStart = false;
                i += terminator.length();
                continue;
            } else {
                current.append(ch);
                hasCode |= !Character.isWhitespace(ch);
                lineStart = ch == '\n';
                i++;
                continue;
            }
            current.append(script, i, end);
            lineStart = false;
            i = end;
        }
        if (hasCode) {
            statements.add(current.toString().trim());
        }
        return statements;
    }

    /**
     * A statement on one line: every run of whitespace outside quotes and dollar quotes becomes
     * one space, and the ends are trimmed. What a quoted literal holds is kept as written. Files
     * can spread a statement over lines for the reader while the driver sends it compactly.
     */
    public static String compact(String statement) {
        StringBuilder out = new StringBuilder(statement.length());
        int n = statement.length();
        int i = 0;
        boolean space = false;
        while (i < n) {
            char ch = statement.charAt(i);
            int end;
            if (ch == '\'' || ch == '"' || ch == '`') {
                end = closingQuote(statement, i, ch);
            } else if (ch == '$' && dollarTag(statement, i) != null) {
                String tag = dollarTag(statement, i);
                int close = statement.indexOf(tag, i + tag.length());
                end = close < 0 ? n : close + tag.length();
            } else if (Character.isWhitespace(ch)) {
                space = true;
                i++;
                continue;
            } else {
                end = i + 1;
            }
            if (space && !out.isEmpty()) {
                out.append(' ');
            }
            space = false;
            out.append(statement, i, end);
            i = end;
        }
        return out.toString();
    }

    private static int lineEnd(String s, int from) {
        int eol = s.indexOf('\n', from);
        return eol < 0 ? s.length() : eol;
    }

    /** The index after the closing quote; a doubled quote is an escaped one. */
    private static int closingQuote(String s, int open, char quote) {
        int i = open + 1;
        while (i < s.length()) {
            if (s.charAt(i) == quote) {
                if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return s.length();
    }

    private static String dollarTag(String s, int at) {
        Matcher m = DOLLAR_TAG.matcher(s).region(at, s.length());
        return m.lookingAt() ? m.group() : null;
    }
}
