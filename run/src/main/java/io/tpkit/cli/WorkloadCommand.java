package io.tpkit.cli;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.workload.Workload;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * A command for one workload ({@code tpkit run tp1}). The workload's own options are added at
 * start-up from its {@link Workload#options()}, so a new workload needs no change here.
 */
abstract class WorkloadCommand implements Callable<Integer> {
    final Workload workload;
    final Console console;

    @Mixin
    TargetOptions target;

    @Mixin
    PartitionOption partition;

    CommandSpec spec;

    WorkloadCommand(Workload workload, Console console) {
        this.workload = workload;
        this.console = console;
    }

    /** Builds the picocli command with the workload's options added. */
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = new CommandLine(this);
        spec = cl.getCommandSpec();
        spec.name(workload.name());
        spec.mixinStandardHelpOptions(true);
        spec.usageMessage().description(verb + " " + workload.name() + ": " + workload.summary());
        // the scale in the benchmark's own words: --branches for TP1, --warehouses for TPC-C
        spec.addOption(OptionSpec.builder("--" + workload.scaleUnit())
                .paramLabel("N").type(Integer.class)
                .description("Same as --scale: the number of " + workload.scaleUnit() + ".")
                .build());
        for (WorkloadOption o : workload.options()) {
            spec.addOption(OptionSpec.builder("--" + o.name())
                    .paramLabel(o.paramLabel())
                    .type(String.class)
                    .description(sentence(o.description())
                            + (o.defaultValue() == null ? "" : " Default: " + o.defaultValue() + "."))
                    .build());
        }
        PartitionOption.describe(spec, verb);
        spec.usageMessage().footer(Examples.footer(examples));
        return cl;
    }

    private static String sentence(String text) {
        return text.endsWith(".") ? text : text + ".";
    }

    /** The scale as given in the workload's unit ({@code --branches 4}), or null. */
    Integer scaleInUnits() {
        return spec.findOption("--" + workload.scaleUnit()).getValue();
    }

    /** The name the parts of a split command meet under. */
    String runName() {
        return workload.name();
    }

    /** The builder with the target, the part of a split command, the scale and the workload's own options set. */
    BenchmarkConfig.Builder configBuilder() {
        io.tpkit.config.Partition part = partition.part(runName());
        BenchmarkConfig.Builder b = BenchmarkConfig.builder(workload.name()).partition(part);
        target.apply(b, part);
        Integer units = scaleInUnits();
        if (units != null) {
            if (target.scale != null && !target.scale.equals(units)) {
                throw new io.tpkit.config.BadInputException("--scale " + target.scale + " and --" + workload.scaleUnit()
                        + " " + units + " disagree: give one of them");
            }
            b.scale(units);
        }
        for (WorkloadOption o : workload.options()) {
            OptionSpec option = spec.findOption("--" + o.name()); // a command may leave some out (bound)
            Object value = option == null ? null : option.getValue();
            if (value != null) {
                b.option(o.name(), value.toString());
            }
        }
        return b;
    }
}
