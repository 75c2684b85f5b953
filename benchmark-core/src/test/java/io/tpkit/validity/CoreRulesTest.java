package io.tpkit.validity;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.db.postgres.PostgresUpkeep;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Outage;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.Throughput;
import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.monitor.Monitor;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoreRulesTest {
    private static TypeSummary type(long committed, long failed, long unknown) {
        LatencySummary none = LatencySummary.of(new org.HdrHistogram.Histogram(1, 2, 0));
        return new TypeSummary("t", committed, committed, 0, Map.of(), 0, Map.of(),
                failed == 0 ? Map.of() : Map.of("connection", failed), Map.of(), 0, none, none, none, unknown,
                TypeCost.NONE);
    }

    private static RunMetrics metrics(TypeSummary... types) {
        long committed = 0;
        for (TypeSummary t : types) {
            committed += t.committed();
        }
        return new RunMetrics(10, 60, "60 s duration", committed, 0, 0, 0, committed, new Throughput(1, 1),
                List.of(types), LatencySummary.of(new org.HdrHistogram.Histogram(1, 2, 0)), false);
    }

    @Test
    void failedAndLostTransactionsFailTheRunAboveOnePercent() {
        // 1% of 1,000 attempts: at the limit
        assertThat(CoreRules.failures(metrics(type(990, 6, 4))).failed()).isFalse();
        assertThat(CoreRules.failures(metrics(type(989, 7, 4))).failed()).isTrue();
        // every type counts, and the unknown outcomes with the failures
        RuleResult r = CoreRules.failures(metrics(type(500, 0, 0), type(480, 0, 20)));
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).isEqualTo("0 failed and 20 with an unknown outcome of 1000 (2.00%)");
        assertThat(CoreRules.failures(metrics(type(0, 0, 0))).failed()).isFalse();
    }

    @Test
    void aSkippedCheckNeitherFailsNorPassesTheConsistencyRule() {
        CheckResult ok = CheckResult.of("a", true, "holds");
        CheckResult skipped = CheckResult.skipped("b", "skipped: the constant is unknown");
        CheckResult bad = CheckResult.of("c", false, "1 violation(s)");
        assertThat(CoreRules.consistency(List.of(ok, ok))).isEqualTo(
                RuleResult.check("consistency", "the consistency checks pass after the run", true, "2 checks passed"));
        RuleResult withSkipped = CoreRules.consistency(List.of(ok, skipped));
        assertThat(withSkipped.failed()).isFalse();
        assertThat(withSkipped.detail()).isEqualTo("1 checks passed, 1 skipped");
        RuleResult failed = CoreRules.consistency(List.of(ok, skipped, bad));
        assertThat(failed.failed()).isTrue();
        assertThat(failed.detail()).isEqualTo("1 of 2 checks failed, 1 skipped");
        assertThat(CoreRules.consistency(null).failed()).isTrue();
    }

    @Test
    void anOutageInsideTheIntervalBreaksTheSteadyState() {
        Outage early = new Outage(3, 7);
        Outage inside = new Outage(20, 24.5);
        assertThat(CoreRules.steadyState(List.of(), 10.0, 70.0).failed()).isFalse();
        // in the warm-up, or after the interval: not the measurement's concern
        assertThat(CoreRules.steadyState(List.of(early, new Outage(70, 75)), 10.0, 70.0).failed()).isFalse();
        RuleResult r = CoreRules.steadyState(List.of(early, inside, new Outage(68, 72)), 10.0, 70.0);
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).isEqualTo("2 outage(s), 6.5 s in all, the first from 20.0 s");
        // overlapping the interval's start counts for its part inside
        assertThat(CoreRules.steadyState(List.of(new Outage(8, 11)), 10.0, 70.0).detail())
                .isEqualTo("1 outage(s), 1.0 s in all, the first from 8.0 s");
        assertThat(CoreRules.steadyState(List.of(inside), null, null).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    @Test
    void aStallWithoutFailuresInsideTheIntervalBreaksTheSteadyStateToo() {
        io.tpkit.metrics.Stalls none = io.tpkit.metrics.Stalls.NONE;
        // a lock held 2.5 s: two whole sampled seconds in which 4 requests waited and nothing completed
        io.tpkit.metrics.Stalls locked = new io.tpkit.metrics.Stalls(1, 2, 2, 31.0,
                List.of(new io.tpkit.metrics.Stalls.Stall(31, 33, 4, "measurement")));
        assertThat(CoreRules.steadyState(List.of(), none, 10.0, 70.0).failed()).isFalse();
        RuleResult r = CoreRules.steadyState(List.of(), locked, 10.0, 70.0);
        assertThat(r.failed()).isTrue();
        assertThat(r.rule()).startsWith("no outage or stall inside the measurement interval");
        assertThat(r.detail()).isEqualTo("1 stall(s) without failures, 2.0 s in all (whole sampled seconds), the first "
                + "from 31.0 s with 4 request(s) outstanding");
        // one in the warm-up is not the measurement's
        assertThat(CoreRules.steadyState(List.of(), locked, 40.0, 70.0).failed()).isFalse();
        // an outage and a stall: both said
        assertThat(CoreRules.steadyState(List.of(new Outage(20, 24.5)), locked, 10.0, 70.0).detail())
                .startsWith("1 outage(s), 4.5 s in all, the first from 20.0 s; 1 stall(s)");
        // without a count of what was in flight, the rule claims only what it checks
        RuleResult unknown = CoreRules.steadyState(List.of(), null, 10.0, 70.0);
        assertThat(unknown.failed()).isFalse();
        assertThat(unknown.rule()).contains("stalls without failures not judged");
    }

    @Test
    void aDriverStillCompilingInTheIntervalIsLabelled() {
        long second = 1_000_000_000L;
        // 60 s on 2 CPUs: 2 % of the machine is 2.4 s of the compiler's CPU
        RuleResult settled = CoreRules.jitSettled(60, 24 * second / 10, 30 * second, 2);
        assertThat(settled.status()).isEqualTo(RuleResult.Status.PASSED);
        assertThat(settled.detail()).isEqualTo("the JIT compiler took 2.400 s of CPU in the 60.0 s interval: 2.0% of "
                + "the machine's 2 CPUs, 8.0% of the driver's CPU");
        RuleResult compiling = CoreRules.jitSettled(60, 25 * second / 10, 5 * second, 2);
        assertThat(compiling.failed()).isTrue();
        assertThat(compiling.detail()).contains("2.1% of the machine's 2 CPUs, 50.0% of the driver's CPU",
                "the warm-up did not let compilation settle");
        // the same compiler time on a machine of 32 CPUs is a small share of it
        assertThat(CoreRules.jitSettled(60, 25 * second / 10, 5 * second, 32).failed()).isFalse();
        assertThat(CoreRules.jitSettled(60, -1, 5 * second, 2).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(CoreRules.jitSettled(0, second, 5 * second, 2).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    @Test
    void aPacedRunSaysWhetherItReachedItsRate() {
        // 1,200 committed in the 60 s interval: 20/s
        RunMetrics m = metrics(type(1200, 0, 0));
        assertThat(CoreRules.rateReached(20.4, m).failed()).isFalse(); // 98.04%
        RuleResult missed = CoreRules.rateReached(20.5, m);
        assertThat(missed.failed()).isTrue();
        assertThat(missed.detail()).startsWith("target 20.5/s, reached 20.0/s (97.6%; completions per second, this "
                + "result counted no slots); started behind their slot");
        assertThat(CoreRules.rateReached(5000, m).detail()).contains("reached 20.0/s (0.4%");
    }

    @Test
    void aPacedRunIsJudgedByTheSlotsItsScheduleMade() {
        // 1,200 completed in 60 s, against a nominal 20.5/s: the schedule made 1,190 slots, 1,167 started
        RunMetrics m = metrics(type(1200, 0, 0));
        LatencySummary none = LatencySummary.of(new org.HdrHistogram.Histogram(3));
        RuleResult ok = CoreRules.rateReached(20.5, m.withSchedule(new io.tpkit.metrics.RateSchedule(20.5, "poisson",
                0, 0, 0, 1200, 0, 1190, 1167, 23, none, none, none)));
        assertThat(ok.failed()).isFalse(); // 98.07 %
        assertThat(ok.detail()).startsWith("target 20.5/s, poisson gaps: the schedule put 1190 arrivals in the 60.0 s "
                + "interval (19.8/s), 1167 of them started (98.1%), 0 skipped, 23 never started");
        RuleResult short1 = CoreRules.rateReached(20.5, m.withSchedule(new io.tpkit.metrics.RateSchedule(20.5,
                "poisson", 0, 0, 0, 1200, 0, 1190, 1166, 24, none, none, none)));
        assertThat(short1.failed()).isTrue(); // 97.98 %
        assertThat(CoreRules.rateReached(20.5, m.withSchedule(new io.tpkit.metrics.RateSchedule(0.001, "poisson",
                0, 0, 0, 0, 0, 0, 0, 0, none, none, none))).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    // ---- long-enough ----

    private static final SettingsSnapshot POSTGRES = new SettingsSnapshot("PostgreSQL", "18.1", Map.of(
            "checkpoint_timeout", "5min", "max_wal_size", "1GB", "autovacuum", "on", "autovacuum_naptime", "1min"),
            List.of());

    /**
     * PostgreSQL's monitor rows for the seconds ending at 1..10 s: no checkpoint and one
     * autovacuum (in the second ending at 6 s) unless {@code checkpointAt} names a second.
     */
    private static List<Monitor.Row> postgresRows(int checkpointAt, int autovacuumAt) {
        List<Monitor.Row> rows = new ArrayList<>();
        for (int e = 1; e <= 10; e++) {
            Map<String, Double> v = new LinkedHashMap<>();
            v.put("db.commits_per_s", 100.0);
            v.put("db.checkpoints", e == checkpointAt ? 1.0 : 0.0);
            v.put("db.wal_bytes_per_s", 1_000_000.0);
            v.put("db.autovacuums", e == autovacuumAt ? 1.0 : 0.0);
            v.put("db.autoanalyzes", 0.0);
            rows.add(new Monitor.Row(e, 1.0, v));
        }
        return rows;
    }

    private static RuleResult.Status longEnough(Double from, Double to, List<Monitor.Row> rows) {
        return CoreRules.longEnough(null, from, to, rows, POSTGRES).status();
    }

    @Test
    void longEnoughNeedsACheckpointInASecondWhoseMiddleIsInsideTheInterval() {
        // the checkpoint is counted in the second ending at 5 s: its middle is 4.5 s
        List<Monitor.Row> rows = postgresRows(5, 6);
        assertThat(longEnough(1.0, 9.0, rows)).isEqualTo(RuleResult.Status.PASSED);
        assertThat(longEnough(4.5, 9.0, rows)).isEqualTo(RuleResult.Status.PASSED); // at the start
        assertThat(longEnough(4.51, 9.0, rows)).isEqualTo(RuleResult.Status.FAILED); // just after it
        assertThat(longEnough(0.0, 5.5, rows)).isEqualTo(RuleResult.Status.PASSED); // the autovacuum at 5.5 s: inside
        assertThat(longEnough(0.0, 4.5, postgresRows(5, 5))).isEqualTo(RuleResult.Status.PASSED); // at the end
        assertThat(longEnough(0.0, 4.49, postgresRows(5, 4))).isEqualTo(RuleResult.Status.FAILED); // just before it

        RuleResult met = CoreRules.longEnough(null, 1.0, 9.0, rows, POSTGRES);
        assertThat(met.id()).isEqualTo("long-enough");
        assertThat(met.detail()).isEqualTo("1 checkpoint inside the 8.0 s interval; 1 autovacuum and 0 autoanalyzes "
                + "of this database's tables finished inside it");
    }

    @Test
    void aShortRunSaysWhyNoCheckpointCameAndHowToGetOne() {
        RuleResult r = CoreRules.longEnough(null, 2.0, 7.0, postgresRows(-1, 4), POSTGRES);
        assertThat(r.failed()).isTrue();
        assertThat(r.detail()).isEqualTo("no checkpoint inside the 5.0 s interval: checkpoint_timeout is 5min, so the "
                + "next timed checkpoint can be up to 300 s away; measure at least 300 s (--duration 5m) or lower "
                + "checkpoint_timeout (30 s at the least); the interval wrote 5.0 MB of WAL against max_wal_size 1GB; "
                + "1 autovacuum and 0 autoanalyzes of this database's tables "
                + "finished inside it");
    }

    @Test
    void onPostgresTheIntervalAlsoCoversAutovacuumUnlessItIsOff() {
        RuleResult none = CoreRules.longEnough(null, 1.0, 9.0, postgresRows(5, -1), POSTGRES);
        assertThat(none.failed()).isTrue();
        assertThat(none.detail()).isEqualTo("1 checkpoint inside the 8.0 s interval; no autovacuum or autoanalyze of "
                + "this database's tables finished inside it (autovacuum visits each database every "
                + "autovacuum_naptime, 1min, once enough rows changed)");
        // an autoanalyze counts as much as an autovacuum
        List<Monitor.Row> analyzed = postgresRows(5, -1);
        analyzed.get(6).values().put("db.autoanalyzes", 2.0);
        assertThat(CoreRules.longEnough(null, 1.0, 9.0, analyzed, POSTGRES).detail())
                .endsWith("0 autovacuums and 2 autoanalyzes of this database's tables finished inside it");
        SettingsSnapshot off = new SettingsSnapshot("PostgreSQL", "18.1", Map.of("autovacuum", "off"), List.of());
        RuleResult offRun = CoreRules.longEnough(null, 1.0, 9.0, postgresRows(5, -1), off);
        assertThat(offRun.failed()).isFalse();
        assertThat(offRun.detail()).endsWith("autovacuum is off, so none was required");
        // no autovacuum counter (pg_stat_user_tables refused): the checkpoint decides, and the detail says so
        List<Monitor.Row> withoutCounter = postgresRows(5, -1);
        withoutCounter.forEach(row -> row.values().remove("db.autovacuums"));
        RuleResult unread = CoreRules.longEnough(null, 1.0, 9.0, withoutCounter, POSTGRES);
        assertThat(unread.status()).isEqualTo(RuleResult.Status.PASSED);
        assertThat(unread.detail()).contains("autovacuum not judged");
    }

    @Test
    void withoutACheckpointCounterTheRuleCannotBeJudged() {
        List<Monitor.Row> innodb = new ArrayList<>();
        for (int e = 1; e <= 10; e++) {
            innodb.add(new Monitor.Row(e, 1.0, Map.of("db.commits_per_s", 100.0, "db.wal_bytes_per_s", 1e6)));
        }
        RuleResult r = CoreRules.longEnough(null, 1.0, 9.0, innodb,
                new SettingsSnapshot("MariaDB", "10.11.6-MariaDB", Map.of(), List.of()));
        assertThat(r.status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(r.detail()).startsWith("cannot be judged: MariaDB counts no checkpoints: InnoDB checkpoints "
                + "continuously");
        // the counter read for part of the interval only (the monitor's connection broke): not judged either
        List<Monitor.Row> cut = postgresRows(-1, 3);
        cut.subList(4, 10).forEach(row -> row.values().remove("db.checkpoints"));
        RuleResult partial = CoreRules.longEnough(null, 1.0, 9.0, cut, POSTGRES);
        assertThat(partial.status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(partial.detail()).isEqualTo("cannot be judged: the checkpoint counter was read for 3 s of the 8.0 s "
                + "interval; not read from 4.0 s to 9.0 s of the run (why: monitor.gaps and monitor.notes in result.json)");
        // a checkpoint seen before it broke is enough
        List<Monitor.Row> seen = postgresRows(3, 3);
        seen.subList(4, 10).forEach(row -> row.values().remove("db.checkpoints"));
        assertThat(longEnough(1.0, 9.0, seen)).isEqualTo(RuleResult.Status.PASSED);
        // HPSS wants no checkpoint; an interval that never started has nothing to cover
        assertThat(CoreRules.longEnough("no checkpoint wanted", 1.0, 9.0, postgresRows(5, 5), POSTGRES).status())
                .isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(longEnough(null, null, postgresRows(5, 5))).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    @Test
    void postgresTimeSettingsInSeconds() {
        assertThat(PostgresUpkeep.seconds("5min")).isEqualTo(300);
        assertThat(PostgresUpkeep.seconds("30s")).isEqualTo(30);
        assertThat(PostgresUpkeep.seconds("1h")).isEqualTo(3600);
        assertThat(PostgresUpkeep.seconds("1d")).isEqualTo(86_400);
        assertThat(PostgresUpkeep.seconds("300")).isEqualTo(300);
        assertThat(PostgresUpkeep.seconds("soon")).isEqualTo(-1);
    }

    // ---- driver-saturation ----

    private static final long SECOND = 1_000_000_000L;

    private static LatencySummary lag(double p99Ms) {
        return new LatencySummary(1000, p99Ms / 10, p99Ms / 20, p99Ms / 5, p99Ms / 2, p99Ms, p99Ms, p99Ms);
    }

    @Test
    void theDriverMayUseHalfTheMachineBesideItsDatabase() {
        // 10 s on 2 CPUs: 20 CPU-seconds are the whole machine, 10 are half
        assertThat(CoreRules.driverSaturation(10, 10 * SECOND - 1_000_000, 2, true, null, "streams").failed()).isFalse();
        RuleResult atLimit = CoreRules.driverSaturation(10, 10 * SECOND, 2, true, null, "streams");
        assertThat(atLimit.failed()).isFalse();
        assertThat(atLimit.detail()).isEqualTo("driver CPU 50.0% of the machine's 2 CPUs (limit 50%: the database runs "
                + "on this machine and needs the rest); schedule lag not judged: streams");
        RuleResult over = CoreRules.driverSaturation(10, 10 * SECOND + 2_000_000, 2, true, null, "streams");
        assertThat(over.failed()).isTrue();
        assertThat(over.detail()).startsWith("driver CPU 50.0% of the machine's 2 CPUs")
                .endsWith("the database was not the only bottleneck: the rates and response times include the "
                        + "driver's own limits");
        // the JIT compiler's share is start-up work, left out: 60% with 15% of it compiling passes
        RuleResult compiling = CoreRules.driverSaturation(10, 12 * SECOND, 3 * SECOND, 2, true, null, "streams");
        assertThat(compiling.failed()).isFalse();
        assertThat(compiling.detail()).contains("driver CPU 45.0% of the machine's 2 CPUs without the JIT compiler's 15.0%");
        assertThat(CoreRules.driverSaturation(10, 12 * SECOND, 1 * SECOND, 2, true, null, "streams").failed()).isTrue();
    }

    @Test
    void aloneOnItsMachineTheDriverMayUseNineTenthsOfIt() {
        assertThat(CoreRules.driverSaturation(10, 18 * SECOND - 2_000_000, 2, false, null, "streams").failed()).isFalse();
        assertThat(CoreRules.driverSaturation(10, 18 * SECOND, 2, false, null, "streams").failed()).isFalse();
        assertThat(CoreRules.driverSaturation(10, 18 * SECOND + 2_000_000, 2, false, null, "streams").failed()).isTrue();
        assertThat(CoreRules.driverSaturation(10, 12 * SECOND, 2, false, null, "streams").detail())
                .startsWith("driver CPU 60.0% of the machine's 2 CPUs (limit 90%: the database's processes are not on "
                        + "this machine, or not visible from it)");
    }

    @Test
    void terminalsThatFellBehindTheirScheduleSaturatedTheDriver() {
        long little = SECOND; // 5% of the machine
        assertThat(CoreRules.driverSaturation(10, little, 2, true, lag(9.999), null).failed()).isFalse();
        RuleResult atLimit = CoreRules.driverSaturation(10, little, 2, true, lag(10.0), null);
        assertThat(atLimit.failed()).isFalse();
        assertThat(atLimit.detail()).endsWith("schedule lag p99 10.000 ms, max 10.000 ms (limit 10 ms at the p99)");
        assertThat(CoreRules.driverSaturation(10, little, 2, true, lag(10.001), null).failed()).isTrue();
        // the lag alone decides when the CPU time is unknown
        assertThat(CoreRules.driverSaturation(10, -1, 2, true, lag(10.001), null).failed()).isTrue();
        assertThat(CoreRules.driverSaturation(10, -1, 2, true, lag(1), null).status())
                .isEqualTo(RuleResult.Status.PASSED);
        // fewer than 100 requests: the p99 would be the maximum, one late wake-up; the CPU decides
        LatencySummary few = new LatencySummary(99, 20, 20, 20, 20, 20, 20, 20);
        RuleResult tooFew = CoreRules.driverSaturation(10, little, 2, true, few, null);
        assertThat(tooFew.failed()).isFalse();
        assertThat(tooFew.detail()).endsWith("schedule lag not judged: 99 requests fell due in the interval, fewer "
                + "than the 100 a 99th percentile needs");
        LatencySummary enough = new LatencySummary(100, 20, 20, 20, 20, 20, 20, 20);
        assertThat(CoreRules.driverSaturation(10, little, 2, true, enough, null).failed()).isTrue();
    }

    @Test
    void withNeitherFigureTheDriverCannotBeJudged() {
        RuleResult r = CoreRules.driverSaturation(10, -1, 2, true, null, "streams run back to back");
        assertThat(r.status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(r.detail()).isEqualTo("cannot be judged: driver CPU unknown: the JVM does not report its process "
                + "CPU time; schedule lag not judged: streams run back to back");
        assertThat(CoreRules.driverSaturation(0, SECOND, 2, true, null, "x").status())
                .isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    // ---- warm-up-cycle ----

    @Test
    void theWarmUpCoversOneMeanCycleOfKeyingThinkAndResponse() {
        // 20.5 s of keying and think + 500 ms response: a 21 s cycle
        assertThat(CoreRules.warmupCycle(null, 20.999, 20.5, 500).failed()).isTrue();
        RuleResult at = CoreRules.warmupCycle(null, 21.0, 20.5, 500);
        assertThat(at.failed()).isFalse();
        assertThat(at.id()).isEqualTo("warm-up-cycle");
        assertThat(at.detail()).isEqualTo("warm-up 21.0 s; mean cycle 21.00 s (keying and think 20.50 s + response "
                + "500.0 ms)");
        assertThat(CoreRules.warmupCycle(null, 21.001, 20.5, 500).failed()).isFalse();
        RuleResult tpcc = CoreRules.warmupCycle(null, 10, 20.7, 40);
        assertThat(tpcc.failed()).isTrue();
        assertThat(tpcc.detail()).isEqualTo("warm-up 10.0 s; mean cycle 20.74 s (keying and think 20.70 s + response "
                + "40.0 ms): the measurement started while terminals were in their first cycle; --warmup 21s or more");
    }

    @Test
    void withoutThinkTimesTheCycleIsTheResponseTime() {
        // 2 ms responses: 1.999 ms of warm-up is short of it (nobody runs that, but it is the bound)
        assertThat(CoreRules.warmupCycle(null, 0.001999, 0, 2).failed()).isTrue();
        assertThat(CoreRules.warmupCycle(null, 0.002, 0, 2).failed()).isFalse();
        RuleResult usual = CoreRules.warmupCycle(null, 10, 0, 2);
        assertThat(usual.failed()).isFalse();
        assertThat(usual.detail()).isEqualTo("warm-up 10.0 s; mean cycle 2.0 ms (the response time: no keying or "
                + "think time)");
        // nothing measured: the keying and think times alone
        assertThat(CoreRules.warmupCycle(null, 10, 20.7, Double.NaN).detail())
                .contains("response unknown (nothing measured)").contains("--warmup 21s");
        // no warm-up at all is the warm-up rule's; a fixed run shape has none to judge
        assertThat(CoreRules.warmupCycle(null, 0, 0, 2).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(CoreRules.warmupCycle("fixed", 0, 0, 2).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    @Test
    void theCycleTakesTheResponseOfWhatTerminalsWaitFor() {
        LatencySummary fast = new LatencySummary(300, 1.0, 1, 1, 1, 1, 1, 1);
        LatencySummary slow = new LatencySummary(100, 5.0, 5, 5, 5, 5, 5, 5);
        LatencySummary deferred = new LatencySummary(50, 900.0, 900, 900, 900, 900, 900, 900);
        RunMetrics m = metrics(timed("new-order", fast), timed("delivery", slow),
                timed("delivery" + io.tpkit.measurement.MetricsCollector.DEFERRED_SUFFIX, deferred));
        assertThat(CoreRules.meanResponseMs(m)).isEqualTo(2.0); // (300 x 1 + 100 x 5) / 400
        assertThat(CoreRules.meanResponseMs(metrics(type(0, 0, 0)))).isNaN();
    }

    /** A second ending at {@code end}: the machine's busy CPU, the database's and the driver's (null: unknown). */
    private static Monitor.Row second(double end, double busy, Double db, double driver) {
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("os.cpu.user_pct", busy * 0.75);
        v.put("os.cpu.system_pct", busy * 0.25);
        if (db != null) {
            v.put("db.cpu_pct", db);
        }
        v.put("driver.cpu_pct", driver);
        return new Monitor.Row(end, 1.0, v);
    }

    @Test
    void otherProcessesAreJudgedOnTheIntervalsSecondsOnAverage() {
        // a compile beside the run: seconds 3 and 4 of the interval 2..6 take 30 and 20 of 100
        List<Monitor.Row> rows = List.of(second(1, 99, 10.0, 10), second(2, 80, 40.0, 37),
                second(3, 100, 40.0, 30), second(4, 90, 40.0, 30), second(5, 78, 40.0, 36),
                second(6, 60, 40.0, 18), second(7, 100, 5.0, 5));
        RuleResult shared = CoreRules.quietMachine(rows, 2.0, 6.0);
        assertThat(shared.failed()).isTrue();
        // the seconds whose middles lie in the interval: 3, 4, 5, 6 -> others 30, 20, 2, 2: mean 13.5
        assertThat(shared.detail()).startsWith("other processes took 13.5% of the CPUs on average over the "
                + "interval's 4 monitored seconds, 30.0% in the busiest");
        RuleResult quiet = CoreRules.quietMachine(rows.subList(4, 6), 4.0, 6.0);
        assertThat(quiet.status()).isEqualTo(RuleResult.Status.PASSED);
        assertThat(quiet.detail()).startsWith("other processes took 2.0% ");
    }

    @Test
    void withoutTheDatabasesCpuTheMachineIsNotJudged() {
        List<Monitor.Row> remote = List.of(second(1, 50, null, 20), second(2, 50, null, 20));
        assertThat(CoreRules.quietMachine(remote, 0.0, 2.0).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
        assertThat(CoreRules.quietMachine(remote, null, null).status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE);
    }

    private static TypeSummary timed(String name, LatencySummary response) {
        return new TypeSummary(name, response.count(), response.count(), 0, Map.of(), 0, Map.of(), Map.of(), Map.of(),
                0, response, response, response);
    }

    @Test
    void aNetworkDelayAddedByTpkitIsLabelledWithWhatItCostsARoundTrip() {
        assertThat(CoreRules.noAddedDelay(java.time.Duration.ZERO).failed()).isFalse();
        io.tpkit.spi.workload.RuleResult five = CoreRules.noAddedDelay(java.time.Duration.ofMillis(5));
        assertThat(five.failed()).isTrue();
        assertThat(five.id()).isEqualTo(CoreRules.NO_ADDED_DELAY);
        assertThat(five.detail()).contains("--network-delay 5:", "5 ms each way, 10 ms per round trip");
        assertThat(CoreRules.noAddedDelay(java.time.Duration.ofNanos(250_000)).detail())
                .contains("0.25 ms each way, 0.5 ms per round trip");
    }
}
