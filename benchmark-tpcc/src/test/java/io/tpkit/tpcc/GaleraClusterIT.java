package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.db.mysql.MysqlPlugin;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.sql.Galera;
import io.tpkit.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-C on a three-node MariaDB Galera cluster (TPKIT_GALERA_URLS, the nodes' JDBC URLs;
 * scripts/galera-cluster starts one and .ci/run sets it): loaded through node 1, checked on
 * every node, run on nodes 1 and 2 at once on the same warehouse, and checked on every node
 * again. Rows changed on both nodes meet in Galera's certification, which aborts the later
 * transaction with a deadlock error (1213, SQLState 40001): those must be retried and counted as
 * deadlock retries, never end a run with an unclassified error, and leave the data consistent
 * on all three nodes (a transaction half committed after such an abort, see
 * {@link io.tpkit.sql.Galera}, breaks conditions 10 and 12 here, though not in every run).
 */
class GaleraClusterIT {
    private static final String DRIVER_COUNT = "driver-count-matches-database";

    @TempDir
    Path temp;

    private static BenchmarkConfig.Builder on(String url) {
        return BenchmarkConfig.builder("tpcc").target(url).user("root").scale(1);
    }

    @Test
    void loadOnOneNodeRunOnTwoAtOnceAndEveryNodeStaysConsistent() throws Exception {
        List<String> nodes = TestDatabases.galeraUrls();
        for (String node : nodes) {
            // what makes the client sessions send COMMIT apart (see io.tpkit.sql.Galera): the
            // plugin's answer, which each session's connection keeps
            try (Connection c = DriverManager.getConnection(node, "root", null)) {
                assertThat(Galera.isNode(c)).as(node).isTrue();
                assertThat(new MysqlPlugin().commitApart(c)).as(node).isTrue();
            }
        }

        Tpkit.load(on(nodes.get(0)).build(), RunListener.SILENT);
        for (String node : nodes) {
            caughtUp(node);
            // all twelve conditions, the eleventh included (no Delivery has run yet)
            assertThat(Tpkit.check(on(node).build(), RunListener.SILENT)).as(node).hasSize(12)
                    .allMatch(CheckResult::passed);
        }

        List<RunResult> runs = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<RunResult>> started = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                BenchmarkConfig config = on(nodes.get(i)).loadPolicy(LoadPolicy.NEVER).connections(2)
                        .thinkFactor(0).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(8))
                        .outDir(temp.resolve("node" + (i + 1))).build();
                started.add(pool.submit(() -> Tpkit.run(config)));
            }
            for (Future<RunResult> run : started) {
                runs.add(run.get(5, TimeUnit.MINUTES));
            }
        } finally {
            pool.shutdownNow();
        }

        long deadlockRetries = 0;
        for (RunResult r : runs) {
            TypeSummary newOrder = r.metrics().types().getFirst();
            assertThat(newOrder.name()).isEqualTo("new-order");
            assertThat(newOrder.committed()).as(r.resultDir()).isPositive();
            // each driver compares the New-Orders the database gained with its own count, and two
            // drivers ran: that check cannot hold for either; every other one must
            assertThat(r.consistency()).filteredOn(c -> !c.name().equals(DRIVER_COUNT)).as(r.resultDir())
                    .isNotEmpty().noneMatch(CheckResult::failed);
            for (TypeSummary type : r.metrics().types()) {
                // a transaction may fail for good after its retries ran out, but only as a conflict
                assertThat(type.failed().get("other")).as(type.name()).isZero();
                assertThat(type.failed().get("connection")).as(type.name()).isZero();
                deadlockRetries += type.retries().get("deadlock");
            }
        }
        // one warehouse, both nodes updating its row in every Payment: certification conflicts
        assertThat(deadlockRetries).as("certification conflicts retried as deadlocks").isPositive();

        for (String node : nodes) {
            caughtUp(node);
            List<CheckResult> checks = Tpkit.check(on(node).build(), RunListener.SILENT);
            assertThat(checks).as(node).hasSizeGreaterThanOrEqualTo(11).noneMatch(CheckResult::failed);
        }
    }

    /**
     * Waits until the node has applied every transaction the cluster committed so far
     * (wsrep_sync_wait makes the read wait for it), so that a check reads all of them.
     */
    private static void caughtUp(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "root", null); Statement s = c.createStatement()) {
            s.execute("SET SESSION wsrep_sync_wait = 1");
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM tpcc_config")) {
                assertThat(rs.next()).isTrue();
            }
        }
    }
}
