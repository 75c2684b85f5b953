package io.tpkit.cli;

import io.tpkit.config.BadInputException;
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
        description = "Write report.html again from a result folder (for the folder of a comparison, a sweep, "
                + "repetitions or a history: comparison.html, sweep.html, repeat.html or history.html).",
        footer = {"%nExample:", "  tpkit report results/tp1-20261123-142544-embedded-postgres"})
final class ReportCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "Result folders of runs, comparisons, sweeps or repetitions.")
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
            } else if (Files.exists(folder.resolve("sweep.json"))) {
                written = io.tpkit.report.SweepReport.write(folder);
            } else if (Files.exists(folder.resolve(io.tpkit.history.History.FILE))) {
                written = io.tpkit.report.HistoryReport.write(folder);
            } else if (Files.exists(folder.resolve("repeat.json"))) {
                written = io.tpkit.report.RepeatReport.write(folder);
            } else if (Files.exists(folder.resolve("result.json"))) {
                written = RunReport.write(folder);
            } else {
                throw new BadInputException(folder + " is not a tpkit result folder (no result.json, comparison.json, "
                        + "sweep.json, repeat.json or history.json)");
            }
            console.out().println("Report: " + written.toAbsolutePath());
        }
        console.out().flush();
        return 0;
    }
}
