package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.result.LoadReport;
import io.tpkit.spi.Workload;

/** {@code tpkit load WORKLOAD}: drop and load the data. */
final class LoadCommand extends WorkloadCommand {
    LoadCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    public Integer call() throws Exception {
        io.tpkit.api.RunControl control = new io.tpkit.api.RunControl();
        console.onInterrupt(control::abort, "interrupted: stopping the load");
        LoadReport report = Tpkit.load(configBuilder().build(), console.listener(), control);
        console.endProgress();
        console.out().println(SummaryPrinter.describe(report));
        return 0;
    }
}
