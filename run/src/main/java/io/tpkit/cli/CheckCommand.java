package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.Workload;
import java.util.List;

/** {@code tpkit check WORKLOAD}: the consistency checks only. Exit 1 when one fails. */
final class CheckCommand extends WorkloadCommand {
    @picocli.CommandLine.Option(names = "--partition", paramLabel = "I/N",
            description = "Check part I of N: the conditions per unit on this part's slice (TPC-C: its "
                    + "warehouses, TP1: its branches with their tellers and accounts); those on the whole database "
                    + "are reported skipped, for a check without --partition.")
    String partition;

    CheckCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    public Integer call() throws Exception {
        if (partition != null) {
            target.part = io.tpkit.config.Partition.parse(partition, "x").index(); // chooses its node among several --db
        }
        io.tpkit.config.BenchmarkConfig.Builder b = configBuilder();
        if (partition != null) {
            b.partition(io.tpkit.config.Partition.parse(partition, workload.name()));
        }
        List<CheckResult> checks = Tpkit.check(b.build(), console.listener());
        SummaryPrinter.printChecks(console.out(), checks);
        // a skipped check is neither a pass nor a failure: it leaves the exit code alone
        boolean passed = checks.stream().noneMatch(CheckResult::failed);
        console.out().println("consistency: " + (passed ? CheckResult.summary(checks) : "FAILED"));
        return passed ? 0 : 1;
    }
}
