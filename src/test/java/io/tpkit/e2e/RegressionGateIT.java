package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/regression-gate, a user's Maven project whose test fails on a real regression and
 * never on noise, built and run with Maven ({@link ExampleProject}) against two real baselines:
 * one made much faster (the same options with commits that do not wait for the disk), which it
 * must fail against, and the runs of its own first build (the same configuration), which it must
 * pass against.
 */
class RegressionGateIT {
    @TempDir
    Path temp;

    @Test
    void theExampleFailsAgainstAMuchFasterBaselineAndPassesAgainstItsOwnConfiguration() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the regression-gate example project");
        ExampleProject example = ExampleProject.copy("regression-gate");
        // the test's options (NotSlowerThanBaselineTest), measured with synchronous_commit off and at four
        // connections: several times faster. With synchronous_commit off alone it was 0.72 times as fast, and a
        // busy machine's noise once widened that interval to 1.006 (not shown slower): too close for a test
        Path fast = temp.resolve("fast");
        Cli cli = Cli.run("run", "tp1", "--repeat", "5", "--accounts-per-branch", "1000", "--connections", "4",
                "--warmup", "1s", "--duration", "3s", "--server-setting", "synchronous_commit=off",
                "--out", fast.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();

        ExampleProject.Build slower = example.mvn("regression-gate-fails.log", "test", "-Dtpkit.baseline=" + fast);
        assertThat(slower.exitCode()).as("mvn test against the fast baseline (%s):%n%s", slower.log(), slower.tail())
                .isNotZero();
        assertThat(slower.output()).contains("Tests run: 1, Failures: 1, Errors: 0", "java.lang.AssertionError",
                "gate: FAILED: TPS ratio 0.", "slower by more than 10% (the whole interval "
                        + "below 0.900; 5 runs each, Fieller-Welch 95%)",
                "NOT LIKE FOR LIKE: the runs differ in ")
                .containsPattern("NOT LIKE FOR LIKE: the runs differ in .*serverSettings\\.synchronous_commit")
                .containsPattern("NOT LIKE FOR LIKE: the runs differ in .*connections");

        // the first build's runs, kept as the baseline: the same configuration, measured the same way
        Files.move(example.work.resolve("target/tpkit-results"), example.work.resolve("baseline"));
        ExampleProject.Build same = example.mvn("regression-gate-passes.log", "test");
        assertThat(same.exitCode()).as("mvn test against its own baseline (%s):%n%s", same.log(), same.tail()).isZero();
        assertThat(same.output()).contains("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0")
                .containsPattern("gate: passed: TPS ratio \\d\\.\\d+( \\[.+\\]|, interval unbounded .+), not shown slower "
                        + "by more than 10% \\(5 runs each, Fieller-Welch 95%\\)")
                .doesNotContain("NOT LIKE FOR LIKE");
    }
}
