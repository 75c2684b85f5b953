package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short TPC-C run on the embedded PostgreSQL, checked afterwards by the database. */
class TpccRunIT {
    @TempDir
    Path temp;
    /**
     * The embedded PostgreSQL's data directory that the runs on it share: the first to run loads
     * W=1 (the default load policy, when empty), the others run on it as a user's second run does.
     */
    @TempDir
    static Path sharedData;

    @Test
    void aShortRunCommitsNewOrdersThatTheDatabaseCountsToo() throws Exception {
        RunResult r = Tpkit.run(BenchmarkConfig.builder("tpcc").dataDir(sharedData).scale(1).connections(2)
                .thinkFactor(0.005).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(6)).outDir(temp).build());

        assertThat(r.metrics().types()).extracting(t -> t.name()).containsExactly("new-order", "payment",
                "order-status", "delivery", "stock-level", "delivery (deferred)");
        assertThat(r.metrics().types().getFirst().committed()).isPositive();
        // the driver's New-Order count equals the growth of sum(d_next_o_id), and conditions 1-12 hold
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        assertThat(r.headline()).isNotEmpty();
        assertThat(r.workload().terminals()).isEqualTo(10);
        assertThat(r.validity().rules()).filteredOn(RuleResult::failed).extracting(RuleResult::id)
                .contains("keying-think-times", "measurement-interval").doesNotContain("consistency", "durability");
    }

    /** Repetitions start from the data as loaded: W=1's 3,001 orders per district every time. */
    @Test
    void repetitionsStartFromTheSameOrders() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("TPC-C repetitions from the same data (TP1 repetitions run in the quick suite)");
        io.tpkit.sweep.RepeatResult set = SameDataRepetitions.runAndCheck(BenchmarkConfig.builder("tpcc").scale(1)
                .connections(2).thinkFactor(0).warmup(Duration.ZERO).duration(Duration.ofSeconds(2)).outDir(temp)
                .build());

        assertThat(SameDataRepetitions.newOrdersBefore(SameDataRepetitions.results(set).getFirst())).isEqualTo(30_010);
        assertThat(set.startingData().copy()).contains("TEMPLATE");
    }

    /** --logic procedure --think off: the stored functions keep the database consistent and counted. */
    @Test
    @SuppressWarnings("unchecked")
    void aShortProcedureRunPassesTheConsistencyCheck() throws Exception {
        RunResult r = Tpkit.run(BenchmarkConfig.builder("tpcc").dataDir(sharedData).scale(1).connections(4)
                .thinkFactor(0).logic(Logic.PROCEDURE).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4)).outDir(temp)
                .build());

        assertThat(r.workload().parameters())
                .containsEntry("logic", "procedure: one stored-procedure call per transaction");
        assertThat(r.metrics().types().getFirst().committed()).isGreaterThan(100);
        assertThat(r.metrics().types().getFirst().businessRollbacks()).isPositive();
        assertThat(r.metrics().types()).allMatch(t -> t.failedTotal() == 0);
        assertThat(r.metrics().types().getLast().committed()).isPositive();
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        assertThat(r.consistency()).allMatch(CheckResult::passed);
    }

    /**
     * --logic interactive --think off on the embedded PostgreSQL and, where MariaDB's server is
     * installed, the embedded MariaDB: every statement alone keeps the database consistent and
     * counted, and the round trips per type are the session's: Stock-Level 3, Payment 8 or 9,
     * New-Order 9 + 2 per line (5 to 15 lines; 2 fewer when rolled back), Order-Status 4 to 6.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"embedded-postgres", "embedded-mariadb"})
    @SuppressWarnings("unchecked")
    void aShortInteractiveRunPassesTheConsistencyCheck(String target) throws Exception {
        if (target.equals("embedded-mariadb")) {
            io.tpkit.testing.TestDatabases.assumeFullSuite("TPC-C interactive on the embedded MariaDB");
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(target.equals("embedded-postgres")
                || java.nio.file.Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
                || java.nio.file.Files.isExecutable(Path.of("/usr/bin/mariadbd")), "needs MariaDB's mariadbd");
        BenchmarkConfig.Builder on = BenchmarkConfig.builder("tpcc").target(target);
        RunResult r = Tpkit.run((target.equals("embedded-postgres") ? on.dataDir(sharedData) : on).scale(1).connections(4)
                .thinkFactor(0).logic(Logic.INTERACTIVE).warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4))
                .outDir(temp).build());

        assertThat(r.workload().parameters())
                .containsEntry("logic", "interactive: SQL statements sent by the driver one at a time, each answer "
                        + "read before the next, COMMIT on its own");
        assertThat(r.metrics().types().getFirst().committed()).isGreaterThan(20);
        assertThat(r.metrics().types()).allMatch(t -> t.failedTotal() == 0);
        assertThat(r.consistency()).extracting(CheckResult::name).contains("driver-count-matches-database");
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        java.util.Map<String, io.tpkit.metrics.TypeCost> cost = new java.util.HashMap<>();
        r.metrics().types().forEach(t -> cost.put(t.name(), t.cost()));
        assertThat(cost.get("new-order").roundTrips()).isBetween(17.0, 39.0);
        assertThat(cost.get("payment").roundTrips()).isBetween(8.0, 9.0);
        assertThat(cost.get("order-status").roundTrips()).isBetween(4.0, 6.0);
        assertThat(cost.get("stock-level").roundTrips()).isEqualTo(3.0);
        // each round trip one statement, COMMIT or ROLLBACK
        for (String type : java.util.List.of("new-order", "payment", "order-status", "stock-level")) {
            io.tpkit.metrics.TypeCost c = cost.get(type);
            assertThat(c.statements() + c.commits() + c.rollbacks()).as(type)
                    .isCloseTo(c.roundTrips(), org.assertj.core.api.Assertions.within(1e-9));
        }
    }
}
