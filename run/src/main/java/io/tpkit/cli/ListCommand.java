package io.tpkit.cli;

import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.TargetProvider;
import io.tpkit.spi.workload.Workload;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code tpkit list}: what this build can run, and against what. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List workloads, database plugins and targets.",
        footer = {"%nExample:", "  tpkit list"})
final class ListCommand implements Callable<Integer> {
    private final Console console;

    ListCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        var out = console.out();
        out.println("Workloads (tpkit run WORKLOAD --help for its options):");
        for (Workload w : Plugins.workloads()) {
            out.printf("  %-8s %s (scale in %s, default %d)%n", w.name(), w.summary(), w.scaleUnit(), w.defaultScale());
        }
        out.println("Database plugins:");
        for (DatabasePlugin d : Plugins.databases()) {
            out.printf("  %-12s jdbc:%s: URLs%n", d.name(), d.name());
        }
        out.println("Targets (--db):");
        for (TargetProvider t : Plugins.targets()) {
            out.printf("  %s%n      %s%n", t.form(), t.summary());
        }
        out.flush();
        return 0;
    }
}
