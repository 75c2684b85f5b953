package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.testing.SqlAccess.SqlFunction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Repetitions on an embedded MariaDB (--db embedded-mariadb), where MariaDB's server binaries
 * are installed; skipped where they are not. Its data lives only as long as a command, so the
 * database is asked through each run's own counts.
 */
class Tp1EmbeddedMariaDbIT extends Tp1DatabaseIT {
    private static final boolean INSTALLED = Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
            || Files.isExecutable(Path.of("/usr/bin/mariadbd"));

    @BeforeEach
    void needsMariaDb() {
        if (!INSTALLED) {
            System.err.println("[tpkit tests] skipped Tp1EmbeddedMariaDbIT: needs MariaDB's mariadbd "
                    + "(apt-get install mariadb-server)");
        }
        assumeTrue(INSTALLED, "needs MariaDB's mariadbd (apt-get install mariadb-server)");
    }

    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").target("embedded-mariadb");
    }

    @Override
    <T> T query(SqlFunction<T> f) {
        throw new UnsupportedOperationException("an embedded MariaDB's data is gone once its command ends");
    }

    @Override
    int guardsPerUpdate() {
        return 1;
    }

    @Override
    boolean keepsData() {
        return false;
    }

    /**
     * A new server for every run, loaded again each time: the bound is still a bound. At one
     * connection count (the bound's arithmetic at several is the external servers' test): each
     * run here starts and loads a server of its own.
     */
    @Test
    void upperBound() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the TP1 bound on the embedded MariaDB (a server per run)");
        BenchmarkConfig base = config().scale(1).option("accounts-per-branch", "5000")
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(2)).outDir(temp.resolve("results"))
                .loadPolicy(LoadPolicy.ALWAYS).build();
        UpperBoundRuns.Result b = (UpperBoundRuns.Result) Tpkit.bound(base, List.of(2), RunListener.SILENT,
                new RunControl()).value();
        assertThat(b.complete()).isTrue();
        assertThat(b.runs()).extracting(UpperBoundRuns.Run::run).containsExactly("t1", "t1-conflict", "t2", "tp1");
        assertThat(b.runs()).extracting(UpperBoundRuns.Run::loaded).containsOnly(true);
        assertThat(b.runs()).allMatch(UpperBoundRuns.Run::consistent);
        assertThat(b.runs()).allMatch(run -> run.committed() > 0);
        assertThat(b.percentOfBound()).as(UpperBoundTable.render(b)).isPositive().isLessThanOrEqualTo(100);
    }

    @Test
    void repetitionsFromTheSameData() throws Exception {
        repetitionsStartFromTheSameData();
    }

    @Test
    void repetitionsWithoutTheReset() throws Exception {
        withoutTheResetRepetitionsGrow();
    }

    @Test
    void interactiveRun() throws Exception {
        interactiveLogicCommitsExactlyTheRequestedTransactions();
    }
}
