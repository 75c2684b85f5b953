package io.tpkit.hpss;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.Iteration;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
                .option("iterations", Integer.toString(iterations)).outDir(temp.resolve("results"))
                .loadPolicy(LoadPolicy.ALWAYS);
    }

    static List<String> failed(RunResult r) {
        return r.validity().rules().stream().filter(RuleResult::failed).map(RuleResult::id).toList();
    }

    void smallRunCommitsEveryCreateInItsIterationAndPassesItsChecks() throws Exception {
        RunResult r = Tpkit.run(small(4, 50, 3).build());

        assertThat(r.metrics().totalCommitted()).isEqualTo(600);
        assertThat(r.metrics().iterations()).hasSize(3).allSatisfy(it -> assertThat(it.committed()).isEqualTo(200));
        assertThat(number("SELECT count(*) FROM hpss_nsobject WHERE object_type = 1")).isEqualTo(600);
        assertThat(number("SELECT count(DISTINCT bitfile_id) FROM hpss_bitfile")).isEqualTo(600);
        assertThat(r.consistency()).allMatch(CheckResult::passed);
        assertThat(r.consistency()).extracting(CheckResult::name)
                .contains("driver-count-matches-database", "every-file-has-its-bitfile", "files-equal-bitfiles");
        double high = r.metrics().iterations().stream().mapToDouble(Iteration::perSecond).max().orElseThrow();
        assertThat(r.headline()).containsKeys("createsPerSecondMean", "createsPerSecondHigh", "createsPerSecondLow",
                "createsPerSecondFirstIteration", "createsPerSecondLastIteration", "lastVsFirstIterationPct",
                "duplicateKeys");
        assertThat(r.headline().get("createsPerSecondHigh").value()).isEqualTo(high);
        assertThat(r.headline().get("createsPerSecondHigh").label()).isEqualTo("creates/s high");
        assertThat(r.headline().get("createsPerSecondHigh").unit()).isEqualTo("1/s");
        // each id is the short name of its label
        r.headline().forEach((id, f) -> assertThat(io.tpkit.metrics.Headline.id(f.label())).isEqualTo(id));
        // a smaller run is labelled; the tables were empty and commits durable
        assertThat(failed(r)).containsExactly("standard-shape");
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
