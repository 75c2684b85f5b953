package io.tpkit.config;

import java.util.Locale;

/** Where a workload's business logic runs. */
public enum Logic {
    /** SQL statements sent by the driver, prepared once per connection. */
    CLIENT,
    /** One call of a stored procedure or function that the workload installs. */
    PROCEDURE;

    public static Logic parse(String text) {
        for (Logic l : values()) {
            if (l.name().equalsIgnoreCase(text.trim())) {
                return l;
            }
        }
        throw new BadInputException("unknown logic '" + text + "': use client or procedure");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
