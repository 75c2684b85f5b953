package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Partition;
import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TP1 loaded by two driver processes (two threads here, each a whole tpkit load with its own
 * pool) into the machine's PostgreSQL and MariaDB: the data equals one process's load, a part
 * that never comes ends the other with one line, and rows an earlier load left behind fool no
 * part. Needs TPKIT_TEST_PG_URL / TPKIT_TEST_MYSQL_URL (skipped without them).
 */
class SplitLoadIT {
    /** Both external servers, in the order every test JVM takes them (the methods use them in JUnit's). */
    @org.junit.jupiter.api.BeforeAll
    static void takeTheServers() {
        io.tpkit.testing.TestDatabases.takeBothExternalServers();
    }

    /** Shortened from 120 s for the parts that are meant to wait in vain. */
    private static final String TIMEOUT = "tpkit.partTimeoutSeconds";

    @AfterEach
    void restoreTimeout() {
        System.clearProperty(TIMEOUT);
    }

    private static String url(String server) {
        return server.equals("postgresql") ? TestDatabases.externalPostgresUrl() : TestDatabases.externalMysqlUrl();
    }

    private static String user(String server) {
        return server.equals("postgresql") ? TestDatabases.externalPostgresUser() : TestDatabases.externalMysqlUser();
    }

    private static BenchmarkConfig.Builder config(String server) {
        return BenchmarkConfig.builder("tp1").target(url(server)).user(user(server)).scale(3)
                .option("accounts-per-branch", "2000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mysql"})
    void twoPartsLoadExactlyWhatOneProcessLoads(String server) throws Exception {
        Tpkit.load(config(server).build(), RunListener.SILENT);
        Map<String, List<String>> whole = fingerprint(server);
        drop(server);

        List<LoadReport> parts = loadParts(server, 2, 0);
        assertThat(parts).extracting(LoadReport::slice)
                .containsExactly("part 1/2: branch 1 of 3", "part 2/2: branches 2-3 of 3");
        assertThat(parts.get(0).rows() + parts.get(1).rows()).isEqualTo(3 + 30 + 6000);

        assertThat(fingerprint(server)).isEqualTo(whole);
        List<CheckResult> check = Tpkit.check(config(server).build(), RunListener.SILENT);
        assertThat(check).isNotEmpty().allMatch(CheckResult::passed);
        assertThat(generations(server)).containsExactly("done");

        for (int i = 1; i <= 2; i++) {
            List<CheckResult> slice = Tpkit.check(config(server).partition(new Partition(i, 2, "tp1")).build(),
                    RunListener.SILENT);
            assertThat(slice).filteredOn(CheckResult::skipped).extracting(CheckResult::name)
                    .containsExactly("balance-sums-equal");
            assertThat(slice).filteredOn(c -> !c.skipped()).allMatch(CheckResult::passed);
        }
        // a slice's check sees a wrong balance in its slice only
        SqlAccess.withStatement(url(server), user(server), s -> s.executeUpdate(
                "UPDATE tp1_account SET abalance = 5 WHERE aid = 4001"));
        assertThat(failed(server, 1)).isEmpty();
        assertThat(failed(server, 2)).containsExactly("account-balances-match-history");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mysql"})
    void aPartThatNeverComesEndsTheLoadWithOneLineAndNoFinishedLoad(String server) throws Exception {
        System.setProperty(TIMEOUT, "3");
        BenchmarkConfig alone = config(server).partition(new Partition(1, 2, "tp1")).build();
        assertThatThrownBy(() -> Tpkit.load(alone, RunListener.SILENT)).isInstanceOf(BadInputException.class)
                .hasMessage("part(s) 2 of 2 of the tp1 load did not join within 3 s: start every part with the same "
                        + "--partition count against the same database; the data is incomplete, load again with "
                        + "every part");
        assertThat(generations(server)).containsExactly("failed");
        // part 1's slice is in, but no keys: nothing takes it for a finished load
        assertThatThrownBy(() -> Tpkit.check(config(server).build(), RunListener.SILENT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("unfinished load");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "mysql"})
    void rowsOfEarlierLoadsFoolNoPart(String server) throws Exception {
        loadParts(server, 2, 0); // the tables exist, with a finished generation
        // an earlier load whose part 1 died while loading: not done, its beat still
        SqlAccess.withStatement(url(server), user(server), s -> s.executeUpdate("INSERT INTO tpkit_load_generations "
                + "(generation, workload, parts, scale, seed, load_options, created_at, beat, state) VALUES "
                + "('stale', 'tp1', 2, 3, 1, ' --accounts-per-branch 2000', CURRENT_TIMESTAMP, 7, 'loading')"));

        System.setProperty(TIMEOUT, "3");
        BenchmarkConfig late = config(server).partition(new Partition(2, 2, "tp1")).build();
        assertThatThrownBy(() -> Tpkit.load(late, RunListener.SILENT)).isInstanceOf(BadInputException.class)
                .hasMessage("part 1 of 2 of the tp1 load did not start loading within 3 s: start part 1 (it creates "
                        + "the schema) with the same --partition count against the same database; nothing was loaded");

        // part 2 first, part 1 two seconds later: part 2 joins part 1's new generation, not the stale one
        System.setProperty(TIMEOUT, "60");
        loadParts(server, 2, 2000);
        assertThat(generations(server)).containsExactly("done");
        assertThat(Tpkit.check(config(server).build(), RunListener.SILENT)).allMatch(CheckResult::passed);
    }

    /** Runs the parts at once, part 1 {@code part1DelayMs} after the others. */
    private List<LoadReport> loadParts(String server, int count, long part1DelayMs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<LoadReport>> futures = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                BenchmarkConfig c = config(server).partition(new Partition(i, count, "tp1")).build();
                long delay = i == 1 ? part1DelayMs : 0;
                futures.add(pool.submit(() -> {
                    Thread.sleep(delay);
                    return Tpkit.load(c, RunListener.SILENT);
                }));
            }
            List<LoadReport> reports = new ArrayList<>();
            for (Future<LoadReport> f : futures) {
                reports.add(f.get());
            }
            return reports;
        } finally {
            pool.shutdown();
        }
    }

