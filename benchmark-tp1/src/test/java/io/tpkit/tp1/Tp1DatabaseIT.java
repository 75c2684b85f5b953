package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.api.Tpkit;
import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Logic;
import io.tpkit.result.LoadReport;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * TP1 against a real database. Subclasses say which one: the embedded PostgreSQL (always) or
 * this machine's PostgreSQL or MariaDB server (when configured). The database decides every outcome asserted here.
 */
abstract class Tp1DatabaseIT {
    @TempDir
    Path temp;

    /** A builder pointed at the database under test. */
    abstract BenchmarkConfig.Builder config();

    /** Runs SQL against the database under test after a command finished. */
    abstract <T> T query(SqlFunction<T> f) throws Exception;

    long number(String sql) throws Exception {
        return this.<Long>query(s -> SqlAccess.single(s, sql));
    }

    /**
     * Statements of a client transaction: the four writes, with the balance returned by the
     * account update (PostgreSQL) or read after it (MySQL, one more).
     */
    int clientStatements() {
        return 4;
    }

    /**
     * Row guards per update: statements the dialect sends right after each update so that one
     * that found no row fails the transaction before its COMMIT (MySQL and MariaDB: one).
     */
    int guardsPerUpdate() {
        return 0;
    }

    /** A setting that makes commits durable, as result.json records it. */
    java.util.Map.Entry<String, String> durableSetting() {
        return java.util.Map.entry("fsync", "on");
    }

    /** A small database measured for 3 s. */
    BenchmarkConfig.Builder small() {
        return smallCounted().duration(Duration.ofSeconds(3));
    }

    /** A small database, for a run measured by a transaction count (which excludes a duration). */
    BenchmarkConfig.Builder smallCounted() {
        return config().scale(2).option("accounts-per-branch", "5000").warmup(Duration.ofSeconds(1))
                .connections(3).outDir(temp.resolve("results")).loadPolicy(LoadPolicy.ALWAYS);
    }

    void streamsRunLoadsMeasuresAndPassesItsChecks() throws Exception {
        RunResult r = Tpkit.run(small().build());

        assertThat(r.load()).isNotNull();
        assertThat(r.load().rows()).isEqualTo(2 + 20 + 10_000);
        assertThat(r.metrics().totalCommitted()).isPositive();
        assertThat(r.metrics().measurementSeconds()).isBetween(2.5, 4.0);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        long history = number("SELECT count(*) FROM tp1_history");
        assertThat(history).isEqualTo(r.metrics().committedAllPhases());
        // the verdict labels what is not standard here: a short interval and small branches
        assertThat(r.validity().conformant()).isFalse();
        assertThat(failed(r)).contains("measurement-interval", "standard-scale").doesNotContain("consistency", "durability");

        Path dir = Path.of(r.resultDir());
        JsonNode json = ResultWriter.json().readTree(dir.resolve("result.json").toFile());
        assertThat(json.at("/metrics/totalCommitted").asLong()).isEqualTo(r.metrics().totalCommitted());
        assertThat(json.at("/database/settings/" + durableSetting().getKey()).asText())
                .isEqualTo(durableSetting().getValue());
        assertThat(json.at("/validity/verdict").asText()).startsWith("non-standard");
        List<String> csv = Files.readAllLines(dir.resolve("timeseries.csv"));
        assertThat(csv.getFirst()).startsWith("elapsed_s,");
        assertThat(csv).anyMatch(l -> l.contains(",measurement,debit-credit,"));
        assertThat(dir.resolve("histograms.hlog")).isNotEmptyFile();
        monitorIsRecorded(dir, json, csv);
        // the four writes and the balance read, and COMMIT, sent together: one round trip
        costIsMeasured(r, clientStatements(), 1, 1);
        assertThat(json.at("/cost/roundTrips").asDouble()).isEqualTo(r.cost().roundTrips());
        try (var files = Files.list(dir.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("partial"));
        }
    }

