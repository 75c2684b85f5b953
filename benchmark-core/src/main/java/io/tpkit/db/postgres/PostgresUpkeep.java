package io.tpkit.db.postgres;

import io.tpkit.spi.database.ServerUpkeep;
import java.util.Locale;
import java.util.Map;

/** PostgreSQL's checkpoints (timed by checkpoint_timeout, or forced by max_wal_size) and autovacuum. */
public final class PostgresUpkeep implements ServerUpkeep {
    @Override
    public String noCheckpointCounter(String product) {
        return "the monitor could not read PostgreSQL's checkpoint counter (see the monitor's notes)";
    }

    /** Why no checkpoint came, from checkpoint_timeout and max_wal_size, and how to get one. */
    @Override
    public String noCheckpointAdvice(Map<String, String> settings, Double walBytes) {
        StringBuilder b = new StringBuilder();
        String timeout = settings.get("checkpoint_timeout");
        long seconds = timeout == null ? -1 : seconds(timeout);
        if (seconds > 0) {
            b.append(String.format(Locale.ROOT, ": checkpoint_timeout is %s, so the next timed checkpoint can be up "
                    + "to %d s away; measure at least %d s (--duration %s) or lower checkpoint_timeout (30 s at the "
                    + "least)", timeout, seconds, seconds, seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s"));
        }
        String maxWal = settings.get("max_wal_size");
        if (walBytes != null && maxWal != null) {
            b.append(String.format(Locale.ROOT, "%sthe interval wrote %.1f MB of WAL against max_wal_size %s",
                    b.isEmpty() ? ": " : "; ", walBytes / 1e6, maxWal));
        }
        return b.toString();
    }

    @Override
    public String vacuumNotRead() {
        return "autovacuum not judged: pg_stat_user_tables was not read (see the monitor's notes)";
    }

    /**
     * A PostgreSQL time setting as current_setting() shows it ({@code 5min}, {@code 30s},
     * {@code 1h}; a bare number is in seconds) in whole seconds, or -1.
     */
    public static long seconds(String setting) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*(\\d+)\\s*(ms|s|min|h|d)?\\s*")
                .matcher(setting);
        if (!m.matches()) {
            return -1;
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> n / 1000;
            case "min" -> n * 60;
            case "h" -> n * 3600;
            case "d" -> n * 86400;
            default -> n;
        };
    }
}
