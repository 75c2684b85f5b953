package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.result.LoadReport;
import io.tpkit.spi.workload.Workload;

/** {@code tpkit load WORKLOAD}: drop and load the data. */
final class LoadCommand extends WorkloadCommand {
    LoadCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    public Integer call() throws Exception {
        io.tpkit.runner.RunControl control = new io.tpkit.runner.RunControl();
        console.onInterrupt(control::abort, "interrupted: stopping the load");
        io.tpkit.runner.RunListener progress = console.listener();
        // the report goes to standard output once, below, not also as a progress message
        io.tpkit.runner.RunListener listener = new io.tpkit.runner.RunListener() {
            @Override
            public void message(String line) {
                progress.message(line);
            }

            @Override
            public void loadProgress(String step, long done, long expected, double elapsed) {
                progress.loadProgress(step, done, expected, elapsed);
            }
        };
        LoadReport report = Tpkit.load(configBuilder().build(), listener, control);
        console.endProgress();
        console.out().println(SummaryPrinter.describe(report));
        return 0;
    }
}