    /** monitor.csv has a row per second of the run; result.json summarises it over the measurement. */
    static void monitorIsRecorded(Path dir, JsonNode json, List<String> timeseries) throws Exception {
        List<String> monitor = Files.readAllLines(dir.resolve("monitor.csv"));
        List<String> header = List.of(monitor.getFirst().split(","));
        assertThat(header.getFirst()).isEqualTo("elapsed_s");
        assertThat(header).contains("driver.cpu_pct", "db.commits_per_s", "db.rollbacks_per_s", "db.blks_hit_per_s",
                "db.blks_read_per_s", "db.wal_bytes_per_s");
        if (json.at("/database/product").asText().equals("PostgreSQL")) {
            assertThat(header).contains("db.deadlocks", "db.temp_bytes_per_s", "db.checkpoints");
        }
        if (Files.isReadable(Path.of("/proc/stat"))) {
            assertThat(header).contains("os.cpu.user_pct", "os.cpu.system_pct", "os.cpu.iowait_pct",
                    "os.cpu.idle_pct", "os.disk.read_bytes_per_s", "os.disk.write_bytes_per_s",
                    "os.disk.reads_per_s", "os.disk.writes_per_s", "os.mem.used_bytes");
        }
        // the run's whole seconds, counted from the same origin as timeseries.csv
        double lastSecond = timeseries.stream().skip(1).mapToDouble(l -> Double.parseDouble(l.split(",")[0]))
                .max().orElseThrow();
        List<String> rows = monitor.subList(1, monitor.size());
        assertThat(rows.size()).isBetween((int) lastSecond - 1, (int) lastSecond + 1);
        for (int i = 0; i < rows.size(); i++) {
            String[] cells = rows.get(i).split(",", -1);
            assertThat(cells).hasSize(header.size());
            assertThat(Double.parseDouble(cells[0])).isCloseTo(i + 1, org.assertj.core.api.Assertions.within(0.3));
        }
        JsonNode m = json.get("monitor");
        assertThat(m).isNotNull();
        assertThat(m.get("events").isArray()).isTrue();
        assertThat(m.get("notes").isArray()).isTrue();
        assertThat(m.get("samples").asInt()).isPositive();
        // the server counted the run's commits while it was measured
        assertThat(m.get("series").get("db.commits_per_s").get("mean").asDouble()).isPositive();
        assertThat(m.get("series").get("db.wal_bytes_per_s").get("max").asDouble()).isPositive();
    }

    void procedureLogicCommitsExactlyTheRequestedTransactions() throws Exception {
        RunResult r = Tpkit.run(smallCounted().logic(Logic.PROCEDURE).warmup(Duration.ZERO).transactions(300L).build());

        assertThat(r.metrics().totalCommitted()).isEqualTo(300);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(number("SELECT count(*) FROM tp1_history")).isEqualTo(300);
        assertThat(r.configuration().logic()).isEqualTo("procedure");
        // one call, which commits by itself (auto-commit): one round trip
        costIsMeasured(r, 1, 0, 1);
    }

    /**
     * Seed 001's Table 2 without its "start an update transaction" (both JDBC drivers start the
     * transaction with the first statement): the account update, the read of its balance, the
     * history insert, the teller and branch updates and COMMIT, each alone: six round trips.
     */
    void interactiveLogicCommitsExactlyTheRequestedTransactions() throws Exception {
        RunResult r = Tpkit.run(smallCounted().logic(Logic.INTERACTIVE).warmup(Duration.ZERO).transactions(300L)
                .build());

        assertThat(r.metrics().totalCommitted()).isEqualTo(300);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        assertThat(r.configuration().logic()).isEqualTo("interactive");
        costIsMeasured(r, 5, 1, 6);
        assertThat(InteractiveSession.roundTrips()).isEqualTo(6);
    }

