package io.tpkit.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a JDBC URL points, for people: the host (with its port) and the database's name, read
 * from a URL as result.json records it (passwords already redacted). The forms
 * {@code jdbc:SUB://host[:port][,more hosts]/db?...}, {@code jdbc:sqlserver://host:port;databaseName=db}
 * and {@code jdbc:oracle:thin:@host:port/service} are understood; anything else has an empty host.
 *
 * @param host     "localhost:41623", or "" when the URL cannot be read
 * @param database the database's name, or "" when the URL names none
 */
public record JdbcAddress(String host, String database) {
    private static final Pattern SLASHES = Pattern.compile("^jdbc:[^/@]*//(?:[^@/]*@)?([^/;?]*)(?:/([^?;]*))?(.*)$");
    private static final Pattern ORACLE = Pattern.compile("^jdbc:oracle:[^@]*@(?://)?([^/:?]+(?::\\d+)?)[/:]([^?]*)");
    private static final Pattern DATABASE_NAME = Pattern.compile("(?i)[;?&](?:databaseName|database)=([^;&]*)");

    public static JdbcAddress of(String url) {
        if (url == null) {
            return new JdbcAddress("", "");
        }
        Matcher o = ORACLE.matcher(url);
        if (o.find()) {
            return new JdbcAddress(o.group(1), o.group(2));
        }
        Matcher m = SLASHES.matcher(url);
        if (!m.matches()) {
            return new JdbcAddress("", "");
        }
        String database = m.group(2) == null ? "" : m.group(2);
        if (database.isEmpty()) {
            Matcher named = DATABASE_NAME.matcher(m.group(3));
            if (named.find()) {
                database = named.group(1);
            }
        }
        return new JdbcAddress(m.group(1), database);
    }

    /** "localhost:41623, database postgres"; "" when the URL could not be read. */
    public String describe() {
        if (host.isEmpty()) {
            return "";
        }
        return host + (database.isEmpty() ? "" : ", database " + database);
    }
}
