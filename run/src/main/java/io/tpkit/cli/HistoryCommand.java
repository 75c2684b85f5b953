package io.tpkit.cli;

import io.tpkit.analysis.ChangePoints;
import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.history.History;
import io.tpkit.history.HistoryText;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tpkit history DIR...}: the runs under some folders as series, with their change points. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Show the runs under some folders as series of one workload and configuration over time, "
                + "with their change points (e-divisive means).",
        footer = {"%nExamples:", "  tpkit history results",
                "  tpkit history results ci-results --figure tps --out reports"})
final class HistoryCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "DIR", arity = "0..*",
            description = "Folders to search, with their subfolders, for result folders and folders of repetitions.")
    List<Path> folders = List.of();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write history-.../ (history.html with a chart per group, history.json) into DIR.")
    Path out;

    @Option(names = "--figure", paramLabel = "ID",
            description = "The figure to follow: tps, or a headline figure's id (nopm...). Default: the workload's "
                    + "headline figure, TPS when it has none.")
    String figure;

    @Option(names = "--permutations", paramLabel = "N", defaultValue = "199",
            description = "Shuffles of the permutation test of each split. Default: 199.")
    int permutations;

    @Option(names = "--p-value", paramLabel = "P", defaultValue = "0.05",
            description = "A split is a change point when its p-value is at most P. Default: 0.05.")
    double pValue;

    @Option(names = "--min-size", paramLabel = "N", defaultValue = "3",
            description = "The fewest points on either side of a change point (at least 2). Default: 3.")
    int minSize;

    @Option(names = "--conformant-only",
            description = "Leave runs that are not conformant out of the analysis too (they are shown, marked).")
    boolean conformantOnly;

    HistoryCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (permutations < 1) {
            throw new BadInputException("--permutations must be at least 1 (got " + permutations + "), e.g. 199");
        }
        if (!(pValue > 0 && pValue < 1)) {
            throw new BadInputException("--p-value must be between 0 and 1 (got " + pValue + "), e.g. 0.05");
        }
        if (minSize < 2) {
            throw new BadInputException("--min-size must be at least 2 (got " + minSize + "): a segment needs two "
                    + "points to have a spread");
        }
        ChangePoints.Settings settings = new ChangePoints.Settings(permutations, pValue, minSize,
                ChangePoints.Settings.DEFAULT.seed());
        History h = Tpkit.history(folders, figure, settings, conformantOnly, out);
        console.out().print(HistoryText.render(h));
        if (h.folder() != null) {
            console.out().println("History: " + h.folder());
            console.out().println("Report: " + Path.of(h.folder()).resolve(io.tpkit.report.HistoryReport.FILE));
        } else {
            console.out().println("(--out DIR writes history.html, with a chart per group, and history.json)");
        }
        console.out().flush();
        return 0;
    }
}