    /**
     * The interactive session on a connection of its own: each transaction leaves the delta in
     * the account, teller and branch and a history row, shows the account's new balance, and
     * takes six round trips, each a statement or the COMMIT.
     */
    void interactiveSessionShowsTheNewBalance() throws Exception {
        Tpkit.load(smallCounted().build(), RunListener.SILENT);
        query(s -> {
            java.sql.Connection c = s.getConnection();
            String dialect = c.getMetaData().getDatabaseProductName().equalsIgnoreCase("PostgreSQL") ? "postgresql"
                    : "mysql";
            io.tpkit.spi.workload.SessionConnection connection = new io.tpkit.spi.workload.SessionConnection(c);
            InteractiveSession session = new InteractiveSession(connection, StatementOrder.DEFAULT, Tp1Dialect.of(dialect));
            long before = SqlAccess.single(s, "SELECT abalance FROM tp1_account WHERE aid = 4321");
            long teller = SqlAccess.single(s, "SELECT tbalance FROM tp1_teller WHERE tid = 3");
            long history = SqlAccess.single(s, "SELECT count(*) FROM tp1_history");
            for (int delta : new int[] {700, -25}) {
                connection.resetCounts();
                assertThat(session.execute(new Tp1Request(4321, 3, 1, delta))).isEqualTo(io.tpkit.spi.workload.Outcome.COMMITTED);
                assertThat(connection.roundTrips()).isEqualTo(6);
                assertThat(connection.statements()).isEqualTo(5);
                assertThat(connection.commits()).isEqualTo(1);
            }
            assertThat(session.lastBalance()).isEqualTo(before + 675);
            assertThat(SqlAccess.single(s, "SELECT abalance FROM tp1_account WHERE aid = 4321")).isEqualTo(before + 675);
            assertThat(SqlAccess.single(s, "SELECT tbalance FROM tp1_teller WHERE tid = 3")).isEqualTo(teller + 675);
            assertThat(SqlAccess.single(s, "SELECT count(*) FROM tp1_history")).isEqualTo(history + 2);
            return null;
        });
    }

    /**
     * What a transaction cost: the session's statements and commits as counted, bytes both
     * ways, the driver's CPU split into user and system, and the server's CPU when it runs on
     * this machine (it does for every database these tests use).
     */
    static void costIsMeasured(RunResult r, int statements, int commits, int roundTrips) {
        io.tpkit.metrics.TypeCost t = r.metrics().types().getFirst().cost();
        assertThat(t.transactions()).isGreaterThanOrEqualTo(r.metrics().totalCommitted());
        assertThat(t.statements()).isEqualTo(statements);
        assertThat(t.commits()).isEqualTo(commits);
        assertThat(t.roundTrips()).isEqualTo(roundTrips);
        assertThat(t.bytesSent()).isPositive();
        assertThat(t.bytesReceived()).isPositive();
        assertThat(t.driverCpuMicros()).isPositive();
        io.tpkit.result.CostPerTransaction c = r.cost();
        assertThat(c.committed()).isEqualTo(r.metrics().totalCommitted());
        assertThat(c.roundTrips()).isCloseTo(roundTrips, org.assertj.core.api.Assertions.within(0.01));
        assertThat(c.driverCpuMicros()).isPositive();
        if (Files.isReadable(Path.of("/proc/self/stat"))) {
            // two clocks of the same thing: the JVM's, and the kernel's user + system ticks of 10 ms
            double slack = 20_000.0 / c.committed() + 0.1 * c.driverCpuMicros();
            assertThat(c.driverUserMicros() + c.driverSystemMicros())
                    .isCloseTo(c.driverCpuMicros(), org.assertj.core.api.Assertions.within(slack));
            assertThat(c.databaseCpuMicros()).as(String.join("; ", c.notes())).isPositive();
            assertThat(c.databaseCpuSource()).contains("PID");
        }
        assertThat(c.bytesSent()).isPositive();
        if (r.monitor().samples() > 0 && r.monitor().fromSeconds() != null) {
            assertThat(c.walBytes()).isPositive();
        } else {
            // a measurement shorter than the monitor's first whole second: said, not guessed
            assertThat(c.walBytes()).isNull();
            assertThat(c.notes()).anyMatch(n -> n.startsWith("WAL bytes"));
        }
    }