    private List<String> failed(String server, int part) throws Exception {
        return Tpkit.check(config(server).partition(new Partition(part, 2, "tp1")).build(), RunListener.SILENT)
                .stream().filter(CheckResult::failed).map(CheckResult::name).toList();
    }

    private static List<String> generations(String server) throws Exception {
        return SqlAccess.withStatement(url(server), user(server), s -> {
            List<String> states = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT state FROM tpkit_load_generations WHERE workload = 'tp1'")) {
                while (rs.next()) {
                    states.add(rs.getString(1));
                }
            }
            return states;
        });
    }

    private static void drop(String server) throws Exception {
        SqlAccess.withStatement(url(server), user(server), s -> {
            for (String t : List.of("tp1_history", "tp1_account", "tp1_teller", "tp1_branch")) {
                s.execute("DROP TABLE IF EXISTS " + t);
            }
            return null;
        });
    }

    /** Per table: its row count and sums of its columns, which any differing row would change. */
    private static Map<String, List<String>> fingerprint(String server) throws Exception {
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("tp1_branch", "SELECT COUNT(*), SUM(bid), SUM(bbalance), SUM(LENGTH(filler)) FROM tp1_branch");
        queries.put("tp1_teller", "SELECT COUNT(*), SUM(tid), SUM(bid * tid), SUM(tbalance), SUM(LENGTH(filler)) "
                + "FROM tp1_teller");
        queries.put("tp1_account", "SELECT COUNT(*), SUM(aid), SUM(bid * aid), SUM(abalance), "
                + "SUM(LENGTH(filler)) FROM tp1_account");
        queries.put("tp1_history", "SELECT COUNT(*) FROM tp1_history");
        return SqlAccess.withStatement(url(server), user(server), s -> {
            Map<String, List<String>> m = new LinkedHashMap<>();
            for (Map.Entry<String, String> q : queries.entrySet()) {
                try (ResultSet rs = s.executeQuery(q.getValue())) {
                    rs.next();
                    List<String> values = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        values.add(rs.getString(i));
                    }
                    m.put(q.getKey(), values);
                }
            }
            return m;
        });
    }
}
