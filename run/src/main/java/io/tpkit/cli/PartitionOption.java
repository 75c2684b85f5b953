package io.tpkit.cli;

import io.tpkit.config.Partition;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code --partition I/N}: which part of a load, run or check split across driver processes this
 * process is. Declared and parsed here once, for every workload command; a command that splits
 * says in its help what its part does ({@link #describe}), the others leave the option out.
 */
final class PartitionOption {
    static final String NAME = "--partition";

    @Option(names = NAME, paramLabel = "I/N")
    private String text;

    /** What a part does, in the words of each command that splits. */
    private static final Map<String, String> WHAT_A_PART_DOES = Map.of(
            "load", "Load part I of N from this process (1/2 and 2/2 on two machines, against one database "
                    + "server given as a JDBC URL): part 1 creates the schema, each part loads its slice (TPC-C: "
                    + "its warehouses, TP1: its branches), and part 1 builds the keys once every slice is in; "
                    + "every part ends when the whole load has.",
            "run", "Drive part I of N of the run from this process (1/2 and 2/2 on two machines): the part "
                    + "takes its slice of the terminals (TPC-C: of the warehouses; HPSS: of the threads, meeting the "
                    + "others at every iteration), meets the other parts in the database and starts with them; "
                    + "'tpkit merge' joins the parts' result folders. Load first ('tpkit load', in parts too).",
            "check", "Check part I of N: the conditions per unit on this part's slice (TPC-C: its "
                    + "warehouses, TP1: its branches with their tellers and accounts); those on the whole database "
                    + "are reported skipped, for a check without --partition.");

    /** Gives the option the help of the command {@code verb}, when that command splits. */
    static void describe(CommandSpec spec, String verb) {
        OptionSpec option = spec.findOption(NAME);
        String description = WHAT_A_PART_DOES.get(verb);
        if (option != null && description != null) {
            spec.remove(option);
            spec.addOption(option.toBuilder().description(description).build());
        }
    }

    boolean given() {
        return text != null;
    }

    /**
     * The part this process is, or null without {@code --partition}.
     *
     * @param runName the name the parts meet under
     */
    Partition part(String runName) {
        return text == null ? null : Partition.parse(text, runName);
    }
}
