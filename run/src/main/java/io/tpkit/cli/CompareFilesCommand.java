package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.compare.ComparedRuns;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.spi.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code tpkit compare}: with result folders or result.json files, compares finished runs;
 * with a workload ({@code tpkit compare tp1 --db A --db B}), runs it on each target first.
 */
@Command(name = "compare")
final class CompareFilesCommand implements Callable<Integer> {
    private final Console console;
    private final List<Workload> workloads;

    @Parameters(paramLabel = "RESULT", arity = "0..*",
            description = "Two or more sides of one workload, the first the baseline: result folders (or their "
                    + "result.json), repeat folders (tpkit run --repeat N: each figure's ratio with its confidence "
                    + "interval and a verdict), or folders of result folders of one configuration; or sweep folders "
                    + "(tpkit sweep), compared point by point.")
    List<Path> results = List.of();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "Folder for the comparison folder. Default: ./results.")
    Path out;

    @Option(names = "--confidence", paramLabel = "PCT",
            description = "The level of the intervals of the ratios, in percent. Default: 95.")
    Double confidence;

    @CommandLine.Mixin
    GateOptions gate = new GateOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    CompareFilesCommand(Console console, List<Workload> workloads) {
        this.console = console;
        this.workloads = workloads;
    }

    @Override
    public Integer call() {
        if (results.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "missing workload or results: tpkit compare "
                    + "WORKLOAD --db A --db B, or tpkit compare RESULT RESULT...; workloads: " + Main.names(workloads));
        }
        ComparedRuns compared = Tpkit.compare(results, out, gate.judgement(confidence), gate.gate());
        console.out().print(ComparisonTable.render(compared.comparison()));
        console.out().println("Comparison: " + compared.folder());
        console.out().println("Report: " + compared.folder().resolve("comparison.html"));
        console.out().flush();
        Integer gated = GateOptions.exitCode(compared.comparison().gate(), console);
        return gated != null ? gated : 0;
    }
}