    void closedTerminalsAreTpcAStyle() throws Exception {
        RunResult r = Tpkit.run(small().arrival(ArrivalModel.CLOSED).thinkFactor(0.001).connections(2).build());

        assertThat(r.workload().terminals()).isEqualTo(20);
        assertThat(r.workload().arrival()).isEqualTo("closed");
        assertThat(r.metrics().totalCommitted()).isPositive();
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(failed(r)).contains("tpc-a-cycle-time");
    }

    void loadWritesStandardRowsAndATamperedDatabaseFailsTheCheck() throws Exception {
        BenchmarkConfig config = config().scale(1).build();
        LoadReport load = Tpkit.load(config, RunListener.SILENT);
        assertThat(load.rows()).isEqualTo(1 + 10 + 100_000);
        assertThat(number("SELECT count(*) FROM tp1_account")).isEqualTo(100_000);
        assertThat(number("SELECT count(*) FROM tp1_teller WHERE bid = 1")).isEqualTo(10);
        // fillers are stored, so rows reach their 100-byte size
        assertThat(number("SELECT count(*) FROM tp1_account WHERE filler IS NULL")).isZero();
        assertThat(number("SELECT min(octet_length(filler)) FROM tp1_branch")).isPositive();
        assertThat(Tpkit.check(config, RunListener.SILENT)).allMatch(CheckResult::passed);

        this.<Integer>query(s -> s.executeUpdate("UPDATE tp1_teller SET tbalance = tbalance + 7 WHERE tid = 3"));
        List<CheckResult> checks = Tpkit.check(config, RunListener.SILENT);
        assertThat(checks).anyMatch(c -> !c.passed());

        assertThatThrownBy(() -> Tpkit.run(config().scale(3).loadPolicy(LoadPolicy.NEVER).outDir(temp).build()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("scale 1");
    }

    /**
     * The accounts whose balance is not the sum of their history deltas, with the difference: the
     * database's own view of T1's amends (DebitCredit keeps every balance equal to its history).
     */
    static final String DRIFT = "SELECT a.aid, a.abalance - COALESCE(h.s, 0) FROM tp1_account a LEFT JOIN "
            + "(SELECT aid, SUM(delta) AS s FROM tp1_history GROUP BY aid) h ON h.aid = a.aid "
            + "WHERE a.abalance <> COALESCE(h.s, 0) ORDER BY a.aid";

    java.util.Map<Integer, Long> drift() throws Exception {
        return query(s -> {
            java.util.Map<Integer, Long> m = new java.util.LinkedHashMap<>();
            try (java.sql.ResultSet rs = s.executeQuery(DRIFT)) {
                while (rs.next()) {
                    m.put(rs.getInt(1), rs.getLong(2));
                }
            }
            return m;
        });
    }

    /** Several counts on one connection (the embedded server starts once). */
    long[] numbers(String... sql) throws Exception {
        return query(s -> {
            long[] n = new long[sql.length];
            for (int i = 0; i < sql.length; i++) {
                n[i] = SqlAccess.single(s, sql[i]);
            }
            return n;
        });
    }

    static final String UNTOUCHED_BALANCES = "SELECT (SELECT COUNT(*) FROM tp1_account WHERE abalance <> 0) "
            + "+ (SELECT COUNT(*) FROM tp1_teller WHERE tbalance <> 0) + (SELECT COUNT(*) FROM tp1_branch WHERE bbalance <> 0)";

    /**
     * T1 without conflict, 4 amends per transaction: each of the 3 streams amends its own 4
     * accounts, from 1, 3,334 and 6,667 on, and the database holds exactly one amend of +1 per
     * key and transaction the driver saw commit (warm-up included), on those accounts only. A
     * DebitCredit run on the same data then takes the amends back first and passes every check.
     */
    void t1AmendsEachStreamsOwnKeyOncePerCommit() throws Exception {
        RunResult r = Tpkit.run(small().option("sub-transaction", "t1").option("ops-per-transaction", "4").build());

        long committed = r.metrics().committedAllPhases();
        assertThat(r.metrics().totalCommitted()).isPositive();
        assertThat(r.metrics().types()).extracting(io.tpkit.metrics.TypeSummary::name).containsExactly("t1-amend");
        java.util.Map<Integer, Long> drift = drift();
        assertThat(drift.keySet()).containsExactly(1, 2, 3, 4, 3_334, 3_335, 3_336, 3_337, 6_667, 6_668, 6_669, 6_670);
        assertThat(drift.values()).allMatch(n -> n > 0);
        // each stream's four keys are amended together, once per transaction
        for (int first : new int[] {1, 3_334, 6_667}) {
            assertThat(java.util.stream.IntStream.range(first, first + 4).mapToObj(drift::get).distinct()).hasSize(1);
        }
        assertThat(drift.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(4 * committed);
        long[] n = numbers("SELECT COUNT(*) FROM tp1_history", "SELECT COUNT(*) FROM tp1_teller WHERE tbalance <> 0",
                "SELECT COUNT(*) FROM tp1_branch WHERE bbalance <> 0");
        assertThat(n).containsExactly(0, 0, 0);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database",
                "t1-amends-recorded", "account-balances-match-history", "sub-transactions-whole");
        assertThat(r.workload().parameters()).asString().contains("t1Keys=[1, 3334, 6667]", "t1KeysPerStream=4",
                "opsPerTransaction=4");
        assertThat(r.headline()).containsOnlyKeys("t1AmendPerSecond");
        assertThat(r.headline().get("t1AmendPerSecond").value()).isEqualTo(4 * r.metrics().throughput().overWallClock());
        assertThat(r.headline().get("t1AmendPerSecond").unit()).isEqualTo("1/s");
        assertThat(failed(r)).contains("debit-credit").doesNotContain("consistency", "durability");
        // four UPDATEs (each with its row guard where the dialect has one) and their COMMIT, one round trip
        costIsMeasured(r, 4 * (1 + guardsPerUpdate()), 1, 1);

        RunResult tp1 = Tpkit.run(small().loadPolicy(LoadPolicy.NEVER).build());
        assertThat(tp1.workload().parameters()).asString().contains("t1AmendsUndoneBeforeRun=" + 4 * committed);
        assertThat(tp1.consistency()).allMatch(CheckResult::passed);
        assertThat(drift()).isEmpty();
    }

    /**
     * T1 with pathological conflict, 100 amends per transaction by default: every stream amends
     * accounts 1 to 100, and only those hold amends, one per commit each. The checks of the data
     * afterwards pass, the record counted.
     */
    void t1WithConflictAmendsOneKeyOnly() throws Exception {
        RunResult r = Tpkit.run(small().option("sub-transaction", "t1-conflict").build());

        long committed = r.metrics().committedAllPhases();
        assertThat(r.metrics().totalCommitted()).isPositive();
        assertThat(r.metrics().types()).extracting(io.tpkit.metrics.TypeSummary::name)
                .containsExactly("t1-amend-conflict");
        java.util.Map<Integer, Long> drift = drift();
        assertThat(drift.keySet()).containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 100).boxed()
                .toList());
        assertThat(drift.values()).containsOnly(committed);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        List<CheckResult> checks = Tpkit.check(small().loadPolicy(LoadPolicy.NEVER).build(), RunListener.SILENT);
        assertThat(checks).allMatch(CheckResult::passed);
        assertThat(checks).filteredOn(c -> c.name().equals("t1-amends-recorded")).singleElement()
                .satisfies(c -> assertThat(c.detail()).contains("100 accounts recorded",
                        "amended " + 100 * committed + " times"));
    }

