package io.tpkit.cli;

import io.tpkit.api.BadInputException;
import io.tpkit.report.ComparisonReport;
import io.tpkit.report.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code tpkit report DIR...}: writes report.html (or comparison.html) again from a result folder's files. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write report.html again from a result folder (comparison.html for a comparison folder).",
        footer = {"%nExample:", "  tpkit report results/tp1-20261123-142544-embedded-postgres"})
final class ReportCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "Result folders of runs or comparisons.")
    List<Path> folders;

    ReportCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws Exception {
        for (Path folder : folders) {
            Path written;
            if (Files.exists(folder.resolve("comparison.json"))) {
                written = ComparisonReport.write(folder);
            } else if (Files.exists(folder.resolve("result.json"))) {
                written = RunReport.write(folder);
            } else {
                throw new BadInputException(folder + " is not a tpkit result folder (no result.json or comparison.json)");
            }
            console.out().println("Report: " + written.toAbsolutePath());
        }
        console.out().flush();
        return 0;
    }
}
