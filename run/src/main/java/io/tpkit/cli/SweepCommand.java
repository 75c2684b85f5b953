package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.runner.RunControl;
import io.tpkit.spi.workload.Workload;
import io.tpkit.sweep.Sweep;
import io.tpkit.sweep.SweepAxis;
import io.tpkit.sweep.SweepResult;
import io.tpkit.sweep.SweepTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * {@code tpkit sweep WORKLOAD --connections 1,2,4,8}: the run options of {@code tpkit run}, with
 * {@code --connections}, {@code --terminals} and {@code --rate} taking lists; exactly one of them
 * has two values or more and is swept, the others stay fixed.
 */
final class SweepCommand extends RunCommand {
    private OptionSpec connectionList;
    private OptionSpec terminalList;
    private OptionSpec rateList;
    private OptionSpec kneeGain;
    private OptionSpec mvaOther;

    SweepCommand(Workload workload, Console console) {
        super(workload, console);
    }

    @Override
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = super.commandLine(verb, examples);
        for (String name : List.of("--connections", "--terminals", "--rate", "--repeat", "--confidence", "--partition",
                "--run-name")) {
            OptionSpec o = spec.findOption(name);
            if (o != null) {
                spec.remove(o);
            }
        }
        connectionList = list("--connections", "N", "Connections (servers) of each point, e.g. 1,2,4,8,16,32; "
                + "one value keeps them fixed. Default: " + io.tpkit.config.BenchmarkConfig.DEFAULT_CONNECTIONS + ".");
        terminalList = list("--terminals", "N", "Emulated terminals of each point (closed arrival), e.g. "
                + "10,20,40; one value keeps them fixed. Default: the benchmark's standard count.");
        rateList = list("--rate", "TPS", "Request rate of each point (all terminals together, per second), "
                + "e.g. 200,400,800; one value keeps it fixed. Default: no limit.");
        kneeGain = OptionSpec.builder("--knee-gain").paramLabel("PCT").type(Double.class)
                .description("The knee: the first point after which no later point gains PCT%% throughput per "
                        + "doubling of the swept value, measured from it, while latency rises (see README). Default: 10.").build();
        spec.addOption(kneeGain);
        mvaOther = OptionSpec.builder("--mva-other").paramLabel("delay|queue").type(String.class)
                .description("How the queueing model treats the service time the CPUs do not explain (commit "
                        + "flushes, network): delay (every transaction waits it, as with group commit) or queue "
                        + "(one at a time). Default: delay.").build();
        spec.addOption(mvaOther);
        spec.usageMessage().description(verb + " " + workload.name() + ": run " + workload.summary()
                + " at each value of one of --connections, --terminals or --rate (two values or more, run in "
                + "increasing order on one server and the same data), then the peak, the knee and the queueing "
                + "model (sweep-WORKLOAD-... folder: sweep.json, sweep.csv, sweep.html).");
        return cl;
    }

    private OptionSpec list(String name, String label, String description) {
        OptionSpec o = OptionSpec.builder(name).paramLabel(label).type(List.class).auxiliaryTypes(String.class)
                .splitRegex(",").splitRegexSynopsisLabel(",").arity("1").description(description).build();
        spec.addOption(o);
        return o;
    }

    @Override
    public Integer call() throws Exception {
        List<Double> connectionValues = numbers(connectionList, "--connections");
        List<Double> terminalValues = numbers(terminalList, "--terminals");
        List<Double> rateValues = numbers(rateList, "--rate");
        List<SweepAxis> swept = new ArrayList<>();
        if (connectionValues.size() > 1) {
            swept.add(SweepAxis.CONNECTIONS);
        }
        if (terminalValues.size() > 1) {
            swept.add(SweepAxis.TERMINALS);
        }
        if (rateValues.size() > 1) {
            swept.add(SweepAxis.RATE);
        }
        if (swept.isEmpty()) {
            throw new BadInputException("nothing to sweep: give two values or more to one of --connections, "
                    + "--terminals or --rate (e.g. --connections 1,2,4,8)");
        }
        if (swept.size() > 1) {
            throw new BadInputException("sweep one variable at a time: --" + swept.get(0).label() + " and --"
                    + swept.get(1).label() + " both have several values (give one value to all but one of them)");
        }
        connections = single(connectionValues, "--connections");
        terminals = single(terminalValues, "--terminals");
        rate = rateValues.size() == 1 ? rateValues.getFirst() : null;
        SweepAxis axis = swept.getFirst();
        List<Double> values = switch (axis) {
            case CONNECTIONS -> connectionValues;
            case TERMINALS -> terminalValues;
            case RATE -> rateValues;
        };
        Double gain = kneeGain.getValue();
        String other = mvaOther.getValue();
        Sweep sweep = new Sweep(config(), axis, values, gain == null ? io.tpkit.analysis.Knee.DEFAULT_GAIN_PCT : gain,
                other == null ? io.tpkit.analysis.QueueingModel.Other.DELAY : io.tpkit.analysis.QueueingModel.Other.parse(other));
        RunControl control = new RunControl();
        console.onInterrupt(control::abort, "interrupted: stopping the current point (its results are written, marked "
                + "incomplete) and skipping the rest");
        SweepResult r = Tpkit.sweep(sweep, console.listener(), control);
        console.endProgress();
        console.out().println();
        for (SweepResult.Point p : r.points()) {
            console.out().println(axis.describe(p.value()) + ": " + p.resultDir());
        }
        console.out().println();
        console.out().print(SweepTables.render(r));
        console.out().println("Sweep: " + r.folder());
        console.out().println("Report: " + Path.of(r.folder()).resolve(io.tpkit.report.SweepReport.FILE));
        console.out().flush();
        return r.points().stream().allMatch(SweepResult.Point::consistent) ? 0 : 1;
    }

    private static List<Double> numbers(OptionSpec option, String name) {
        List<String> given = option == null ? null : option.getValue();
        List<Double> out = new ArrayList<>();
        if (given == null) {
            return out;
        }
        for (String s : given) {
            try {
                out.add(Double.parseDouble(s.trim()));
            } catch (NumberFormatException e) {
                throw new BadInputException(name + " takes numbers separated by commas (e.g. " + name + " 1,2,4,8), got '"
                        + s + "'");
            }
        }
        return out;
    }

    private static Integer single(List<Double> values, String name) {
        if (values.size() != 1) {
            return null;
        }
        double v = values.getFirst();
        if (v != Math.rint(v)) {
            throw new BadInputException(name + " must be a whole number (got " + v + ")");
        }
        return (int) v;
    }
}