    /** T2: 100 history rows per commit by default, with a delta of 0, and no balance changed. */
    void t2AppendsOneHistoryRowPerCommit() throws Exception {
        RunResult r = Tpkit.run(small().option("sub-transaction", "t2").build());

        long committed = r.metrics().committedAllPhases();
        assertThat(r.metrics().totalCommitted()).isPositive();
        assertThat(r.metrics().types()).extracting(io.tpkit.metrics.TypeSummary::name).containsExactly("t2-append");
        long[] n = numbers("SELECT COUNT(*) FROM tp1_history", "SELECT COUNT(*) FROM tp1_history WHERE delta <> 0",
                UNTOUCHED_BALANCES);
        assertThat(n).containsExactly(100 * committed, 0, 0);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("sub-transactions-whole");
        costIsMeasured(r, 100, 1, 1);
    }

    /**
     * The bound end to end at 1 and 3 connections: the four runs one after the other on the same
     * data, each rate the run's own operations over its interval (100 per sub-transaction), the
     * seed's formula over the peaks and at each count, and TP1 at or below 100 % of its bound
     * everywhere: the sub-transactions are charged only what TP1 pays for them (a round trip and
     * a commit shared by 100 operations, the commits not flushed where the server allows that for
     * one session). With one operation per transaction and durable commits (the seed's recipe as
     * tpkit ran it before) TP1 measured 114 % to 309 % of its bound here.
     */
    UpperBoundRuns.Result theBoundIsABoundAtOneAndSeveralConnections() throws Exception {
        BenchmarkConfig base = config().scale(1).option("accounts-per-branch", "5000")
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(2)).outDir(temp.resolve("results"))
                .loadPolicy(LoadPolicy.ALWAYS).build();

