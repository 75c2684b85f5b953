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
            description = "Result folders or their result.json files, of one workload (two or more); or sweep "
                    + "folders (tpkit sweep), compared point by point.")
    List<Path> results = List.of();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "Folder for the comparison folder. Default: ./results.")
    Path out;

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
        ComparedRuns compared = Tpkit.compare(results, out);
        console.out().print(ComparisonTable.render(compared.comparison()));
        console.out().println("Comparison: " + compared.folder());
        console.out().println("Report: " + compared.folder().resolve("comparison.html"));
        console.out().flush();
        return 0;
    }
}
