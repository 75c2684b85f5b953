package io.tpkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.BenchmarkConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What tpkit's parser makes of a run's options, as pgbench users type them. */
class RunOptionsTest {
    private static BenchmarkConfig parse(String... args) {
        CommandLine root = Main.commandLine(new Console(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()), false));
        CommandLine.ParseResult parsed = root.parseArgs(args);
        RunCommand run = (RunCommand) parsed.subcommand().subcommand().commandSpec().userObject();
        return run.config();
    }

    @Test
    void pgbenchsShortOptionsMeanWhatTheyMeanThere() {
        BenchmarkConfig c = parse("run", "tp1", "-c", "8", "-T", "60", "-P", "5", "-R", "50", "-L", "100", "-s", "2");
        assertThat(c.connections()).isEqualTo(8);
        assertThat(c.duration()).isEqualTo(Duration.ofSeconds(60)); // -T: seconds
        assertThat(c.latencyLimit()).isEqualTo(Duration.ofMillis(100)); // -L: milliseconds, never 100 s
        assertThat(c.ratePerSecond()).isEqualTo(50);
        assertThat(c.scale()).isEqualTo(2);
    }

    @Test
    void timeOptionsWithUnitsMeanTheirUnits() {
        BenchmarkConfig c = parse("run", "tp1", "--duration", "2m", "--warmup", "30s", "--rate", "10",
                "--latency-limit", "2s");
        assertThat(c.duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(c.warmup()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.latencyLimit()).isEqualTo(Duration.ofSeconds(2));
        assertThat(parse("run", "tp1", "--warmup", "0").warmup()).isZero();
        assertThat(parse("run", "tp1").warmupGiven()).isFalse();
    }

    @Test
    void warmupAutoIsTheDefaultWarmUpUntilTheCompilerSettles() {
        BenchmarkConfig auto = parse("run", "tpcc", "--warmup", "auto");
        assertThat(auto.warmupGiven()).isFalse();
        assertThat(auto.warmup()).isEqualTo(BenchmarkConfig.DEFAULT_WARMUP);
        assertThat(parse("run", "tp1", "--warmup", "AUTO").warmupGiven()).isFalse();
        assertThat(parse("run", "tp1", "--warmup", "10s").warmupGiven()).isTrue();
        assertThat(parse("run", "tp1", "--warmup", "10s").toBuilder().warmupUntilSettled().build().warmupGiven())
                .isFalse();
    }

    @Test
    void theShortOptionsClashWithNoOther() {
        CommandLine root = Main.commandLine(new Console(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()), false));
        // picocli refuses two options of one name when the command is built; every verb and workload is built here
        for (CommandLine verb : root.getSubcommands().values()) {
            for (CommandLine workload : verb.getSubcommands().values()) {
                assertThat(workload.getCommandSpec().optionsMap()).isNotEmpty();
            }
        }
        assertThat(root.getSubcommands().get("run").getSubcommands().get("tpcc").getCommandSpec().findOption("-c")
                .longestName()).isEqualTo("--connections");
    }

    @Test
    void aMistypedOptionGetsTheNearestAndItsValueIsNotAnOption() {
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "tp1", "--conections", "8"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err, true));
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString().strip()).isEqualTo("tpkit: unknown option '--conections' (did you mean "
                + "--connections?) (see 'tpkit run tp1 --help')");
        assertThat(Suggestions.nearest("--warp-speed", java.util.List.of("--connections", "--warmup", "--seed")))
                .isEmpty();
    }

    @Test
    void theGroupsHelpListsTheOptionsARunTakes() {
        StringWriter out = new StringWriter();
        int code = Main.execute(new String[] {"run", "--help"}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));
        assertThat(code).isZero();
        assertThat(out.toString()).contains("Options of 'tpkit run WORKLOAD'", "-c, --connections=N",
                "-T, --duration=TIME", "-P, --progress=SEC", "-L, --latency-limit=TIME")
                // a workload's own options stay in its own help
                .doesNotContain("--accounts-per-branch", "--branches");
    }
}
