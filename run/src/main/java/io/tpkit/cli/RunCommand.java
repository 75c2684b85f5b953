package io.tpkit.cli;

import io.tpkit.api.Tpkit;
import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Logic;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.spi.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code tpkit run WORKLOAD}: load when empty, measure, check, write the result folder. */
class RunCommand extends WorkloadCommand {
    @Option(names = {"-c", "--connections"}, paramLabel = "N",
            description = "Connections (servers), the degree of concurrency (pgbench's -c). Default: "
                    + BenchmarkConfig.DEFAULT_CONNECTIONS + ".")
    Integer connections;

    @Option(names = "--terminals", paramLabel = "N",
            description = "Emulated terminals (closed arrival). Default: the benchmark's standard count.")
    Integer terminals;

    @Option(names = "--arrival", paramLabel = "MODEL",
            description = "streams (each connection submits back to back), closed (terminals with keying and "
                    + "think times share the connections) or open (requests arrive at --rate whatever the "
                    + "database does; the connections serve them in order). Default: the workload's.")
    String arrival;

    @Option(names = "--logic", paramLabel = "WHERE", defaultValue = "client",
            description = "client (SQL from the driver, sent together where it can be), interactive (each "
                    + "statement alone, its answer read before the next: one round trip each) or procedure (one "
                    + "stored-procedure call). Default: client.")
    String logic;

    @Option(names = "--think", paramLabel = "spec|off|F", converter = ThinkConverter.class, defaultValue = "spec",
            description = "Keying and think times: the benchmark's (spec), none (off), or scaled by a factor. Default: spec.")
    Double think;

