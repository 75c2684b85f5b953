package io.tpkit.spi.database;

import java.sql.SQLException;

/**
 * Why an attempt to open a connection failed, in the classes a run counts them by (see
 * {@link DatabasePlugin#refusal(SQLException)}).
 */
public enum ConnectionRefusal {
    /** The server's, the database's or the user's connection limit (PostgreSQL 53300, MySQL 1040, 1203, 1226). */
    TOO_MANY_CONNECTIONS("too many connections"),
    /** The user, its password or its right to connect (SQLState class 28). */
    AUTHENTICATION("authentication"),
    /** The server could not be reached or the link dropped while connecting (SQLState class 08). */
    NETWORK("network"),
    /** The server is starting, stopping or in recovery (PostgreSQL 57P03). */
    SERVER_NOT_ACCEPTING("server not accepting connections"),
    OTHER("other");

    private final String label;

    ConnectionRefusal(String label) {
        this.label = label;
    }

    /** The class's name on the console and in the report. */
    public String label() {
        return label;
    }

    /** The class's key in result.json, an identifier: {@code tooManyConnections}. */
    public String id() {
        StringBuilder b = new StringBuilder();
        for (String word : name().toLowerCase(java.util.Locale.ROOT).split("_")) {
            b.append(b.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return b.toString();
    }

    /** The label of the class whose {@link #id()} is {@code id} (the id itself when none is). */
    public static String labelOf(String id) {
        for (ConnectionRefusal r : values()) {
            if (r.id().equals(id)) {
                return r.label;
            }
        }
        return id;
    }

    /** The class by SQLState alone: what a plugin's {@link DatabasePlugin#refusal} starts from. */
    public static ConnectionRefusal bySqlState(SQLException e) {
        String state = e.getSQLState();
        if (state == null) {
            Throwable cause = e.getCause();
            return cause instanceof SQLException inner && inner != e ? bySqlState(inner) : OTHER;
        }
        if (state.equals("53300")) {
            return TOO_MANY_CONNECTIONS;
        }
        if (state.startsWith("28")) {
            return AUTHENTICATION;
        }
        if (state.startsWith("08")) {
            return NETWORK;
        }
        if (state.equals("57P03")) {
            return SERVER_NOT_ACCEPTING;
        }
        return OTHER;
    }
}
