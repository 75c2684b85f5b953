package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Logic;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --network-delay 5} on a real server: every round trip the session counts costs 2 x 5 ms
 * more, so TP1's median response time rises by at least 10 ms with the client logic (one round
 * trip) and by at least 60 ms with the interactive one (six), and by not much more (the bound is
 * generous: this machine may be busy). The run records the delay and is labelled for it. On the
 * suite's external server of each product where one is named, else on the embedded one.
 */
class NetworkDelayIT {
    private static final Duration ONE_WAY = Duration.ofMillis(5);

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"embedded-postgres", "embedded-mariadb"})
    void everyRoundTripPaysTheDelayBothWays(String target) throws Exception {
        if (target.equals("embedded-postgres")) {
            io.tpkit.testing.TestDatabases.assumeFullSuite("the network delay on the embedded PostgreSQL");
        }
        if (target.equals("embedded-mariadb")) {
            io.tpkit.testing.TestDatabases.assumeFullSuite("the network delay on the embedded MariaDB");
        }
        Assumptions.assumeTrue(target.equals("embedded-postgres") || System.getenv(TestDatabases.MYSQL_URL) != null
                || Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
                || Files.isExecutable(Path.of("/usr/bin/mariadbd")), "needs MariaDB's mariadbd");
        for (Logic logic : new Logic[] {Logic.CLIENT, Logic.INTERACTIVE}) {
            BenchmarkConfig.Builder base = onTheSuitesServer(BenchmarkConfig.builder("tp1"), target).scale(1)
                    .option("accounts-per-branch", "2000").connections(2).warmup(Duration.ZERO)
                    .transactions(logic == Logic.CLIENT ? 200L : 100L)
                    .loadPolicy(LoadPolicy.ALWAYS).outDir(temp.resolve(logic.label())).logic(logic);
            RunResult plain = Tpkit.run(base.build());
            RunResult delayed = Tpkit.run(base.networkDelay(ONE_WAY).build());

            double roundTrips = delayed.metrics().types().getFirst().cost().roundTrips();
            assertThat(roundTrips).isEqualTo(logic == Logic.CLIENT ? 1.0 : 6.0);
            double added = roundTrips * 2 * ONE_WAY.toMillis();
            double p50 = delayed.metrics().types().getFirst().response().p50Ms();
            double p50Plain = plain.metrics().types().getFirst().response().p50Ms();
            System.out.printf("%s, %s logic: p50 %.2f ms without delay, %.2f ms with 2 x %d ms per round trip "
                    + "(%.0f round trips)%n", target, logic.label(), p50Plain, p50, ONE_WAY.toMillis(), roundTrips);
            assertThat(p50).as("p50 with the delay").isGreaterThanOrEqualTo(added);
            // below what the delay on every message twice over would add (2 x added); queueing on a
            // busy machine lengthens the delayed run's p50 beyond 'added' (105 ms for 60 here at load 8)
            assertThat(p50 - p50Plain).as("what the delay added to p50").isLessThan(Math.max(2 * added, 1.5 * added + 10));

            assertThat(delayed.consistency()).allMatch(CheckResult::passed);
            assertThat(delayed.configuration().networkDelayOneWayMs()).isEqualTo(5.0);
            assertThat(plain.configuration().networkDelayOneWayMs()).isNull();
            assertThat(delayed.validity().rules()).filteredOn(RuleResult::failed).extracting(RuleResult::id)
                    .contains("no-added-delay");
            assertThat(delayed.validity().verdict()).contains("no-added-delay");
            assertThat(plain.validity().rules()).extracting(RuleResult::id).doesNotContain("no-added-delay");
        }
    }

    /** The external server of the same product where the suite names one (no server to start per run). */
    private static BenchmarkConfig.Builder onTheSuitesServer(BenchmarkConfig.Builder config, String embedded) {
        String variable = embedded.equals("embedded-postgres") ? TestDatabases.PG_URL : TestDatabases.MYSQL_URL;
        String named = System.getenv(variable);
        if (named == null || named.isBlank()) {
            return config.target(embedded);
        }
        // through TestDatabases, which takes the external servers from the other test JVM (io.tpkit.testing.SharedServers)
        return embedded.equals("embedded-postgres")
                ? config.target(TestDatabases.externalPostgresUrl()).user(TestDatabases.externalPostgresUser())
                : config.target(TestDatabases.externalMysqlUrl()).user(TestDatabases.externalMysqlUser());
    }
}
