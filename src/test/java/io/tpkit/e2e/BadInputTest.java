package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line naming the problem and the fix, exit code 2, no stack trace. */
class BadInputTest {
    @TempDir
    Path temp;

    private static void assertOneLineError(Cli cli, String... fragments) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines()).as(cli.err()).hasSize(1);
        assertThat(cli.err()).startsWith("tpkit: ").doesNotContain("Exception", "\tat ");
        for (String f : fragments) {
            assertThat(cli.err()).contains(f);
        }
    }

    /** A result.json this version cannot read back (here: its types written as text) is refused, not a stack trace. */
    @Test
    void aResultOfAnOlderFormatIsRefusedByReportAndCompare() throws IOException {
        Path old = Files.createDirectories(temp.resolve("tp1-old"));
        Files.writeString(old.resolve("result.json"), """
                {"workload": {"name": "tp1"}, "metrics": {"types": "debit-credit: 5745 committed"}}
                """);
        assertOneLineError(Cli.run("report", old.toString()), "result.json from an older tpkit version: re-run",
                "at metrics.types");
        assertOneLineError(Cli.run("compare", old.toString(), old.toString(), "--out", temp.resolve("c").toString()),
                "result.json from an older tpkit version");
    }

    @Test
    void splitRunsAreAskedForWhole() {
        assertOneLineError(Cli.run("run", "tpcc", "--partition", "3/2"), "--partition 3/2 is not a part", "1 <= I <= N");
        assertOneLineError(Cli.run("run", "tpcc", "--partition", "half"), "is not I/N", "--partition 1/2");
        assertOneLineError(Cli.run("run", "tpcc", "--db", "jdbc:postgresql://a/db", "--db", "jdbc:postgresql://b/db"),
                "several --db (2) name the nodes of a split run", "--partition I/N");
        assertOneLineError(Cli.run("run", "tpcc", "--run-name", "x"), "--run-name names the parts", "--partition");
        assertOneLineError(Cli.run("merge", temp.toString()), "give the result folders of every part");
    }

    @Test
    void splitLoadsNeedAServerEveryPartReachesAndAWorkloadThatSplits() {
        // refused before any server starts: an embedded database is this process's alone
        assertOneLineError(Cli.run("load", "tpcc", "--partition", "1/2"), "--partition 1/2 splits a load among "
                + "processes that share one database server", "--db embedded-postgres", "JDBC URL");
        assertOneLineError(Cli.run("load", "tp1", "--partition", "2/2", "--db", "embedded-mariadb"),
                "--db embedded-mariadb", "without --partition");
        assertOneLineError(Cli.run("load", "hpss", "--partition", "1/2", "--db", "jdbc:postgresql://127.0.0.1:1/x"),
                "tpkit load hpss does not split across driver processes", "without --partition");
        assertOneLineError(Cli.run("run", "hpss", "--partition", "1/2"), "--partition 1/2 splits a run among "
                + "processes that share one database server", "--db embedded-postgres", "JDBC URL");
        assertOneLineError(Cli.run("load", "tpcc", "--partition", "3/2"), "--partition 3/2 is not a part");
        assertOneLineError(Cli.run("check", "tpcc", "--partition", "0/2"), "--partition 0/2 is not a part");
    }

    @Test
    void unknownWorkload() {
        assertOneLineError(Cli.run("run", "tpz"), "unknown workload 'tpz'", "tp1");
    }

    @Test
    void missingWorkload() {
        assertOneLineError(Cli.run("run"), "missing workload", "tp1");
    }

    @Test
    void unknownOption() {
        assertOneLineError(Cli.run("run", "tp1", "--warp-speed", "9"), "--warp-speed", "--help");
    }

    @Test
    void scaleZeroOrNegative() {
        assertOneLineError(Cli.run("run", "tp1", "--scale", "0"), "scale must be at least 1");
        assertOneLineError(Cli.run("load", "tp1", "--scale", "-3"), "scale must be at least 1");
    }

    @Test
    void scaleInTheBenchmarksOwnWordsMustAgreeWithScale() {
        assertOneLineError(Cli.run("run", "tpcc", "--warehouses", "0"), "scale must be at least 1");
        assertOneLineError(Cli.run("load", "tp1", "--branches", "2", "--scale", "3"), "disagree");
    }

    @Test
    void durationZero() {
        assertOneLineError(Cli.run("run", "tp1", "--duration", "0"), "--duration must be longer than 0");
        assertOneLineError(Cli.run("run", "tp1", "--duration", "soon"), "not a duration");
    }

    @Test
    void aCountAndADurationContradictEachOther() {
        assertOneLineError(Cli.run("run", "tp1", "--transactions", "1000", "--duration", "30s"),
                "--transactions and --duration contradict each other", "give one");
        assertOneLineError(Cli.run("compare", "tp1", "--db", "embedded-postgres", "--db", "embedded-postgres",
                "--duration", "30s", "--transactions", "1000"), "--transactions and --duration contradict");
    }

    @Test
    void rateZeroOrNegative() {
        assertOneLineError(Cli.run("run", "tp1", "--rate", "0"), "--rate must be above 0", "leave it out");
        assertOneLineError(Cli.run("run", "tpcc", "--rate", "-5"), "--rate must be above 0");
    }

    @Test
    void aNetworkDelayOutOfRange() {
        assertOneLineError(Cli.run("run", "tp1", "--network-delay", "-1"), "--network-delay must be between 0 and 10000");
        assertOneLineError(Cli.run("compare", "tp1", "--logic", "client,interactive", "--network-delay", "20000"),
                "--network-delay must be between 0 and 10000");
    }

    @Test
    void aLogicThatDoesNotExistOrDoesNotApply() {
        assertOneLineError(Cli.run("run", "tp1", "--logic", "chatty"), "unknown logic 'chatty'",
                "use client, interactive or procedure");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new io.tpkit.hpss.HpssWorkload().bind(
                io.tpkit.config.BenchmarkConfig.builder("hpss").logic(io.tpkit.config.Logic.INTERACTIVE).build(),
                new io.tpkit.db.postgres.PostgresPlugin())).isInstanceOf(io.tpkit.config.BadInputException.class)
                .hasMessageContaining("drop --logic interactive");
        assertOneLineError(Cli.run("run", "tp1", "--logic", "interactive", "--sub-transaction", "t1"),
                "drop --logic interactive");
    }

    @Test
    void hpssFixesItsOwnRunShape() {
        assertOneLineError(Cli.run("run", "hpss", "--duration", "5m"), "unknown option", "--duration");
        // it measures the rate its threads sustain: no schedule, from the CLI or the API
        assertOneLineError(Cli.run("run", "hpss", "--rate", "100"), "unknown option", "--rate");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new io.tpkit.hpss.HpssWorkload().bind(
                io.tpkit.config.BenchmarkConfig.builder("hpss").ratePerSecond(100).build(),
                new io.tpkit.db.postgres.PostgresPlugin())).isInstanceOf(io.tpkit.config.BadInputException.class)
                .hasMessageContaining("drop --rate");
        assertOneLineError(Cli.run("run", "hpss", "--key-space", "10"), "--key-space 10 is too small",
                "at least twice as many keys");
        assertOneLineError(Cli.run("run", "hpss", "--iterations", "0"), "--iterations must be a whole number");
        assertOneLineError(Cli.run("run", "hpss", "--threads", "0"), "scale must be at least 1");
    }

    @Test
    void hpssIterationModes() {
        assertOneLineError(Cli.run("run", "hpss", "--iteration-mode", "again"), "--iteration-mode is continue or restart");
        assertOneLineError(Cli.run("run", "hpss", "--iteration-pause", "5s"), "give --iteration-mode restart");
        assertOneLineError(Cli.run("run", "hpss", "--iteration-mode", "restart", "--iteration-pause", "soon"),
                "'soon' is not a duration");
        assertOneLineError(Cli.run("run", "hpss", "--warm-up-creates", "-1"), "--warm-up-creates must be a whole number "
                + "from 0");
    }

    @Test
    void serverSettingsAreForTheServersTpkitStarts() {
        assertOneLineError(Cli.run("run", "tp1", "--server-setting", "max_wal_size"), "--server-setting takes NAME=VALUE");
        assertOneLineError(Cli.run("run", "tp1", "--server-setting", "max wal=4GB"), "--server-setting takes NAME=VALUE");
        assertOneLineError(Cli.run("run", "tp1", "--db", "jdbc:postgresql://127.0.0.1:1/nothing", "--server-setting",
                "max_wal_size=4GB"), "--server-setting applies to the servers tpkit starts", "set max_wal_size on it");
    }

    @Test
    void aContainerTargetWithoutDockerNamesTheProblemAndTheAlternatives() {
        org.junit.jupiter.api.Assumptions.assumeFalse(Docker.available(),
                "a Docker engine is reachable here, so the no-Docker error cannot happen (ContainerTargetIT runs instead)");
        assertOneLineError(Cli.run("run", "tp1", "--db", "container:postgres:17"),
                "container:postgres:17 needs a Docker engine", "--db embedded-postgres or a JDBC URL");
    }

    @Test
    void anImageThatIsNeitherHereNorPullableIsNamedWithBothWaysToHaveIt() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Docker.available(),
                "needs a Docker engine (without one, the no-Docker error above is tested)");
        // no registry has this tag: refused by the registry, or unreachable without one
        Cli cli = Cli.run("run", "tp1", "--db", "container:postgres:0.0-tpkit-no-such-tag", "--out",
                temp.toString());
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        // the progress line says what is tried; then the error, on one line
        assertThat(cli.errLines()).as(cli.err()).containsExactly(
                "image postgres:0.0-tpkit-no-such-tag is not on this machine: pulling it", cli.errLines().getLast());
        assertThat(cli.errLines().getLast()).startsWith("tpkit: image postgres:0.0-tpkit-no-such-tag is not on this "
                + "machine and could not be pulled (").contains("docker pull postgres:0.0-tpkit-no-such-tag",
                "scripts/container-images");
    }

    @Test
    void aContainerImageOfAnotherDatabaseIsRefused() {
        assertOneLineError(Cli.run("run", "tp1", "--db", "container:oracle:23"), "postgres, mysql and mariadb images");
        assertOneLineError(Cli.run("run", "tp1", "--db", "container:"), "needs an image");
    }

    @Test
    void aMariaDbUrlPointsToTheMysqlForm() {
        assertOneLineError(Cli.run("run", "tp1", "--db", "jdbc:mariadb://127.0.0.1:3306/test"),
                "no database plugin", "jdbc:mysql://HOST:PORT/DB");
    }

    @Test
    void unknownTargetAndUnsupportedUrl() {
        assertOneLineError(Cli.run("run", "tp1", "--db", "oracle"), "unknown --db 'oracle'", "embedded-postgres");
        assertOneLineError(Cli.run("run", "tp1", "--db", "jdbc:oracle:thin:@db:1521/x"), "no database plugin",
                "jdbc:postgresql:");
    }

    @Test
    void malformedUrl() {
        assertOneLineError(Cli.run("run", "tp1", "--db", "jdbc:postgresql://db:notaport/x"), "malformed JDBC URL");
    }

    @Test
    void unreachableDatabaseNamesTheTargetButNeverThePassword() {
        Cli cli = Cli.run("run", "tp1", "--db", "jdbc:postgresql://127.0.0.1:1/test?password=hunter2",
                "--user", "bench", "--out", temp.toString());
        assertOneLineError(cli, "cannot connect to jdbc:postgresql://127.0.0.1:1/test?password=***");
        assertThat(cli.err() + cli.out()).doesNotContain("hunter2");
        assertThat(temp).isEmptyDirectory();
    }

    /** The password typed where the variable's name goes is never repeated, nor offered as a shell line. */
    @Test
    void aPasswordGivenAsPasswordEnvIsNeverEchoed() {
        for (String typed : new String[] {"S3cret!pw", "hunter2"}) {
            Cli cli = Cli.run("run", "tp1", "--db", "jdbc:postgresql://127.0.0.1:1/test", "--password-env", typed,
                    "--out", temp.toString());
            assertOneLineError(cli, "--password-env takes the name of an environment variable", "not the password",
                    "export NAME=");
            assertThat(cli.err() + cli.out()).doesNotContain(typed);
        }
        Cli merge = Cli.run("merge", temp.toString(), temp.toString(), "--password-env", "S3cret!pw");
        assertThat(merge.err() + merge.out()).doesNotContain("S3cret!pw");
    }

    @Test
    void outOfRangeValuesAreRefusedUpFrontNamingTheOptionAndItsLimits() {
        assertOneLineError(Cli.run("run", "tp1", "--duration", "999999999999h", "--out", temp.toString()),
                "'--duration'", "at most 8784h");
        assertOneLineError(Cli.run("run", "tp1", "--warmup", "99999999999999999999999h"), "'--warmup'", "at most");
        assertOneLineError(Cli.run("load", "tpcc", "--warehouses", "2147483647"), "--warehouses must be from 1 to "
                + "214748364");
        assertOneLineError(Cli.run("run", "tp1", "--connections", "2147483647"), "--connections must be from 1 to "
                + "100000");
        assertOneLineError(Cli.run("run", "tp1", "--rate", "1e300"), "--rate must be above 0 and at most 10000000");
        assertOneLineError(Cli.run("run", "hpss", "--threads", "2147483647"), "--threads must be from 1 to 100000");
        assertOneLineError(Cli.run("run", "tp1", "--progress", "0"), "--progress must be from 1 to 3600");
        assertThat(temp).isEmptyDirectory();
    }

    /** A time option without a unit is refused where no pgbench convention says which unit it is. */
    @Test
    void aTimeWithoutAUnitIsRefusedWhereItWouldBeAGuess() {
        assertOneLineError(Cli.run("run", "tp1", "--warmup", "5"), "'--warmup'", "'5' needs a unit", "5s");
    }

    /** 100,000,000 terminals cannot fit a driver's heap: said before anything starts, not after minutes. */
    @Test
    void moreTerminalsThanTheHeapHoldsAreRefusedBeforeAnythingStarts() {
        Cli cli = Cli.run("run", "tp1", "--arrival", "closed", "--terminals", "100000000", "--out", temp.toString());
        assertOneLineError(cli, "--terminals 100000000", "of heap", "(-Xmx)", "use at most", "TPKIT_JAVA_OPTS=-Xmx",
                "nothing was run");
        assertThat(cli.err()).doesNotContain("interrupted", "loading");
        assertThat(temp).isEmptyDirectory();
    }

    @Test
    void passwordEnvironmentVariableMissing() {
        assertOneLineError(Cli.run("run", "tp1", "--db", "jdbc:postgresql://127.0.0.1:1/test", "--password-env",
                "TPKIT_NO_SUCH_VARIABLE_XYZ"), "TPKIT_NO_SUCH_VARIABLE_XYZ", "not set");
    }

    @Test
    void unwritableOutputFolderLeavesNothingBehind() throws IOException {
        Path file = Files.writeString(temp.resolve("not-a-folder"), "x");
        Cli cli = Cli.run("run", "tp1", "--out", file.resolve("results").toString());
        assertOneLineError(cli, "cannot write results", "--out");
        // the reason in words, not the path again
        assertThat(cli.err()).containsAnyOf("(Not a directory)", "(a file is in the way)")
                .doesNotContain("(" + file.resolve("results") + ")");
        assertThat(Files.readString(file)).isEqualTo("x");
        Path locked = Files.createDirectory(temp.resolve("locked"));
        if (locked.toFile().setWritable(false) && !Files.isWritable(locked)) { // root can write anyway
            assertOneLineError(Cli.run("run", "tp1", "--out", locked.resolve("r").toString()), "(permission denied)");
        }
    }

    @Test
    void streamsTakeConnectionsNotTerminals() {
        assertOneLineError(Cli.run("run", "tp1", "--db", "jdbc:postgresql://127.0.0.1:1/test", "--terminals", "3",
                "--connections", "2", "--out", temp.toString()), "connection");
    }
}
