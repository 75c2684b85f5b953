package io.tpkit.hpss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import io.tpkit.sweep.RepeatResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.SessionConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;

/** HPSS against a real database (PostgreSQL or MariaDB); subclasses say which one. The database decides every outcome. */
abstract class HpssDatabaseIT {
    @TempDir
    Path temp;

    abstract BenchmarkConfig.Builder config();

    /** Runs SQL against the database under test between runs. */
    abstract <T> T query(SqlFunction<T> f) throws Exception;

    long number(String sql) throws Exception {
        return this.<Long>query(s -> SqlAccess.single(s, sql));
    }

    void execute(String sql) throws Exception {
        this.<Boolean>query(s -> s.execute(sql));
    }

    BenchmarkConfig.Builder small(int threads, int creates, int iterations) {
        return config().scale(threads).option("creates-per-thread", Integer.toString(creates))
                .option("iterations", Integer.toString(iterations)).option("warm-up-creates", "200")
                .outDir(temp.resolve("results"))
                .loadPolicy(LoadPolicy.ALWAYS);
    }

    static List<String> failed(RunResult r) {
        return r.validity().rules().stream().filter(RuleResult::failed).map(RuleResult::id).toList();
    }

    void smallRunCommitsEveryCreateInItsIterationAndPassesItsChecks() throws Exception {
        RunResult r = Tpkit.run(small(4, 50, 3).build());

        assertThat(r.metrics().totalCommitted()).isEqualTo(600);
        // what the collector counted in each iteration, against the files the database holds
        List<Iteration> its = r.metrics().iterations();
        assertThat(its).hasSize(3);
        assertThat(its.stream().mapToLong(Iteration::committed).sum())
                .isEqualTo(number("SELECT count(*) FROM hpss_nsobject WHERE object_type = 1"));
        assertThat(its).allSatisfy(it -> assertThat(it.committed()).isEqualTo(200));
        assertThat(its).extracting(Iteration::rowsAtStart).containsExactly(0L, 200L, 400L);
        assertThat(its).allSatisfy(it -> {
            assertThat(it.conditions()).isNotNull();
            assertThat(it.endSeconds() - it.startSeconds()).isCloseTo(it.seconds(), within(0.002));
        });
        assertThat(number("SELECT count(*) FROM hpss_nsobject WHERE object_type = 1")).isEqualTo(600);
        assertThat(number("SELECT count(DISTINCT bitfile_id) FROM hpss_bitfile")).isEqualTo(600);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name)
                .contains("driver-count-matches-database", "every-file-has-its-bitfile", "files-equal-bitfiles");
        double high = its.stream().mapToDouble(Iteration::perSecond).max().orElseThrow();
        double low = its.stream().mapToDouble(Iteration::perSecond).min().orElseThrow();
        double mean = its.stream().mapToDouble(Iteration::perSecond).average().orElseThrow();
        assertThat(r.headline()).containsKeys("createsPerSecondMean", "createsPerSecondHigh", "createsPerSecondLow",
                "createsPerSecondFirstIteration", "createsPerSecondLastIteration", "lastVsFirstIterationPct",
                "duplicateKeys");
        assertThat(r.headline().get("createsPerSecondHigh").value()).isEqualTo(high);
        assertThat(r.headline().get("createsPerSecondLow").value()).isEqualTo(low);
        assertThat(r.headline().get("createsPerSecondMean").value()).isCloseTo(mean, within(1e-9));
        assertThat(r.headline().get("createsPerSecondFirstIteration").value()).isEqualTo(its.getFirst().perSecond());
        assertThat(r.headline().get("createsPerSecondLastIteration").value()).isEqualTo(its.getLast().perSecond());
        assertThat(r.headline().get("createsPerSecondHigh").label()).isEqualTo("creates/s high");
        assertThat(r.headline().get("createsPerSecondHigh").unit()).isEqualTo("1/s");
        // each id is the short name of its label
        r.headline().forEach((id, f) -> assertThat(io.tpkit.metrics.Headline.id(f.label())).isEqualTo(id));
        // a smaller run is labelled; the tables were empty and commits durable (the rules about
        // the driver's machine, quiet-machine and jit-settled, depend on what else runs there)
        assertThat(failed(r)).contains("standard-shape").doesNotContain("empty-at-start", "durability", "consistency",
                "completed-transactions", "failed-transactions");
        assertThat(failed(r)).isSubsetOf("standard-shape", "quiet-machine", "jit-settled", "driver-saturation");
        assertThat(r.validity().rules()).filteredOn(rule -> rule.id().equals("warm-up"))
                .singleElement().satisfies(rule -> assertThat(rule.status()).isEqualTo(RuleResult.Status.NOT_APPLICABLE));
        assertThat(Path.of(r.resultDir()).resolve("timeseries.csv")).exists();
        assertThat(Files.readString(Path.of(r.resultDir()).resolve("result.json"))).contains("\"iterations\"");

