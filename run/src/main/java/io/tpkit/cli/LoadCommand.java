package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.result.LoadReport;
import io.tpkit.spi.workload.Workload;

/** {@code tpkit load WORKLOAD}: drop and load the data. */
final class LoadCommand extends WorkloadCommand {
    @picocli.CommandLine.Option(names = "--partition", paramLabel = "I/N",
            description = "Load part I of N from this process (1/2 and 2/2 on two machines, against one database "
                    + "server given as a JDBC URL): part 1 creates the schema, each part loads its slice (TPC-C: "
                    + "its warehouses, TP1: its branches), and part 1 builds the keys once every slice is in; "
                    + "every part ends when the whole load has.")
    String partition;

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
        if (partition != null) {
            target.part = io.tpkit.config.Partition.parse(partition, "x").index(); // chooses its node among several --db
        }
        io.tpkit.config.BenchmarkConfig.Builder b = configBuilder();
        if (partition != null) {
            b.partition(io.tpkit.config.Partition.parse(partition, workload.name()));
        }
        LoadReport report = Tpkit.load(b.build(), listener, control);
        console.endProgress();
        console.out().println(SummaryPrinter.describe(report));
        return 0;
    }
}
