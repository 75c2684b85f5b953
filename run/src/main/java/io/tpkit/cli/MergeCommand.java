package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.RunResult;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tpkit merge DIR...}: the parts of a split run made one result. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Make the result folders of a run split with --partition one result: histograms added (never "
                + "averaged), counts and costs summed, the database checked once, the whole run judged, one report.",
        footer = {"%nExample:", "  tpkit merge results/tpcc-*-part1of2 results/tpcc-*-part2of2"})
final class MergeCommand implements Callable<Integer> {
    private final Console console;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The result folder of every part.")
    List<Path> folders;

    @Option(names = "--db", paramLabel = "URL",
            description = "Where to check the database, when not where the parts ran (their recorded URL).")
    String db;

    @Option(names = "--user", paramLabel = "USER", description = "User for --db, or for the recorded URL.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "Name of the environment variable that holds the password (never printed or stored).")
    String passwordEnv;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "Folder for the merged result folder. Default: ./results.")
    Path out;

    @Option(names = "--verbose", description = "Print stack traces and driver logs.")
    boolean verbose;

    MergeCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws Exception {
        String password = null;
        if (passwordEnv != null) {
            password = PasswordVariable.valid(passwordEnv) ? System.getenv(passwordEnv) : null;
            if (password == null) {
                throw new BadInputException(PasswordVariable.notSet(passwordEnv));
            }
        }
        String secret = password;
        RunResult r = Tpkit.merge(folders, out, (BenchmarkConfig.Builder b) -> {
            if (db != null) {
                b.target(db);
            }
            if (user != null) {
                b.user(user);
            }
            if (secret != null) {
                b.password(secret, "environment variable " + passwordEnv);
            }
            return b;
        }, console.listener());
        new SummaryPrinter(console.out()).print(r);
        return r.consistent() ? 0 : 1;
    }
}