        // a second run on the same tables starts with 600 files: still measured, but labelled
        RunResult again = Tpkit.run(small(4, 50, 1).loadPolicy(LoadPolicy.IF_EMPTY).build());
        assertThat(failed(again)).contains("empty-at-start");
        assertThat(again.consistency()).allMatch(CheckResult::passed);
        assertThat(number("SELECT count(*) FROM hpss_bitfile")).isEqualTo(800);
    }

    /**
     * Two driver processes (here two threads, each a whole tpkit run) split the threads: every
     * iteration of the whole run starts when both parts have ended the one before, and the merge
     * makes them one run the database agrees with.
     *
     * @param shared the database both parts and the merge connect to (a JDBC URL)
     */
    void aRunSplitInTwoMeetsAtEveryIterationAndMergesWhole(BenchmarkConfig.Builder shared) throws Exception {
        java.util.function.Supplier<BenchmarkConfig.Builder> run = () -> shared.build().toBuilder().scale(4)
                .option("creates-per-thread", "50").option("iterations", "3").option("warm-up-creates", "100")
                .outDir(temp.resolve("results"));
        Tpkit.load(run.get().loadPolicy(LoadPolicy.ALWAYS).build(), RunListener.SILENT);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        List<RunResult> parts = new java.util.ArrayList<>();
        try {
            List<java.util.concurrent.Future<RunResult>> futures = new java.util.ArrayList<>();
            for (int i = 1; i <= 2; i++) {
                BenchmarkConfig c = run.get().partition(new io.tpkit.config.Partition(i, 2, "hpss-split-it")).build();
                futures.add(pool.submit(() -> Tpkit.run(c)));
            }
            for (var f : futures) {
                parts.add(f.get());
            }
        } finally {
            pool.shutdown();
        }
        List<Object> slices = parts.stream().map(p -> (Object) p.workload().part().terminals()).toList();
        assertThat(slices).containsExactly(List.of(0, 1), List.of(2, 3));
        for (RunResult p : parts) {
            assertThat(p.metrics().iterations()).extracting(Iteration::committed).containsExactly(100L, 100L, 100L);
        }
        // no part starts a round before the other has ended the one before (both on the common clock)
        for (int k = 1; k < 3; k++) {
            double lastEnd = 0;
            double firstStart = Double.MAX_VALUE;
            for (RunResult p : parts) {
                io.tpkit.result.PartRecord part = p.workload().part();
                double late = (part.originEpochMs() - part.startEpochMs()) / 1e3;
                lastEnd = Math.max(lastEnd, late + p.metrics().iterations().get(k - 1).endSeconds());
                firstStart = Math.min(firstStart, late + p.metrics().iterations().get(k).startSeconds());
            }
            // each part's clock is placed to the millisecond, and its seconds are rounded to it
            assertThat(firstStart).as("round %d starts after every part ended round %d", k + 1, k)
                    .isGreaterThanOrEqualTo(lastEnd - 0.003);
        }

        RunResult merged = Tpkit.merge(parts.stream().map(p -> Path.of(p.resultDir())).toList(),
                temp.resolve("results"), b -> b, RunListener.SILENT);
        assertThat(merged.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        assertThat(merged.consistency()).allMatch(CheckResult::passed);
        assertThat(number("SELECT count(*) FROM hpss_nsobject WHERE object_type = 1")).isEqualTo(600);
        List<Iteration> whole = merged.metrics().iterations();
        assertThat(whole).extracting(Iteration::committed).containsExactly(200L, 200L, 200L);
        assertThat(whole).extracting(Iteration::rowsAtStart).containsExactly(0L, 200L, 400L);
        for (int k = 0; k < 3; k++) {
            for (RunResult p : parts) { // a round of the whole run lasts at least as long as each part's
                assertThat(whole.get(k).seconds()).isGreaterThanOrEqualTo(p.metrics().iterations().get(k).seconds() - 0.002);
            }
        }
        double mean = whole.stream().mapToDouble(it -> it.committed() / it.seconds()).average().orElseThrow();
        assertThat(merged.headline().get("createsPerSecondMean").value()).isCloseTo(mean, within(1e-6));
        assertThat(merged.validity().rules()).extracting(RuleResult::id)
                .contains("all-iterations", "empty-at-start", "no-checkpoint", "quiet-machine");
        assertThat(merged.validity().rules().stream().filter(r -> r.id().equals("all-iterations")).findFirst()
                .orElseThrow().status()).isEqualTo(RuleResult.Status.PASSED);
        assertThat(merged.validity().rules().stream().filter(r -> r.id().equals("empty-at-start")).findFirst()
                .orElseThrow().detail()).startsWith("part 1: 0 file records at the start; part 2: 0 file records");
    }

    /** Repetitions without --reload still start on empty tables: each loads afresh. */
    void repetitionsStartOnEmptyTables() throws Exception {
        io.tpkit.sweep.RepeatResult set = Tpkit.repeat(small(2, 25, 2).loadPolicy(LoadPolicy.IF_EMPTY).build(), 2,
                0.95, RunListener.SILENT, new io.tpkit.runner.RunControl());
        assertThat(set.loadPolicy()).contains("loaded again before every repetition");
        for (RepeatResult.Repetition rep : set.runs()) {
            RunResult r = io.tpkit.result.ResultReader.read(Path.of(rep.resultDir()));
            assertThat(r.validity().rules()).filteredOn(x -> x.id().equals("empty-at-start"))
                    .extracting(RuleResult::status).containsExactly(RuleResult.Status.PASSED);
            assertThat(r.metrics().iterations()).extracting(Iteration::rowsAtStart).containsExactly(0L, 50L);
        }
        // the last repetition's creates only: the first's were dropped with its tables
        assertThat(number("SELECT count(*) FROM hpss_nsobject WHERE object_type = 1")).isEqualTo(100);
    }

    void restartedIterationsOpenTheirOwnConnectionsAPauseApart() throws Exception {
        RunResult r = Tpkit.run(small(4, 25, 3).option("iteration-mode", "restart").option("iteration-pause", "1s")
                .build());

        List<Iteration> its = r.metrics().iterations();
        assertThat(its).hasSize(3).allSatisfy(it -> assertThat(it.committed()).isEqualTo(100));
        for (int i = 1; i < its.size(); i++) {
            assertThat(its.get(i).startSeconds() - its.get(i - 1).endSeconds()).isGreaterThanOrEqualTo(1.0);
        }
        assertThat(r.metrics().measuredBy()).contains("each iteration opened its own connections")
                .contains("pause of 1.0 s");
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(failed(r)).contains("standard-shape")
                .isSubsetOf("standard-shape", "quiet-machine", "jit-settled", "driver-saturation");
        java.util.Map<String, Object> parameters = r.workload().parameters();
        assertThat(parameters).containsEntry("iterationMode", "restart").containsEntry("iterationPauseSeconds", 1.0);
    }

    void duplicateKeysAreDrawnAgainAndNoCreateIsLost() throws Exception {
        // 800 creates drawing two keys each from 6,400: about a hundred collisions
        RunResult r = Tpkit.run(small(4, 100, 2).option("key-space", "6400").build());

        TypeSummary create = r.metrics().types().getFirst();
        assertThat(create.retries().get("duplicate_key")).isPositive();
        assertThat(create.errorsBySqlStateClass()).containsOnlyKeys("23");
        assertThat(create.failedTotal()).isZero();
        assertThat(create.committed()).isEqualTo(800);
        assertThat(number("SELECT count(*) FROM hpss_nsobject WHERE object_type = 1")).isEqualTo(800);
        assertThat(number("SELECT max(object_id) FROM hpss_nsobject")).isLessThanOrEqualTo(6400);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.headline().get("duplicateKeys").value())
                .isEqualTo((double) create.retries().get("duplicate_key"));
        assertThat(failed(r)).contains("random-keys");
    }

    /** Creates one session sees through: enough to tell 1 statement per create from 2. */
    static final int CREATES = 40;

    /**
     * A session of the workload bound to {@code plugin} on {@code c}, as a run opens one, over
     * fresh tables holding the root directory.
     */
    static HpssSession freshSession(Connection c, DatabasePlugin plugin) throws SQLException {
        HpssBoundWorkload bound = new HpssWorkload().bind(BenchmarkConfig.builder("hpss").build(), plugin);
        bound.createSchema(c);
        try (PreparedStatement ps = c.prepareStatement(HpssWorkload.sql(plugin.dialect()).sql("insert-root"))) {
            HpssBoundWorkload.insertRoot(ps);
        }
        return (HpssSession) bound.openSession(new SessionConnection(c));
    }

    /** A connection with the plugin's driver properties, as the run's pool opens them. */
    static Connection connect(String url, String user, DatabasePlugin plugin) throws SQLException {
        Properties p = new Properties();
        plugin.connectionProperties().forEach(p::setProperty);
        if (user != null) {
            p.setProperty("user", user);
        }
        return DriverManager.getConnection(url, p);
    }

    /**
     * The statements of {@link #CREATES} creates as PostgreSQL counts them (pg_stat_statements,
     * which the server must preload), by kind, per create; and the session's prepared statements,
     * parsed once each.
     *
     * @param admin a connection of its own, for the statistics
     */
    static void postgresSeesTheCreatesStatements(Connection admin, Connection c, DatabasePlugin plugin)
            throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        }
        HpssSession session = freshSession(c, plugin);
        try (Statement s = admin.createStatement()) {
            // this database's figures only: the server may be shared
            s.execute("SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database "
                    + "WHERE datname = current_database()), 0)");
        }
        KeyDraw keys = new KeyDraw(new SplittableRandom(7), Long.MAX_VALUE);
        session.execute(keys.next());
        Map<String, String> preparedAfterOne = prepared(c);
        for (int i = 1; i < CREATES; i++) {
            session.execute(keys.next());
        }
        Map<String, String> preparedAfterAll = prepared(c);
        Map<String, Long> calls = new TreeMap<>();
        try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery("SELECT query, calls FROM "
                + "pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())")) {
            while (rs.next()) {
                String kind = kind(rs.getString(1));
                if (kind != null) {
                    calls.merge(kind, rs.getLong(2), Long::sum);
                }
            }
        }
        // the read outside the transaction, BEGIN, the read, the two inserts (and COMMIT, below): nothing else.
        // pg_stat_statements counts a COMMIT that pgjdbc has come to prepare on the server once, however often
        // it runs: the transactions are counted by the transaction ids that wrote the rows instead
        calls.remove("COMMIT");
        assertThat(calls).isEqualTo(Map.of("BEGIN", (long) CREATES, "insert-bitfile", (long) CREATES,
                "insert-object", (long) CREATES, "read-parent", 2L * CREATES));
        try (Statement s = admin.createStatement()) {
            // one transaction per create, and a file and its bitfile written by the same one
            assertThat(SqlAccess.single(s, "SELECT count(DISTINCT xmin::text) FROM hpss_nsobject WHERE object_type = 1"))
                    .isEqualTo(CREATES);
            assertThat(SqlAccess.single(s, "SELECT count(*) FROM hpss_nsobject o JOIN hpss_bitfile b "
                    + "ON b.bitfile_id = o.bitfile_id WHERE o.xmin = b.xmin")).isEqualTo(CREATES);
        }
        // the session's three statements are named on the server at their first execution and not parsed again
        assertThat(preparedAfterOne).hasSize(3).isEqualTo(preparedAfterAll);
        // five round trips: pgjdbc sends BEGIN with the second read
        assertThat(session.connection().roundTrips()).isEqualTo(5L * CREATES);
        session.close();
    }

    /** The session's statements prepared on the server (pg_prepared_statements), by text, with when each was parsed. */
    private static Map<String, String> prepared(Connection c) throws SQLException {
        Map<String, String> m = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT statement, prepare_time::text FROM pg_prepared_statements WHERE statement LIKE '%hpss_%'")) {
            while (rs.next()) {
                m.put(rs.getString(1), rs.getString(2));
            }
        }
        return m;
    }

    /** The kind of a statement the server counted; null for the test's own. */
    private static String kind(String text) {
        String t = text.trim().toUpperCase(java.util.Locale.ROOT);
        if (t.contains("PG_STAT_STATEMENTS") || t.contains("PG_PREPARED_STATEMENTS")) {
            return null;
        }
        if (t.startsWith("SELECT OBJECT_TYPE")) {
            return "read-parent";
        } else if (t.startsWith("INSERT INTO HPSS_NSOBJECT")) {
            return "insert-object";
        } else if (t.startsWith("INSERT INTO HPSS_BITFILE")) {
            return "insert-bitfile";
        }
        return t;
    }

    /**
     * The statements of {@link #CREATES} creates as MySQL or MariaDB counts them: the session's
     * own status counters before it opens and after the creates.
     */
    static void mysqlSeesTheCreatesStatements(Connection c, DatabasePlugin plugin) throws SQLException {
        HpssBoundWorkload bound = new HpssWorkload().bind(BenchmarkConfig.builder("hpss").build(), plugin);
        bound.createSchema(c);
        try (PreparedStatement ps = c.prepareStatement(HpssWorkload.sql(plugin.dialect()).sql("insert-root"))) {
            HpssBoundWorkload.insertRoot(ps);
        }
        Map<String, Long> before = sessionStatus(c);
        HpssSession session = (HpssSession) bound.openSession(new SessionConnection(c));
        KeyDraw keys = new KeyDraw(new SplittableRandom(7), Long.MAX_VALUE);
        for (int i = 0; i < CREATES; i++) {
            session.execute(keys.next());
        }
        Map<String, Long> after = sessionStatus(c);
        Map<String, Long> delta = new TreeMap<>();
        after.forEach((k, v) -> delta.put(k, v - before.getOrDefault(k, 0L)));
        long n = CREATES;
        assertThat(delta).as("the session's status counters over %d creates", CREATES).containsAllEntriesOf(Map.of(
                "Com_stmt_prepare", 3L, // once each, when the session opened
                "Com_stmt_execute", 3 * n, // the first read and the inserts, prepared on the server
                "Com_select", 2 * n,
                "Com_insert", 2 * n,
                "Com_begin", n,
                "Com_commit", n,
                "Com_set_option", 0L, // no SET autocommit
                "Com_rollback", 0L,
                // six statements a create; and the SHOW STATUS that read these
                "Questions", 6 * n + 1));
        // five round trips, as on PostgreSQL: START TRANSACTION goes with the second read
        assertThat(session.connection().roundTrips()).isEqualTo(5 * n);
        session.close();
    }

    private static Map<String, Long> sessionStatus(Connection c) throws SQLException {
        Map<String, Long> m = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW SESSION STATUS WHERE Variable_name IN "
                + "('Questions', 'Com_select', 'Com_insert', 'Com_begin', 'Com_commit', 'Com_rollback', "
                + "'Com_set_option', 'Com_stmt_prepare', 'Com_stmt_execute')")) {
            while (rs.next()) {
                m.put(rs.getString(1), Long.parseLong(rs.getString(2)));
            }
        }
        return m;
    }

    void aFileWithoutItsBitfileFailsTheCheck() throws Exception {
        Tpkit.run(small(2, 20, 1).build());
        assertThat(Tpkit.check(small(2, 20, 1).build(), RunListener.SILENT)).allMatch(CheckResult::passed);

        // the derived table lets MySQL delete from the table the subquery reads
        execute("DELETE FROM hpss_bitfile WHERE bitfile_id = "
                + "(SELECT m FROM (SELECT min(bitfile_id) AS m FROM hpss_bitfile) x)");

        List<CheckResult> checks = Tpkit.check(small(2, 20, 1).build(), RunListener.SILENT);
        assertThat(checks).filteredOn(c -> !c.passed()).extracting(CheckResult::name)
                .containsExactlyInAnyOrder("files-equal-bitfiles", "every-file-has-its-bitfile");
    }
}
