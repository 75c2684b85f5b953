package io.tpkit.runner;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.ConfigurationSection;
import io.tpkit.result.DatabaseSection;
import io.tpkit.result.Environment;
import io.tpkit.result.EnvironmentSection;
import io.tpkit.result.WorkloadSection;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.BoundWorkload;

/** How a run describes itself: on the console before it starts, and in result.json. */
final class RunDescription {
    private RunDescription() {
    }

    /** The configuration as recorded: without the settings a fixed-shape benchmark ignores. */
    static ConfigurationSection configuration(BenchmarkConfig config, BoundWorkload bound) {
        // with a warm-up until the JIT compiler settles, warmupSeconds is its least and metrics.warmupSeconds
        // says how long it lasted; a part of a split run warms up for the least alone
        ConfigurationSection c = ConfigurationSection.of(config).withWarmup(
                RunSettings.warmup(config, bound).toMillis() / 1000.0,
                RunSettings.warmsUntilSettled(config) ? RunSettings.warmupMost(config, bound).toMillis() / 1000.0 : null);
        return bound.fixedRun().isPresent() ? c.withoutRunShape() : c;
    }

    static EnvironmentSection environment(double driverCpuSeconds) {
        // the whole run (warm-up, measurement, drain): what the driver cost the machine, JIT compilation
        // and start-up included; the measurement interval's share per transaction is in "cost"
        return Environment.describe().withDriverCpuSeconds(driverCpuSeconds >= 0 ? driverCpuSeconds : null);
    }

    static DatabaseSection database(WorkloadOnTarget db, SettingsSnapshot server) {
        return DatabaseSection.of(db.target.describe(), db.target.plugin().name(), server);
    }

    /**
     * The database as above, with the workload's own count of its transactions before the run
     * ({@code transactionsBefore}, when the workload keeps one): what the data had been through,
     * so that a comparison can tell runs that started from different data; and, for a run of a
     * series ({@code start} not null), {@code startingData}: how the series prepared its data
     * (restored from a copy, reloaded, or as the previous run left it) and how long that took.
     */
    static DatabaseSection database(WorkloadOnTarget db, BeforeRun before, StartingData.Start start) {
        return database(db, before.server()).withStart(before.transactionCount() >= 0 ? before.transactionCount() : null,
                start == null ? null : start.record());
    }

    /** @param part what this part of a split run records for the merge, or null for a whole run */
    static WorkloadSection workload(WorkloadOnTarget db, SchedulerSettings s, io.tpkit.result.PartRecord part) {
        return new WorkloadSection(db.workload.name(), s.arrival().label(), s.terminals(), s.connections(),
                db.bound.standardTerminals(), db.bound.transactionTypes(), db.bound.parameters(), part, null, null);
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
