package io.tpkit.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a run reads the database server's CPU time from. The server's processes (from /proc)
 * cover all its work, background writers included, but also other databases' sessions on the
 * same server; the server's statement counters (pg_stat_kcache) cover only this database's
 * statements, and work where the server is on another machine.
 */
public enum DatabaseCpu {
    /** The server's processes when it runs on this machine, otherwise its statement counters. */
    AUTO,
    /** Only the server's processes on this machine. */
    PROCESS,
    /** Only the server's own per-statement counters. */
    STATEMENTS;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws BadInputException for anything but the labels */
    public static DatabaseCpu parse(String text) {
        for (DatabaseCpu d : values()) {
            if (d.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new BadInputException("--database-cpu must be one of "
                + Arrays.stream(values()).map(DatabaseCpu::label).collect(Collectors.joining(", ")) + " (got '" + text
                + "')");
    }
}
