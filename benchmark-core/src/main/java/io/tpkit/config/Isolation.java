package io.tpkit.config;

import java.sql.Connection;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The isolation level of the benchmark's connections. Stricter levels turn lock waits on hot
 * rows into serialization failures, which the scheduler retries and counts.
 */
public enum Isolation {
    /** The server's own default (PostgreSQL: read committed; InnoDB: repeatable read). */
    DEFAULT(-1),
    READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
    REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
    SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

    private final int jdbcLevel;

    Isolation(int jdbcLevel) {
        this.jdbcLevel = jdbcLevel;
    }

    /** The {@link Connection} constant, or -1 for the server's default. */
    public int jdbcLevel() {
        return jdbcLevel;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws BadInputException for anything but the labels */
    public static Isolation parse(String text) {
        for (Isolation i : values()) {
            if (i.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return i;
            }
        }
        throw new BadInputException("--isolation must be one of "
                + Arrays.stream(values()).map(Isolation::label).collect(Collectors.joining(", ")) + " (got '" + text + "')");
    }
}
