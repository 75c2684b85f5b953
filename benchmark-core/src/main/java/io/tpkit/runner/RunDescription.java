package io.tpkit.runner;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.Environment;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.BoundWorkload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How a run describes itself: on the console before it starts, and in result.json. */
final class RunDescription {
    private RunDescription() {
    }

    /** The configuration as recorded: without the settings a fixed-shape benchmark ignores. */
    static Map<String, Object> configuration(BenchmarkConfig config, BoundWorkload bound) {
        Map<String, Object> m = config.describe();
        m.put("warmupSeconds", RunSettings.warmup(config, bound).toMillis() / 1000.0);
        if (RunSettings.warmsUntilSettled(config)) {
            // warmupSeconds is then its least; metrics.warmupSeconds says how long it lasted
            m.put("warmupMostSeconds", RunSettings.warmupMost(config, bound).toMillis() / 1000.0);
        } else {
            m.remove("warmupUntilJitSettled"); // a part of a split run warms up for the least alone
        }
        if (bound.fixedRun().isPresent()) {
            for (String ignored : List.of("connections", "terminals", "arrival", "logic", "thinkFactor",
                    "warmupSeconds", "warmupUntilJitSettled", "warmupMostSeconds", "durationSeconds")) {
                m.remove(ignored);
            }
        }
        return m;
    }

    static Map<String, Object> environment(double driverCpuSeconds) {
        Map<String, Object> m = Environment.describe();
        if (driverCpuSeconds >= 0) {
            // the whole run (warm-up, measurement, drain): what the driver cost the machine,
            // JIT compilation and start-up included; the measurement interval's share per
            // transaction is in "cost"
            m.put("driverCpuSeconds", driverCpuSeconds);
        }
        return m;
    }

    static Map<String, Object> database(WorkloadOnTarget db, SettingsSnapshot server) {
        Map<String, Object> m = new LinkedHashMap<>(db.target.describe());
        m.put("plugin", db.target.plugin().name());
        m.put("product", server.product());
        m.put("version", server.version());
        m.put("durable", server.durable());
        m.put("durabilityIssues", server.durabilityIssues());
        m.put("settings", server.settings());
        return m;
    }

    /**
     * The database as above, with the workload's own count of its transactions before the run
     * ({@code transactionsBefore}, when the workload keeps one): what the data had been through,
     * so that a comparison can tell runs that started from different data; and, for a run of a
     * series ({@code start} not null), {@code startingData}: how the series prepared its data
     * (restored from a copy, reloaded, or as the previous run left it) and how long that took.
     */
    static Map<String, Object> database(WorkloadOnTarget db, BeforeRun before, StartingData.Start start) {
        Map<String, Object> m = database(db, before.server());
        if (before.transactionCount() >= 0) {
            m.put("transactionsBefore", before.transactionCount());
        }
        if (start != null) {
            m.put("startingData", start.record());
        }
        return m;
    }

    /** @param part what this part of a split run records for the merge, or null for a whole run */
    static Map<String, Object> workload(WorkloadOnTarget db, SchedulerSettings s, io.tpkit.result.PartRecord part) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", db.workload.name());
        m.put("arrival", s.arrival().label());
        m.put("terminals", s.terminals());
        m.put("connections", s.connections());
        m.put("standardTerminals", db.bound.standardTerminals());
        m.put("transactionTypes", db.bound.transactionTypes());
        m.put("parameters", db.bound.parameters());
        if (part != null) {
            m.put(io.tpkit.result.PartRecord.KEY, part.toMap());
        }
        return m;
    }

    static String describeRun(WorkloadOnTarget db, SchedulerSettings s) {
        io.tpkit.scheduler.Rounds r = s.rounds();
        String phases = (r != null ? "the sessions' warm-up before the clock"
                : s.warmsUntilSettled() ? "a warm-up until the driver's JIT compiler settles (" + s.warmup().toSeconds()
                + " to " + s.warmupMost().toSeconds() + " s)"
                : s.warmup().isZero() ? "no warm-up" : s.warmup().toSeconds() + " s warm-up") + ", then "
                + (r == null ? "" : r.count() + (r.count() == 1 ? " iteration" : " iterations")
                + (r.restart() ? " (each opening its own connections" + (r.pause().isZero() ? ""
                : ", " + r.pause().toMillis() / 1000.0 + " s apart") + ")" : "") + " of ")
                + (s.byCount() ? s.transactions() + " transactions" : s.duration().toSeconds() + " s measured")
                + (s.rateLimited() ? ", paced at " + s.ratePerSecond() + " per second" : "");
        return "running " + db.workload.name() + " (" + s.arrival().label() + ", "
                + io.tpkit.result.Units.of(s.terminals(), "terminals") + ", "
                + io.tpkit.result.Units.of(s.connections(), "connections") + ", logic " + db.config.logic().label()
                + (db.config.networkDelay().isZero() ? "" : ", network delay added: "
                + db.config.networkDelay().toNanos() / 1e6 + " ms each way") + "): " + phases;
    }
}
