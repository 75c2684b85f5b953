package io.tpkit.config;

import java.util.Locale;

/** Where a workload's business logic runs, and how its statements travel to the database. */
public enum Logic {
    /** SQL statements sent by the driver, prepared once per connection, together where they can go together. */
    CLIENT,
    /**
     * SQL statements sent by the driver one at a time, each answer read before the next is sent,
     * COMMIT on its own: the conversation of most applications (and of seed 001's 14 network
     * I/Os per TPC-A transaction).
     */
    INTERACTIVE,
    /** One call of a stored procedure or function that the workload installs. */
    PROCEDURE;

    public static Logic parse(String text) {
        for (Logic l : values()) {
            if (l.name().equalsIgnoreCase(text.trim())) {
                return l;
            }
        }
        throw new BadInputException("unknown logic '" + text + "': use client, interactive or procedure");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
