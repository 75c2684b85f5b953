package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.Workload;
import java.util.List;

/** {@code tpkit check WORKLOAD}: the consistency checks only. Exit 1 when one fails. */
final class CheckCommand extends WorkloadCommand {
    CheckCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    public Integer call() throws Exception {
        List<CheckResult> checks = Tpkit.check(configBuilder().build(), console.listener());
        SummaryPrinter.printChecks(console.out(), checks);
        // a skipped check is neither a pass nor a failure: it leaves the exit code alone
        boolean passed = checks.stream().noneMatch(CheckResult::failed);
        console.out().println("consistency: " + (passed ? CheckResult.summary(checks) : "FAILED"));
        return passed ? 0 : 1;
    }
}
