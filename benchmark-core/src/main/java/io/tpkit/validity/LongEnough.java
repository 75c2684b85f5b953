package io.tpkit.validity;

import io.tpkit.monitor.Monitor;
import io.tpkit.monitor.MonitorColumns;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.ServerUpkeep;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code long-enough}: the measurement interval covers the database's periodic upkeep. What a
 * server counts of it, and why a checkpoint did not come, its plugin says ({@link ServerUpkeep}).
 */
final class LongEnough {
    private LongEnough() {
    }

    /**
     * How much of the interval the monitor's rows may leave uncovered with the interval still
     * counted as watched: up to half a second at each edge (a second counts when its middle is
     * inside), and a tick skipped after a slow sample.
     */
    static final double WATCH_SLACK_SECONDS = 2.0;
    private static final String LONG_ENOUGH = "long-enough";
    private static final String LONG_ENOUGH_RULE = "the measurement interval is long enough for the database's "
            + "steady state: it covers at least one checkpoint and, on PostgreSQL, autovacuum work on the tables";

    /**
     * Long enough for the database's steady state (seed 002: "Run long enough to cover checkpoints
     * and autovacuum"; TPC-A/B and TPC-C want the periodic checkpoints inside the interval): at
     * least one checkpoint counted in a second of the measurement interval, and where the server
     * counts them (PostgreSQL) at least one autovacuum or autoanalyze of the database's tables
     * finished in it, unless autovacuum is off. A second belongs to the interval when its middle
     * does, as in the monitor's summary. Without a checkpoint counter (InnoDB) the rule cannot
     * be judged and says so.
     *
     * @param unwanted why the benchmark wants no checkpoint in its run (HPSS), or null
     * @param from     the interval's start in the elapsed seconds of the monitor's rows, or null
     *                 when it never started
     * @param to       its end
     * @param rows     the monitor's one-second rows of the whole run
     */
    public static RuleResult longEnough(String unwanted, Double from, Double to, List<Monitor.Row> rows,
                                        SettingsSnapshot settings) {
        if (unwanted != null) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, unwanted);
        }
        if (from == null || to == null) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, "the measurement interval never started");
        }
        ServerUpkeep upkeep = upkeep(settings.product());
        if (rows.stream().noneMatch(r -> r.values().containsKey(MonitorColumns.CHECKPOINTS))) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, "cannot be judged: "
                    + upkeep.noCheckpointCounter(settings.product()));
        }
        double length = to - from;
        List<Monitor.Row> inside = rows.stream().filter(r -> r.middleIn(from, to)).toList();
        Watched checkpoints = Watched.of(inside, MonitorColumns.CHECKPOINTS);
        String interval = String.format(Locale.ROOT, "the %.1f s interval", length);
        String unread = unread(inside, MonitorColumns.CHECKPOINTS);
        if (checkpoints.seconds < length - WATCH_SLACK_SECONDS && checkpoints.count == 0) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, String.format(Locale.ROOT,
                    "cannot be judged: the checkpoint counter was read for %.0f s of %s%s", checkpoints.seconds,
                    interval, unread.isEmpty() ? " (see the monitor's notes)" : unread));
        }
        List<String> detail = new ArrayList<>();
        boolean passed = checkpoints.count > 0;
        boolean judged = true;
        if (passed) {
            detail.add(String.format(Locale.ROOT, "%d checkpoint%s inside %s%s", checkpoints.count,
                    checkpoints.count == 1 ? "" : "s", interval, unread.isEmpty() ? ""
                            : String.format(Locale.ROOT, " (read for %.0f s of it%s)", checkpoints.seconds, unread)));
        } else {
            detail.add("no checkpoint inside " + interval + upkeep.noCheckpointAdvice(settings.settings(), walBytes(inside))
                    + (unread.isEmpty() ? "" : String.format(Locale.ROOT, " (the checkpoint counter was read for "
                    + "%.0f s of it%s)", checkpoints.seconds, unread)));
        }
        Watched vacuums = Watched.of(inside, MonitorColumns.AUTOVACUUMS);
        Watched analyzes = Watched.of(inside, MonitorColumns.AUTOANALYZES);
        boolean counted = rows.stream().anyMatch(r -> r.values().containsKey(MonitorColumns.AUTOVACUUMS));
        String autovacuum = settings.settings().get("autovacuum");
        if ("off".equals(autovacuum)) {
            detail.add("autovacuum is off, so none was required");
        } else if (counted) {
            long runs = vacuums.count + analyzes.count;
            if (runs > 0) {
                detail.add(String.format(Locale.ROOT, "%d autovacuum%s and %d autoanalyze%s of this database's tables "
                                + "finished inside it", vacuums.count, vacuums.count == 1 ? "" : "s", analyzes.count,
                        analyzes.count == 1 ? "" : "s"));
            } else if (vacuums.seconds < length - WATCH_SLACK_SECONDS) {
                judged = false;
                detail.add(String.format(Locale.ROOT, "the autovacuum counters were read for %.0f s of the interval%s",
                        vacuums.seconds, unread(inside, MonitorColumns.AUTOVACUUMS)));
            } else {
                passed = false;
                String naptime = settings.settings().get("autovacuum_naptime");
                detail.add("no autovacuum or autoanalyze of this database's tables finished inside it"
                        + (naptime == null ? "" : " (autovacuum visits each database every autovacuum_naptime, "
                        + naptime + ", once enough rows changed)"));
            }
        } else if (upkeep.vacuumNotRead() != null) {
            detail.add(upkeep.vacuumNotRead());
        }
        String text = String.join("; ", detail);
        if (checkpoints.count > 0 && !judged) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, "cannot be judged: " + text);
        }
        return RuleResult.check(LONG_ENOUGH, LONG_ENOUGH_RULE, passed && judged, text);
    }

    /**
     * The stretches of the interval's seconds in which a counter was not read (the monitor had
     * lost its connection, or the server refused the query), said as "; not read from A s to
     * B s, ...", or "" when none.
     */
    static String unread(List<Monitor.Row> inside, String column) {
        List<String> stretches = new ArrayList<>();
        Double from = null;
        double to = 0;
        for (Monitor.Row r : inside) {
            if (r.values().containsKey(column)) {
                if (from != null) {
                    stretches.add(String.format(Locale.ROOT, "%.1f s to %.1f s", from, to));
                    from = null;
                }
            } else {
                if (from == null) {
                    from = r.elapsedSeconds() - r.seconds();
                }
                to = r.elapsedSeconds();
            }
        }
        if (from != null) {
            stretches.add(String.format(Locale.ROOT, "%.1f s to %.1f s", from, to));
        }
        return stretches.isEmpty() ? "" : "; not read from " + String.join(", ", stretches)
                + " of the run (why: monitor.gaps and monitor.notes in result.json)";
    }

    /** A counter's sum over the rows that have it, and the seconds those rows cover. */
    private record Watched(long count, double seconds) {
        static Watched of(List<Monitor.Row> rows, String column) {
            double sum = 0;
            double seconds = 0;
            for (Monitor.Row r : rows) {
                Double v = r.values().get(column);
                if (v != null) {
                    sum += v;
                    seconds += r.seconds();
                }
            }
            return new Watched(Math.round(sum), seconds);
        }
    }

    /** The upkeep of the server that names itself {@code product}, as its plugin describes it. */
    private static ServerUpkeep upkeep(String product) {
        return Plugins.databases().stream().filter(p -> p.describesProduct(product)).findFirst()
                .map(DatabasePlugin::upkeep).orElse(ServerUpkeep.NONE);
    }

    /** The bytes of WAL (redo log) the interval's seconds wrote, or null when the monitor read none. */
    private static Double walBytes(List<Monitor.Row> inside) {
        double wal = 0;
        boolean walSeen = false;
        for (Monitor.Row r : inside) {
            Double v = r.values().get(MonitorColumns.WAL_BYTES);
            if (v != null) {
                wal += v * r.seconds();
                walSeen = true;
            }
        }
        return walSeen ? wal : null;
    }
}
