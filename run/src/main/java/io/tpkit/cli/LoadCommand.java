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
        LoadReport report = Tpkit.load(configBuilder().build(), console.listener());
        console.endProgress();
        console.out().println(SummaryPrinter.describe(report));
        return 0;
    }
}
