package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.runner.RunControl;
import io.tpkit.spi.workload.Workload;
import io.tpkit.sweep.SequenceResult;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * {@code tpkit bound tp1}: T1 without and with conflict, T2 and TP1 on the same data at each
 * connection count, then McDonell's upper bound and TP1 against it (seed 000, section 3): the
 * sequence of runs the workload defines ({@link Workload#bound()}), run by {@link Tpkit#bound}. The run options that would change what is measured (terminals, think
 * times, pacing, counts, the logic, the statement order) are not offered.
 */
final class BoundCommand extends RunCommand {
    private static final List<String> NOT_OFFERED = List.of("--connections", "--terminals", "--arrival", "--logic",
            "--think", "--transactions", "--rate", "--latency-limit", "--interarrival", "--rate-per-terminal",
            "--repeat", "--confidence", "--no-reset", "--partition", "--run-name", "--order", "--sub-transaction");
    private OptionSpec connectionCounts;

    BoundCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = super.commandLine(verb, examples);
        spec.usageMessage().description("bound tp1: TP1's upper bound from its sub-transactions T1 and T2 (seed 000).",
                "McDonell's upper bound on TP1 throughput (seed 000, section 3). At each connection count, on the same data: T1 (amend accounts by key, each stream its own), "
                + "T1 with conflict (the same keys for all streams), T2 (append history rows) and TP1; then the bound "
                + "1 / (2/T2 + 3/T1) from their peak rates and TP1's peak as a percentage of it. T1 and T2 do "
                + "--ops-per-transaction operations (default 100) per transaction and round trip, their commits "
                + "not flushed where the server allows it for one session, so that they are charged only what "
                + "TP1 pays for them (docs/tp1.md, \"TP1 upper bound\").");
        for (String name : NOT_OFFERED) {
            OptionSpec o = spec.findOption(name);
            if (o != null) {
                spec.remove(o);
            }
        }
        connectionCounts = OptionSpec.builder("--connections").paramLabel("N[,N...]").type(String.class)
                .description("The degrees of concurrency to measure every run at; each rate is the peak over "
                        + "them. Default: 4.")
                .build();
        spec.addOption(connectionCounts);
        return cl;
    }

    @Override
    public Integer call() throws Exception {
        List<Integer> counts = counts(connectionCounts.getValue());
        RunControl control = new RunControl();
        console.onInterrupt(control::abort, "interrupted: stopping (the current run writes what it measured; no "
                + "further run starts)");
        SequenceResult result = Tpkit.bound(config(), counts, console.listener(), control);
        console.endProgress();
        console.out().println();
        console.out().print(result.printed());
        console.out().flush();
        return result.consistent() ? 0 : 1;
    }

    static List<Integer> counts(String text) {
        if (text == null) {
            return List.of(io.tpkit.config.BenchmarkConfig.DEFAULT_CONNECTIONS);
        }
        List<Integer> counts = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                counts.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new BadInputException("--connections takes counts separated by commas, e.g. 1,2,4,8 (got '"
                        + text + "')");
            }
        }
        return counts;
    }
}
