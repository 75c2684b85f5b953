package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Interarrival;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.RateSchedule;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open arrivals against a database that stalls: the embedded PostgreSQL, whose branch table a
 * second connection locks for 2.5 seconds in the middle of the measurement interval. Requests
 * keep arriving on their schedule, wait, and their response time, counted from their arrival,
 * shows the stall's full length; a closed loop would have stopped submitting instead.
 */
class OpenArrivalStallIT {
    private static final long STALL_MILLIS = 2_500; // more than two sampled seconds, so a whole one is a stall

    @TempDir
    Path temp;

    @Test
    void aStallShowsInTheLatencyPercentilesAsItsFullLength() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a stall under open arrivals");
        try (Target pg = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { })) {
            BenchmarkConfig.Builder config = BenchmarkConfig.builder("tp1").target(pg.jdbcUrl()).user(pg.user())
                    .scale(2).option("accounts-per-branch", "2000").connections(4)
                    .arrival(ArrivalModel.OPEN).ratePerSecond(100).interarrival(Interarrival.POISSON)
                    .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(6)).outDir(temp.resolve("results"));
            Tpkit.load(config.build(), RunListener.SILENT);
            config.loadPolicy(LoadPolicy.NEVER);

            StallInside stall = new StallInside(pg);
            RunResult r = Tpkit.run(config.build(), stall, new RunControl());

            long stalledMillis = stall.held.get(30, TimeUnit.SECONDS);
            assertThat(stalledMillis).isGreaterThanOrEqualTo(STALL_MILLIS);
            TypeSummary t = r.metrics().types().getFirst();
            // the first arrival of the stall waited all of it
            assertThat(t.response().maxMs()).isGreaterThanOrEqualTo(STALL_MILLIS * 0.95);
            // about 200 of the interval's ~600 arrivals came during the stall: the p90 sees it
            assertThat(t.response().p90Ms()).isGreaterThan(STALL_MILLIS / 4.0);
            // while the database, once free, served each in a few milliseconds
            assertThat(t.service().p50Ms()).isLessThan(STALL_MILLIS / 20.0);
            // nothing was dropped: the arrivals of the interval were all served
            assertThat(r.metrics().totalCommitted()).isBetween(400L, 800L);
            RateSchedule schedule = r.metrics().schedule();
            assertThat(schedule.interarrival()).isEqualTo("poisson");
            assertThat(schedule.skipped()).isZero();
            assertThat(r.metrics().measuredBy()).contains("open arrivals at 100.0/s (Poisson)");
            assertThat(r.consistent()).isTrue();
            // the lock holds at least one whole sampled second with requests outstanding and nothing completed
            io.tpkit.metrics.Stalls stalls = r.metrics().stalls();
            assertThat(stalls.count()).isEqualTo(1);
            assertThat(stalls.longestSeconds()).isBetween(0.9, STALL_MILLIS / 1000.0 + 0.1);
            assertThat(stalls.stretches().getFirst().phase()).isEqualTo("measurement");
            assertThat(stalls.stretches().getFirst().inFlight()).isPositive();
            // and the database did not answer throughout: the steady-state rule says so, without any failure
            assertThat(r.metrics().totalFailed()).isZero();
            assertThat(r.validity().rules()).filteredOn(rule -> rule.id().equals("no-outage")).singleElement()
                    .satisfies(rule -> {
                        assertThat(rule.failed()).isTrue();
                        assertThat(rule.detail()).startsWith("1 stall(s) without failures");
                    });
            // the schedule's slots: every arrival of the interval started, the stall's late
            RateSchedule slots = r.metrics().schedule();
            assertThat(slots.started() + slots.skipped() + slots.backlog()).isEqualTo(slots.scheduled());
            assertThat(slots.scheduled()).isBetween(400L, 800L);
            // an idle server's wake-up is the driver's lateness, judged apart from the backlog the stall made
            assertThat(slots.wakeUpLag().count()).isPositive();
            assertThat(r.validity().rules()).filteredOn(rule -> rule.id().equals("driver-saturation")).singleElement()
                    .satisfies(rule -> assertThat(rule.detail()).contains("wake-up lag of idle servers p99"));
        }
    }

    @Test
    void aRatePerTerminalIsThatRateTimesTheTerminals() throws Exception {
        RunResult r = Tpkit.run(BenchmarkConfig.builder("tp1").option("accounts-per-branch", "2000")
                .arrival(ArrivalModel.OPEN).terminals(4).connections(2).ratePerSecond(25).ratePerTerminal(true)
                .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3)).outDir(temp.resolve("results")).build());
        assertThat(r.metrics().schedule().targetPerSecond()).isEqualTo(100.0);
        assertThat(r.metrics().schedule().interarrival()).isEqualTo("fixed");
        assertThat(r.metrics().measuredBy()).contains("open arrivals at 100.0/s");
        // the database keeps up with 100 a second: about 300 arrivals in the 3 s, all served
        assertThat(r.metrics().totalCommitted()).isBetween(240L, 330L);
        assertThat(r.configuration().ratePerTerminal()).isTrue();
    }

    /** Locks the branches for 2.5 seconds, once, from the second measured second on. */
    private static final class StallInside implements RunListener {
        final CompletableFuture<Long> held = new CompletableFuture<>();
        private final Target pg;
        private boolean started;

        StallInside(Target pg) {
            this.pg = pg;
        }

        @Override
        public void sample(IntervalSample sample, double phaseElapsed, double phaseLength, long measuredCommitted) {
            if (started || sample.phase() != Phase.MEASUREMENT || phaseElapsed < 1.5) {
                return;
            }
            started = true;
            Thread.ofPlatform().daemon().start(() -> {
                try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), null);
                     Statement s = c.createStatement()) {
                    c.setAutoCommit(false);
                    long from = System.nanoTime();
                    s.execute("LOCK TABLE " + Tp1Tables.BRANCH + " IN ACCESS EXCLUSIVE MODE");
                    Thread.sleep(STALL_MILLIS);
                    c.commit();
                    held.complete((System.nanoTime() - from) / 1_000_000);
                } catch (Exception e) {
                    held.completeExceptionally(e);
                }
            });
        }
    }
}
