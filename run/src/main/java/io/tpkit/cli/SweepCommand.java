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
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * {@code tpkit sweep WORKLOAD --connections 1,2,4,8}: the run options of {@code tpkit run}, with
 * {@code --connections}, {@code --terminals} and {@code --rate} taking lists (and {@code --threads}
 * for a workload whose scale is its threads, HPSS); exactly one of them has two values or more and
 * is swept, the others stay fixed.
 */
final class SweepCommand extends RunCommand {
    private final Map<SweepAxis, OptionSpec> lists = new EnumMap<>(SweepAxis.class);
    private OptionSpec kneeGain;
    private OptionSpec mvaOther;
    private OptionSpec pointOrder;
    private OptionSpec orderSeed;

    SweepCommand(Workload workload, Console console) {
        super(workload, console);
    }

    /** The axes this workload sweeps: its threads, or its connections, terminals and rate. */
    private List<SweepAxis> axes() {
        return workload.scaleIsThreads() ? List.of(SweepAxis.THREADS)
                : List.of(SweepAxis.CONNECTIONS, SweepAxis.TERMINALS, SweepAxis.RATE);
    }

    @Override
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = super.commandLine(verb, examples);
        // --threads goes too when it is the workload's scale unit (HPSS): here it takes a list
        for (String name : List.of("--connections", "--terminals", "--rate", "--threads", "--repeat", "--confidence",
                "--partition", "--run-name")) {
            OptionSpec o = spec.findOption(name);
            if (o != null) {
                spec.remove(o);
            }
        }
        // every axis is an option of every workload, hidden where it does not fit, so that the
        // core's refusal names the option to use instead of picocli's "unknown option"
        lists.put(SweepAxis.CONNECTIONS, list("--connections", "N", "Connections (servers) of each point, e.g. "
                + "1,2,4,8,16,32; one value keeps them fixed. Default: " + io.tpkit.config.BenchmarkConfig.DEFAULT_CONNECTIONS + "."));
        lists.put(SweepAxis.TERMINALS, list("--terminals", "N", "Emulated terminals of each point (closed arrival), "
                + "e.g. 10,20,40; one value keeps them fixed. Default: the benchmark's standard count."));
        lists.put(SweepAxis.RATE, list("--rate", "TPS", "Request rate of each point (all terminals together, per "
                + "second), e.g. 200,400,800; one value keeps it fixed. Default: no limit."));
        lists.put(SweepAxis.THREADS, list("--threads", "N", "Threads of each point, one connection each, e.g. "
                + "1,2,4,8,16,32 (the same as the scale); the tables are loaded afresh before every point, so that each "
                + "starts empty."));
        kneeGain = OptionSpec.builder("--knee-gain").paramLabel("PCT").type(Double.class)
                .description("The knee: the first point after which no later point gains PCT%% throughput per "
                        + "doubling of the swept value, measured from it, while latency rises (see docs/sweeps.md). Default: 10.").build();
        spec.addOption(kneeGain);
        mvaOther = OptionSpec.builder("--mva-other").paramLabel("delay|queue").type(String.class)
                .description("How the queueing model treats the service time the CPUs do not explain (commit "
                        + "flushes, network): delay (every transaction waits it, as with group commit) or queue "
                        + "(one at a time). Default: delay.").build();
        spec.addOption(mvaOther);
        // not --order: TP1 has one, its statements' order
        pointOrder = OptionSpec.builder("--point-order").paramLabel("increasing|shuffled").type(String.class)
                .description("The order the points run in: shuffled (seeded, recorded, so that a drift of the "
                        + "machine or the data is not taken for an effect of the swept value) or increasing. "
                        + "Default: shuffled.").build();
        spec.addOption(pointOrder);
        orderSeed = OptionSpec.builder("--order-seed").paramLabel("N").type(Long.class)
                .description("The seed of the shuffled order (the same seed, the same order). Default: the run's "
                        + "seed (--seed).").build();
        spec.addOption(orderSeed);
        spec.usageMessage().description(verb + " " + workload.name() + ": run " + workload.summary()
                + " at each value of " + oneOf() + " (two values or more, run in a shuffled order on one server, "
                + (workload.scaleIsThreads() ? "each point on tables loaded afresh" : "each from the same data")
                + "), then the peak, the knee and the queueing model (sweep-WORKLOAD-... folder: sweep.json, "
                + "sweep.csv, sweep.html).");
        return cl;
    }

    private String oneOf() {
        List<String> names = axes().stream().map(a -> "--" + a.label()).toList();
        return names.size() == 1 ? names.getFirst()
                : "one of " + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
    }

    private OptionSpec list(String name, String label, String description) {
        SweepAxis axis = SweepAxis.parse(name.substring(2));
        OptionSpec o = OptionSpec.builder(name).paramLabel(label).type(List.class).auxiliaryTypes(String.class)
                .splitRegex(",").splitRegexSynopsisLabel(",").arity("1").description(description)
                .hidden(!axes().contains(axis)).build();
        spec.addOption(o);
        return o;
    }

    /** The scale is the threads' list here, not one number ({@link #call} sets it per point). */
    @Override
    Integer scaleInUnits() {
        return workload.scaleUnit().equals(SweepAxis.THREADS.label()) ? null : super.scaleInUnits();
    }

    @Override
    public Integer call() throws Exception {
        Map<SweepAxis, List<Double>> given = new EnumMap<>(SweepAxis.class);
        lists.forEach((axis, option) -> given.put(axis, numbers(option, "--" + axis.label())));
        if (!given.get(SweepAxis.THREADS).isEmpty()) {
            SweepAxis.THREADS.checkFits(workload);
        }
        List<SweepAxis> swept = new ArrayList<>();
        given.forEach((axis, values) -> {
            if (values.size() > 1) {
                swept.add(axis);
            }
        });
        if (swept.isEmpty()) {
            SweepAxis example = axes().getFirst();
            throw new BadInputException("nothing to sweep: give two values or more to " + oneOf() + " (e.g. --"
                    + example.label() + " 1,2,4,8)");
        }
        if (swept.size() > 1) {
            throw new BadInputException("sweep one variable at a time: --" + swept.get(0).label() + " and --"
                    + swept.get(1).label() + " both have several values (give one value to all but one of them)");
        }
        SweepAxis axis = swept.getFirst();
        axis.checkFits(workload);
        connections = single(given.get(SweepAxis.CONNECTIONS), "--connections");
        terminals = single(given.get(SweepAxis.TERMINALS), "--terminals");
        List<Double> rates = given.get(SweepAxis.RATE);
        rate = rates.size() == 1 ? rates.getFirst() : null;
        if (axis == SweepAxis.THREADS && target.scale != null) {
            throw new BadInputException("--scale " + target.scale + " and --threads disagree: give the thread counts "
                    + "as --threads only");
        }
        Double gain = kneeGain.getValue();
        String other = mvaOther.getValue();
        io.tpkit.config.BenchmarkConfig config = config();
        Sweep sweep = new Sweep(config, axis, given.get(axis), gain == null ? io.tpkit.analysis.Knee.DEFAULT_GAIN_PCT
                : gain, other == null ? io.tpkit.analysis.QueueingModel.Other.DELAY
                : io.tpkit.analysis.QueueingModel.Other.parse(other), order(config.seed()), !noReset);
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

    /** {@code --point-order} and {@code --order-seed}: shuffled with the run's seed by default. */
    private Sweep.Order order(long runSeed) {
        String kind = pointOrder.getValue();
        Long seed = orderSeed.getValue();
        if (Sweep.Order.INCREASING.equals(kind)) {
            if (seed != null) {
                throw new BadInputException("--order-seed shuffles the points: leave it out with --point-order "
                        + "increasing");
            }
            return Sweep.Order.increasing();
        }
        if (kind != null && !Sweep.Order.SHUFFLED.equals(kind)) {
            throw new BadInputException("--point-order takes increasing or shuffled (got '" + kind + "')");
        }
        return Sweep.Order.shuffled(seed != null ? seed : runSeed);
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
