package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import org.junit.jupiter.api.Test;

class Tp1EmbeddedPostgresIT extends Tp1DatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").dataDir(temp.resolve("pgdata"));
    }

    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        try (Target t = new EmbeddedPostgresTarget().open(config().build(), m -> { })) {
            return SqlAccess.withStatement(t.jdbcUrl(), t.user(), f);
        }
    }


    /** The template database is dropped with the series too. */
    @Override
    long leftCopies() throws Exception {
        return super.leftCopies() + number("SELECT count(*) FROM pg_database WHERE datname LIKE 'tpkit%'");
    }

    @Test
    void repetitionsFromTheSameData() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.repetitionsFromTheSameData");
        repetitionsStartFromTheSameData();
    }

    @Test
    void repetitionsWithoutTheReset() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.repetitionsWithoutTheReset");
        withoutTheResetRepetitionsGrow();
    }

    @Test
    void streamsRun() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.streamsRun");
        streamsRunLoadsMeasuresAndPassesItsChecks();
    }

    @Test
    void procedureRun() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.procedureRun");
        procedureLogicCommitsExactlyTheRequestedTransactions();
    }

    @Test
    void closedRun() throws Exception {
        closedTerminalsAreTpcAStyle();
    }

    @Test
    void t1WithoutConflict() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the T1 without conflict sub-transaction run (BoundEndToEndIT runs the bound in every suite)");
        t1AmendsEachStreamsOwnKeyOncePerCommit();
    }

    @Test
    void t1WithConflict() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the T1 with conflict sub-transaction run (BoundEndToEndIT runs the bound in every suite)");
        t1WithConflictAmendsOneKeyOnly();
    }

    @Test
    void t2() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the T2 sub-transaction run (BoundEndToEndIT runs the bound in every suite)");
        t2AppendsOneHistoryRowPerCommit();
    }

    @Test
    void upperBound() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.upperBound");
        io.tpkit.testing.TestDatabases.assumeFullSuite("the TP1 bound through the Java API on the embedded PostgreSQL (BoundEndToEndIT runs it from the CLI)");
        theBoundRunsTheFourOnTheSameDataAndComputesTheSeedsFormula();
    }

    @Test
    void loadAndCheck() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.loadAndCheck");
        loadWritesStandardRowsAndATamperedDatabaseFailsTheCheck();
    }

    @Test
    void aRunWithoutDurableCommitsIsLabelledNonStandard() throws Exception {
        BenchmarkConfig.Builder config = smallCounted().warmup(java.time.Duration.ZERO).transactions(100L);
        Tpkit.load(config.build(), RunListener.SILENT);
        this.<Integer>query(s -> s.executeUpdate("ALTER DATABASE postgres SET synchronous_commit = off"));

        RunResult r = Tpkit.run(config.loadPolicy(io.tpkit.config.LoadPolicy.NEVER).build());

        assertThat(r.database().durable()).isFalse();
        assertThat(failed(r)).contains("durability");
        assertThat(r.validity().verdict()).contains("durability");
        assertThat(r.validity().rules()).filteredOn(rule -> rule.id().equals("durability"))
                .singleElement().satisfies(rule -> assertThat(rule.detail()).contains("synchronous_commit is off"));
    }

    /**
     * A database with a setting of its own (ALTER DATABASE ... SET) is not replaced by a copy,
     * which would lose it: its tables are copied instead, and every repetition still runs with the
     * setting and from the same data.
     */
    @Test
    void aDatabaseWithItsOwnSettingsIsRestoredByItsTables() throws Exception {
        BenchmarkConfig.Builder config = smallCounted().warmup(java.time.Duration.ZERO).transactions(90L);
        Tpkit.load(config.build(), RunListener.SILENT);
        this.<Integer>query(s -> s.executeUpdate("ALTER DATABASE postgres SET synchronous_commit = off"));

        io.tpkit.sweep.RepeatResult set = Tpkit.repeat(config.loadPolicy(io.tpkit.config.LoadPolicy.IF_EMPTY).build(),
                2, 0.95, RunListener.SILENT, new io.tpkit.runner.RunControl());

        assertThat(set.startingData().method()).isEqualTo("restore");
        assertThat(set.startingData().copy()).startsWith("the tables copied within the database");
        for (RunResult r : results(set)) {
            assertThat(historyBefore(r)).isZero();
            assertThat(r.database().durable()).isFalse();
            assertThat(r.consistency()).allMatch(io.tpkit.spi.workload.CheckResult::passed);
        }
        assertThat(this.<String>query(s -> {
            try (java.sql.ResultSet rs = s.executeQuery("SELECT current_setting('synchronous_commit')")) {
                rs.next();
                return rs.getString(1);
            }
        })).isEqualTo("off");
        assertThat(leftCopies()).isZero();
    }

    @Test
    void checkingAnEmptyDatabaseSaysWhatToDo() {
        assertThatThrownBy(() -> Tpkit.check(config().build(), RunListener.SILENT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("tpkit load tp1");
    }

    @Test
    void interactiveRun() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.interactiveRun");
        interactiveLogicCommitsExactlyTheRequestedTransactions();
    }

    @Test
    void interactiveSession() throws Exception {
        io.tpkit.testing.TestDatabases.assumeNotAlsoOnExternalPostgres("Tp1EmbeddedPostgresIT.interactiveSession");
        interactiveSessionShowsTheNewBalance();
    }
}