    // no picocli default: a duration the user did not give must not contradict --transactions
    @Option(names = {"-T", "--duration"}, paramLabel = "TIME", converter = DurationConverter.Seconds.class,
            description = "Length of the measurement interval: 90s, 5m, 1h (a number alone is seconds, as pgbench's "
                    + "-T). Default: 60s.")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME|auto", converter = DurationConverter.OrAuto.class,
            description = "Warm-up before the measurement, not measured: 30s, 2m (a unit is required; 0 for none) "
                    + "lasts exactly that long. Default: auto: at least 10s, or a terminal's mean keying and think "
                    + "time when that is longer (TPC-C with the spec's think times), then until the driver's JIT "
                    + "compiler has settled (its threads took at most 5%% of the driver's CPU for 5 s), at most 2m; "
                    + "a part of a split run (--partition) warms up for the least alone.")
    Duration warmup;

    @Option(names = "--transactions", paramLabel = "N",
            description = "Measure N committed transactions (split evenly across terminals) instead of a duration "
                    + "(not together with --duration).")
    Long transactions;

    @Option(names = {"-R", "--rate"}, paramLabel = "TPS",
            description = "(pgbench's -R) Limit all terminals together to TPS requests per second, started on a fixed schedule "
                    + "(response time counts from the scheduled start, so a backlog shows). Default: no limit.")
    Double rate;

    @Option(names = {"-L", "--latency-limit"}, paramLabel = "TIME", converter = DurationConverter.Milliseconds.class,
            description = "With --rate: a request already later than TIME when its slot comes is skipped, and "
                    + "completed requests later than TIME are counted, both reported (as pgbench's "
                    + "--latency-limit: a number alone is milliseconds, -L 100 is 100ms; or 1.5s written 1500ms). "
                    + "Default: none, every request runs however late.")
    java.time.Duration latencyLimit;

    @Option(names = {"-P", "--progress"}, paramLabel = "SEC",
            description = "Print a progress line every SEC seconds (as pgbench's -P), on a terminal too. Default: "
                    + "one line rewritten in place on a terminal, a line every 10 seconds in a log.")
    Integer progress;

    @Option(names = "--interarrival", paramLabel = "fixed|poisson",
            description = "With --rate: the gaps between scheduled requests, fixed (1/TPS) or poisson (random, "
                    + "exponential with mean 1/TPS, as many independent users). Default: fixed.")
    String interarrival;

    @Option(names = "--rate-per-terminal",
            description = "With --rate: TPS is each terminal's rate, so the schedule runs at TPS x terminals.")
    boolean ratePerTerminal;

    @Option(names = "--isolation", paramLabel = "LEVEL",
            description = "Transaction isolation: default (the server's), read-committed, repeatable-read or serializable. "
                    + "Default: default.")
    String isolation;

    @Option(names = "--network-delay", paramLabel = "MS",
            description = "Add MS milliseconds (decimals allowed) to every message between the driver and the "
                    + "database, each way, at the driver's socket: each round trip then costs 2 x MS more, as over "
                    + "a network that far away (bandwidth is not limited). For every target. The run is labelled "
                    + "non-standard (no-added-delay). Default: 0, none.")
    Double networkDelay;

    @Option(names = "--database-cpu", paramLabel = "SOURCE",
            description = "Where the database CPU per transaction comes from: auto (the server's processes when it "
                    + "runs on this machine, else its statement counters), process, or statements (PostgreSQL's "
                    + "pg_stat_kcache: this database's statements only). Default: auto.")
    String databaseCpu;

    @Option(names = "--check-timeout", paramLabel = "TIME", converter = DurationConverter.class,
            description = "How long the consistency checks after the measurement may take, and every other wait on "
                    + "the database once it is over (e.g. 30s, 10m): tpkit's check sessions replace the server's "
                    + "statement time limit with this one, and a server that does not answer in time has its "
                    + "connection cut. What could not be checked is recorded as such and the result is written. "
                    + "Default: 10m.")
    Duration checkTimeout;

    @Option(names = "--no-load", description = "Require data loaded earlier; never load.")
    boolean noLoad;

    @Option(names = "--reload", description = "Drop and load the data again before the run (with --repeat or in a sweep: before each run).")
    boolean reload;

    @Option(names = "--no-reset", description = "With --repeat (or in a sweep): load only when the database is "
            + "empty and run each repetition (point) on the data as the previous one left it, instead of "
            + "restoring the data as loaded before each.")
    boolean noReset;

    @Option(names = "--max-retries", paramLabel = "N", defaultValue = "10",
            description = "Retries of a transaction after a deadlock or serialization failure (with the same "
                    + "input), or after a duplicate key on keys drawn at random (with new keys). Default: 10.")
    int maxRetries;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the input generators (recorded; default: random).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "Folder for result folders. Default: ./results.")
    Path out;

    @Option(names = "--run-name", paramLabel = "NAME",
            description = "With --partition: the name the parts meet under (the same for every part). Default: "
                    + "the workload's name.")
    String runName;

    @Option(names = "--repeat", paramLabel = "N",
            description = "Run the same configuration N times on one server (each with its own seed and result "
                    + "folder, and each from the same data: restored from a copy made after the load, or loaded "
                    + "again where no copy can be kept) and report the "
                    + "mean, median, coefficient of variation and confidence interval of TPS and the headline "
                    + "figures in a folder of their own (repeat-WORKLOAD-...); incomplete, failed and inconsistent "
                    + "repetitions are left out of them and counted. 'tpkit compare' compares two such folders. "
                    + "Default: 1, a single run.")
    Integer repeat;

    @Option(names = "--confidence", paramLabel = "PCT",
            description = "With --repeat: the level of the Student t confidence intervals, in percent. Default: 95.")
    Double confidence;

    RunCommand(Workload workload, Console console) {
        super(workload, console);
    }

    /**
     * The options a benchmark that fixes its own run shape (HPSS) has no use for: it measures the
     * rate its threads sustain back to back, so a schedule (--rate and its kin) has no place either.
     */
    private static final java.util.List<String> SHAPE_OPTIONS = java.util.List.of("--connections", "--terminals",
            "--arrival", "--logic", "--think", "--duration", "--warmup", "--transactions", "--rate",
            "--latency-limit", "--interarrival", "--rate-per-terminal");

    @Override
    CommandLine commandLine(String verb, String... examples) {
        CommandLine cl = super.commandLine(verb, examples);
        if (workload.fixesRunShape()) {
            // absent rather than ignored: 'tpkit run hpss --duration 5m' is an unknown option
            SHAPE_OPTIONS.forEach(name -> spec.remove(spec.findOption(name)));
        }
        return cl;
    }

    /** The parts of a split run meet under {@code --run-name}, or the workload's name. */
    @Override
    String runName() {
        return runName != null ? runName : workload.name();
    }

    @Override
    public Integer call() throws Exception {
        if (repeat != null && repeat < 1) {
            throw new io.tpkit.config.BadInputException("--repeat must be at least 1 (got " + repeat + ")");
        }
        if (confidence != null && (repeat == null || repeat < 2)) {
            throw new io.tpkit.config.BadInputException("--confidence applies to repetitions: give --repeat N (N >= 2) "
                    + "as well");
        }
        if (noReset && (repeat == null || repeat < 2)) {
            throw new io.tpkit.config.BadInputException("--no-reset applies to repetitions: give --repeat N (N >= 2) "
                    + "as well, or leave it out");
        }
        if (repeat != null && repeat > 1) {
            return repeated(repeat);
        }
        BenchmarkConfig config = config();
        RunControl control = new RunControl();
        console.onInterrupt(control::abort, "interrupted: stopping (a load in progress is abandoned; a measurement "
                + "writes the results collected so far)");
        RunResult result;
        try {
            result = Tpkit.run(config, console.listener(), control);
        } catch (io.tpkit.result.ResultNotWrittenException e) {
            // measured, but the disk took only part of it: the console gets the summary at least
            console.endProgress();
            new SummaryPrinter(console.out()).print(e.result());
            console.out().flush();
            throw e;
        }
        console.endProgress();
        new SummaryPrinter(console.out()).print(result);
        return result.consistent() ? 0 : 1;
    }

    /** {@code --repeat N}: the runs, then how their figures spread. */
    private int repeated(int times) throws Exception {
        BenchmarkConfig config = config();
        RunControl control = new RunControl();
        console.onInterrupt(control::abort, "interrupted: stopping the current repetition (its results are written, "
                + "marked incomplete) and skipping the rest");
        io.tpkit.sweep.RepeatResult r = Tpkit.repeat(config, times,
                confidence == null ? io.tpkit.sweep.Repeats.DEFAULT_LEVEL : confidence / 100, !noReset,
                console.listener(), control);
        console.endProgress();
        console.out().println();
        for (io.tpkit.sweep.RepeatResult.Repetition rep : r.runs()) {
            console.out().printf(java.util.Locale.ROOT, "repetition %d: %s (%s)%n", rep.index(), rep.resultDir(),
                    rep.verdict() + (rep.consistent() ? "" : "; CONSISTENCY FAILED")
                            + (rep.leftOut() == null ? "" : "; LEFT OUT of the statistics: " + rep.leftOut()));
        }
        console.out().println();
        console.out().print(io.tpkit.sweep.SweepTables.render(r));
        console.out().println("Repetitions: " + r.folder());
        console.out().println("Report: " + Path.of(r.folder()).resolve(io.tpkit.report.RepeatReport.FILE));
        console.out().flush();
        return r.runs().stream().allMatch(io.tpkit.sweep.RepeatResult.Repetition::consistent) ? 0 : 1;
    }

    /** The configuration the options describe, for the target in {@link #target}. */
    BenchmarkConfig config() {
        if (progress != null) {
            if (progress < 1 || progress > 3600) {
                throw new io.tpkit.config.BadInputException("--progress must be from 1 to 3600 seconds (got " + progress
                        + ")");
            }
            console.progressEvery(progress);
        }
        BenchmarkConfig.Builder b = configBuilder()
                .connections(connections).terminals(terminals)
                .arrival(arrival == null ? null : ArrivalModel.parse(arrival))
                .transactions(transactions).maxRetries(maxRetries).outDir(out);
        if (logic != null) {
            b.logic(Logic.parse(logic));
        }
        if (think != null) {
            b.thinkFactor(think);
        }
        if (duration != null) {
            b.duration(duration);
        }
        if (warmup != null) {
            b.warmup(warmup);
        }
        if (checkTimeout != null) {
            b.checkTimeout(checkTimeout);
        }
        if (noLoad && reload) {
            throw new io.tpkit.config.BadInputException("--no-load and --reload contradict each other: give one");
        }
        if (noReset && reload) {
            throw new io.tpkit.config.BadInputException("--no-reset and --reload contradict each other: give one "
                    + "(--reload loads before every run, --no-reset lets each run on the data the previous one left)");
        }
        b.loadPolicy(noLoad ? LoadPolicy.NEVER : reload ? LoadPolicy.ALWAYS : LoadPolicy.IF_EMPTY);
        if (isolation != null) {
            b.isolation(io.tpkit.config.Isolation.parse(isolation));
        }
        if (databaseCpu != null) {
            b.databaseCpu(io.tpkit.config.DatabaseCpu.parse(databaseCpu));
        }
        if (networkDelay != null) {
            if (networkDelay.isNaN() || networkDelay < 0 || networkDelay > 10_000) {
                throw new io.tpkit.config.BadInputException("--network-delay must be between 0 and 10000 milliseconds "
                        + "each way, e.g. --network-delay 0.5 (got " + networkDelay + ")");
            }
            b.networkDelay(Duration.ofNanos(Math.round(networkDelay * 1e6)));
        }
        if (rate != null) {
            if (rate <= 0) {
                throw new io.tpkit.config.BadInputException("--rate must be above 0 transactions per second (got "
                        + rate + "); leave it out for no limit");
            }
            b.ratePerSecond(rate);
        }
        if (latencyLimit != null) {
            b.latencyLimit(latencyLimit);
        }
        if (interarrival != null) {
            b.interarrival(io.tpkit.config.Interarrival.parse(interarrival));
        }
        b.ratePerTerminal(ratePerTerminal);
        if (runName != null && !partition.given()) {
            throw new io.tpkit.config.BadInputException("--run-name names the parts of a split run: give --partition "
                    + "I/N as well");
        }
        if (seed != null) {
            b.seed(seed);
        }
        return b.build();
    }
}