        UpperBoundRuns.Result b = (UpperBoundRuns.Result) io.tpkit.api.Tpkit.bound(base, List.of(1, 3),
                RunListener.SILENT, new io.tpkit.runner.RunControl()).value();

        assertThat(b.complete()).isTrue();
        assertThat(b.durable()).isTrue();
        assertThat(b.runs()).extracting(UpperBoundRuns.Run::run).containsExactly("t1", "t1-conflict", "t2", "tp1",
                "t1", "t1-conflict", "t2", "tp1");
        assertThat(b.runs()).allMatch(UpperBoundRuns.Run::consistent);
        for (UpperBoundRuns.Run run : b.runs()) {
            int k = run.run().equals("tp1") ? 1 : 100;
            assertThat(run.opsPerTransaction()).isEqualTo(k);
            assertThat(run.committed()).isPositive();
            assertThat(run.perSecond()).isCloseTo(k * run.committed() / run.measuredSeconds(),
                    org.assertj.core.api.Assertions.within(1e-6 * run.perSecond()));
            Path dir = Path.of(run.resultDir());
            assertThat(dir.getParent()).isEqualTo(Path.of(b.folder()));
            JsonNode json = ResultWriter.json().readTree(dir.resolve("result.json").toFile());
            assertThat(json.at("/metrics/totalCommitted").asLong()).isEqualTo(run.committed());
            if (k > 1) {
                // 100 statements and the COMMIT in one round trip
                assertThat(json.at("/cost/roundTrips").asDouble()).isEqualTo(1.0);
                int guards = run.run().startsWith("t1") ? guardsPerUpdate() : 0;
                assertThat(json.at("/metrics/types/0/cost/statements").asDouble()).isEqualTo(100.0 * (1 + guards));
                assertThat(run.commits()).isEqualTo(b.database().startsWith("PostgreSQL")
                        ? "not flushed at commit, for its own sessions only (SET synchronous_commit = off when each "
                        + "opens)" : Tp1Dialect.of("mysql").subTransactionCommits());
            }
        }
        double t1 = b.peaks().get("t1").perSecond();
        double t1c = b.peaks().get("t1-conflict").perSecond();
        double t2 = b.peaks().get("t2").perSecond();
        double tp1 = b.peaks().get("tp1").perSecond();
        assertThat(b.bound().minimumSeconds()).isCloseTo(2 / t2 + 3 / t1, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(b.bound().tps() * (2 / t2 + 3 / t1)).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(b.tp1PerSecond()).isEqualTo(tp1);
        assertThat(b.percentOfBound()).isCloseTo(100 * tp1 / b.bound().tps(), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(b.boundOneInConflict().minimumSeconds()).isCloseTo(2 / t2 + 2 / t1 + 1 / t1c,
                org.assertj.core.api.Assertions.within(1e-12));
        // the bound bounds: TP1's peak, and TP1 at each count against that count's own bound
        assertThat(b.percentOfBound()).as(UpperBoundTable.render(b)).isLessThanOrEqualTo(100);
        assertThat(b.byConnections()).extracting(UpperBoundRuns.AtConnections::connections).containsExactly(1, 3);
        for (UpperBoundRuns.AtConnections at : b.byConnections()) {
            assertThat(at.percentOfBound()).as(UpperBoundTable.render(b)).isLessThanOrEqualTo(100);
        }

        Path folder = Path.of(b.folder());
        assertThat(folder.getFileName().toString()).startsWith("bound-tp1-");
        JsonNode json = ResultWriter.json().readTree(folder.resolve(UpperBoundRuns.JSON).toFile());
        assertThat(json.at("/bound/tps").asDouble()).isEqualTo(b.bound().tps());
        assertThat(json.at("/percentOfBound").asDouble()).isEqualTo(b.percentOfBound());
        assertThat(json.at("/runs")).hasSize(8);
        assertThat(json.at("/byConnections")).hasSize(2);
        List<String> csv = Files.readAllLines(folder.resolve(UpperBoundRuns.CSV));
        assertThat(csv.getFirst()).isEqualTo("figure,run,connections,value,unit,how");
        assertThat(csv).hasSize(1 + 8 + 4 + 3 + 3 + 2 * 2);
        assertThat(Files.readString(folder.resolve(UpperBoundRuns.TEXT))).contains("seed 000: 2/T2 + 3/T1",
                b.bound().formula(), "100 operations per transaction", "at 3 connections");
        return b;
    }

    /** The bound, and the database afterwards holding exactly the history rows of T2's and TP1's commits, T1's amends taken back. */
    void theBoundRunsTheFourOnTheSameDataAndComputesTheSeedsFormula() throws Exception {
        UpperBoundRuns.Result b = theBoundIsABoundAtOneAndSeveralConnections();
        assertThat(b.runs()).extracting(UpperBoundRuns.Run::loaded).containsExactly(true, false, false, false,
                false, false, false, false);
        long historyRows = 0;
        for (UpperBoundRuns.Run run : b.runs()) {
            JsonNode json = ResultWriter.json().readTree(Path.of(run.resultDir()).resolve("result.json").toFile());
            if (run.run().equals("t2") || run.run().equals("tp1")) {
                historyRows += run.opsPerTransaction() * json.at("/metrics/committedAllPhases").asLong();
            }
        }
        long[] n = numbers("SELECT COUNT(*) FROM tp1_history");
        assertThat(n[0]).isEqualTo(historyRows);
        assertThat(drift()).isEmpty();
    }

    /** Whether the data outlives a command (an embedded MariaDB starts empty every time). */
    boolean keepsData() {
        return true;
    }

    /** Copies of the data a series left behind (none should be): tables named tpkit_copy_*. */
    long leftCopies() throws Exception {
        return number("SELECT count(*) FROM information_schema.tables WHERE table_name LIKE 'tpkit_copy%'");
    }

    /** Each repetition's result, in order. */
    static List<RunResult> results(io.tpkit.sweep.RepeatResult set) {
        return set.runs().stream().map(rep -> io.tpkit.result.ResultReader.read(Path.of(rep.resultDir()))).toList();
    }

    /** The database's count of TP1 transactions (history rows) before the run, as the run read it. */
    static long historyBefore(RunResult r) {
        return r.database().transactionsBefore();
    }

    /**
     * By default every repetition starts from the same data: here data an earlier run changed
     * (history rows already there), copied before the first repetition and restored before each.
     */
    void repetitionsStartFromTheSameData() throws Exception {
        BenchmarkConfig.Builder config = smallCounted().warmup(Duration.ZERO).transactions(90L);
        long before = 0;
        if (keepsData()) {
            Tpkit.run(config.build());
            before = number("SELECT count(*) FROM tp1_history");
            assertThat(before).isPositive();
        }

        io.tpkit.sweep.RepeatResult set = Tpkit.repeat(config.loadPolicy(LoadPolicy.IF_EMPTY).build(), 3, 0.95,
                RunListener.SILENT, new io.tpkit.runner.RunControl());

        assertThat(set.startingData().method()).isEqualTo("restore");
        assertThat(set.startingData().sameData()).isTrue();
        assertThat(set.startingData().seconds()).hasSize(3);
        assertThat(set.loadPolicy()).startsWith("each repetition started from the same data");
        for (RunResult r : results(set)) {
            assertThat(historyBefore(r)).isEqualTo(before);
            assertThat(r.metrics().committedAllPhases()).isPositive();
            assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
            assertThat(r.consistency()).allMatch(CheckResult::passed);
            assertThat(r.database().startingData().method()).isEqualTo("restore");
        }
        if (keepsData()) {
            // the last repetition's history rows only, on the data as the series found it; no copy left
            RunResult last = results(set).getLast();
            assertThat(number("SELECT count(*) FROM tp1_history")).isEqualTo(before + last.metrics().committedAllPhases());
            assertThat(leftCopies()).isZero();
        }
    }

    /** Without the reset (--no-load; --no-reset where the data does not outlive a command) the history grows. */
    void withoutTheResetRepetitionsGrow() throws Exception {
        BenchmarkConfig.Builder config = smallCounted().warmup(Duration.ZERO).transactions(90L);
        io.tpkit.sweep.RepeatResult set;
        if (keepsData()) {
            Tpkit.load(config.build(), RunListener.SILENT);
            set = Tpkit.repeat(config.loadPolicy(LoadPolicy.NEVER).build(), 3, 0.95, RunListener.SILENT,
                    new io.tpkit.runner.RunControl());
            assertThat(set.loadPolicy()).startsWith("the repetitions did not start from the same data: never loaded "
                    + "(--no-load)");
        } else {
            set = Tpkit.repeat(config.loadPolicy(LoadPolicy.IF_EMPTY).build(), 3, 0.95, false, RunListener.SILENT,
                    new io.tpkit.runner.RunControl());
            assertThat(set.loadPolicy()).startsWith("the repetitions did not start from the same data: loaded before "
                    + "the first repetition when the database was empty").endsWith("(--no-reset)");
        }

        assertThat(set.startingData().sameData()).isFalse();
        List<RunResult> runs = results(set);
        assertThat(historyBefore(runs.getFirst())).isZero();
        for (int i = 1; i < runs.size(); i++) {
            assertThat(historyBefore(runs.get(i))).as("repetition %d", i + 1)
                    .isEqualTo(historyBefore(runs.get(i - 1)) + runs.get(i - 1).metrics().committedAllPhases());
            assertThat(runs.get(i).consistency()).allMatch(CheckResult::passed);
        }
    }

    static List<String> failed(RunResult r) {
        return r.validity().rules().stream().filter(RuleResult::failed).map(RuleResult::id).toList();
    }
}
