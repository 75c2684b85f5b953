package io.tpkit.tp1;

import io.tpkit.api.Tpkit;
import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Logic;
import io.tpkit.config.TargetText;
import io.tpkit.files.Folders;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tpkit bound tp1}: McDonell's upper bound on TP1 throughput measured end to end (seed 000,
 * section 3). For each connection count, one after the other on the same data: T1 without
 * conflict, T1 with pathological conflict, T2, and TP1 itself, each an ordinary tp1 run with its
 * own result folder. Then each one's peak rate over the connection counts, the bound
 * {@code 1 / (2/T2 + 3/T1)} from the peaks of T2 and T1 without conflict, and TP1's peak as a
 * percentage of it, written to {@code bound-tp1-...} as bound.json, bound.csv and bound.txt beside
 * the runs' folders.
 *
 * <p>The folder is created under its final name, since the runs inside it record their own
 * paths; a sequence that fails or is interrupted leaves the runs it finished and no bound files.
 */
public final class UpperBoundRuns {
    public static final String JSON = "bound.json";
    public static final String CSV = "bound.csv";
    public static final String TEXT = "bound.txt";
    /** The runs of one connection count, in the order they run. */
    static final List<SubTransaction> SEQUENCE = List.of(SubTransaction.T1, SubTransaction.T1_CONFLICT,
            SubTransaction.T2, SubTransaction.NONE);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private UpperBoundRuns() {
    }

    /**
     * One run of the sequence.
     *
     * @param run         t1, t1-conflict, t2 or tp1
     * @param committed   committed transactions in the measurement interval
     * @param perSecond   operations per second: committed in the measurement interval x
     *                    {@code opsPerTransaction} / its length (TP1: its TPS over wall clock)
     * @param opsPerTransaction a sub-transaction's amends or appends per transaction; 1 for TP1
     * @param loaded      the run loaded the data first (the first run, or every run on a target
     *                    that keeps no data between runs)
     * @param durable     the server's settings make commits durable (the run's durability rule)
     * @param commits     how the run's own sessions committed (a sub-transaction's may not wait for
     *                    the flush: {@link Tp1Dialect#subTransactionCommits()})
     * @param resultDir   the run's own result folder
     */
    public record Run(String run, String description, int connections, long committed, double measuredSeconds,
                      double perSecond, int opsPerTransaction, boolean loaded, boolean durable, String commits,
                      boolean consistent, String verdict, String resultDir) {
    }

    /**
     * The bound from the rates measured at one connection count, and TP1's rate at that count
     * against it.
     */
    public record AtConnections(int connections, UpperBound bound, Double tp1PerSecond, Double percentOfBound) {
    }

    /** The highest rate of one kind of run over the connection counts. */
    public record Peak(String run, double perSecond, int connections) {
    }

    /**
     * What {@link #measure} produced: the runs, the peaks, the bound and TP1 against it.
     *
     * @param bound              the seed's bound from the peaks of T1 without conflict and T2;
     *                           null when one of them is missing (interrupted)
     * @param percentOfBound     TP1's peak rate as a percentage of {@code bound}
     * @param boundOneInConflict not the seed's: the branch's amend at the conflict rate
     *                           ({@link UpperBound#withOneAmendInConflict})
     * @param byConnections      the bound at each connection count from that count's rates, and
     *                           TP1 at that count against it
     * @param how                how every figure was obtained, in words
     */
    public record Result(String folder, String database, String target, Map<String, Object> configuration,
                         String sameData, boolean complete, boolean durable, List<Run> runs, Map<String, Peak> peaks,
                         UpperBound bound, Double tp1PerSecond, Double percentOfBound, UpperBound boundOneInConflict,
                         Double percentOfBoundOneInConflict, List<AtConnections> byConnections, List<String> how) {
    }

    /**
     * Runs the sequence for each connection count and computes the bound.
     *
     * @param base        a tp1 configuration: target, scale, accounts per branch, warm-up,
     *                    duration, seed, load policy (for the first run), output folder; its
     *                    connections are ignored in favour of {@code connections}
     * @param connections the degrees of concurrency to measure each run at (the peak is taken)
     * @throws BadInputException for a configuration the sub-transactions cannot run with
     */
    public static Result measure(BenchmarkConfig base, List<Integer> connections, RunListener listener,
                                 RunControl control) throws Exception {
        check(base, connections);
        Path folder = createFolder(base);
        Path temporary = null;
        BenchmarkConfig shared = base;
        String sameData;
        String target = base.target();
        if (target.equals(BenchmarkConfig.DEFAULT_TARGET) && base.dataDir() == null) {
            temporary = Files.createTempDirectory("tpkit-bound-pgdata-");
            shared = base.toBuilder().dataDir(temporary).build();
            sameData = "one embedded PostgreSQL data directory for all runs (temporary, deleted afterwards), "
                    + "loaded once; the server is started for each run";
        } else if (target.equals(BenchmarkConfig.DEFAULT_TARGET)) {
            sameData = "one embedded PostgreSQL data directory for all runs (" + base.dataDir() + ")";
        } else if (target.startsWith("jdbc:")) {
            sameData = "the server's database, the same for all runs";
        } else {
            sameData = target + " keeps no data between runs: every run started a new server and loaded the same "
                    + "data again";
        }
        List<Run> runs = new ArrayList<>();
        String database = null;
        try {
            int total = connections.size() * SEQUENCE.size();
            outer:
            for (int c : connections) {
                for (SubTransaction sub : SEQUENCE) {
                    if (control.aborted()) {
                        break outer;
                    }
                    listener.message("bound " + (runs.size() + 1) + " of " + total + ": " + label(sub) + " ("
                            + sub.description + ") with " + c + " connection" + (c == 1 ? "" : "s"));
                    BenchmarkConfig config = config(shared, sub, c, runs.isEmpty(), folder);
                    RunResult r = Tpkit.run(config, listener, control);
                    database = r.database().get("product") + " " + r.database().get("version");
                    runs.add(run(sub, c, r));
                    if (r.metrics().incomplete()) {
                        break outer;
                    }
                }
            }
        } finally {
            if (temporary != null) {
                Folders.deleteQuietly(temporary);
            }
        }
        Result result = result(folder, database, base, connections, sameData, runs,
                runs.size() == connections.size() * SEQUENCE.size());
        write(folder, result);
        return result;
    }

    private static void check(BenchmarkConfig base, List<Integer> connections) {
        if (!"tp1".equals(base.workload())) {
            throw new BadInputException("the upper bound is TP1's: 'tpkit bound tp1' (got " + base.workload() + ")");
        }
        if (connections.isEmpty() || connections.stream().anyMatch(c -> c == null || c < 1)) {
            throw new BadInputException("--connections must list one or more counts of at least 1, e.g. 1,2,4,8");
        }
        if (connections.stream().distinct().count() < connections.size()) {
            throw new BadInputException("--connections " + connections + " names a count twice");
        }
        Tp1Options.opsPerTransaction(base.options().get(Tp1Options.OPS_PER_TRANSACTION)); // a bad K fails now
        for (String option : List.of(Tp1Options.SUB_TRANSACTION, Tp1Options.ORDER)) {
            if (base.options().containsKey(option)) {
                throw new BadInputException("'tpkit bound tp1' chooses the transactions itself: drop --" + option);
            }
        }
        if (base.arrival() != null && base.arrival() != ArrivalModel.STREAMS) {
            throw new BadInputException("the sub-transactions and TP1 run as back-to-back streams for the bound: "
                    + "drop --arrival " + base.arrival().label());
        }
        if (base.transactions() != null || base.ratePerSecond() > 0) {
            throw new BadInputException("the bound needs peak rates: each run is measured for --duration, unpaced "
                    + "(drop --transactions and --rate)");
        }
    }

    private static BenchmarkConfig config(BenchmarkConfig shared, SubTransaction sub, int connections, boolean first,
                                          Path folder) {
        BenchmarkConfig.Builder b = shared.toBuilder().connections(connections).arrival(ArrivalModel.STREAMS)
                .outDir(folder);
        if (sub != SubTransaction.NONE) {
            b.option(Tp1Options.SUB_TRANSACTION, sub.label).logic(Logic.CLIENT)
                    .option(Tp1Options.OPS_PER_TRANSACTION, Integer.toString(opsPerTransaction(shared)));
        } else {
            b.withoutOption(Tp1Options.OPS_PER_TRANSACTION);
        }
        if (!first && shared.loadPolicy() == LoadPolicy.ALWAYS) {
            b.loadPolicy(LoadPolicy.IF_EMPTY); // --reload loads once, before the first run
        }
        return b.build();
    }

    static String label(SubTransaction sub) {
        return sub == SubTransaction.NONE ? "tp1" : sub.label;
    }

    /** The sub-transactions' operations per transaction: {@code --ops-per-transaction}, 100 by default. */
    static int opsPerTransaction(BenchmarkConfig base) {
        return Tp1Options.opsPerTransaction(base.options().get(Tp1Options.OPS_PER_TRANSACTION));
    }

    private static Run run(SubTransaction sub, int connections, RunResult r) {
        int k = 1;
        String commits = "as the server's settings make every commit";
        if (sub != SubTransaction.NONE) {
            Map<?, ?> parameters = r.workload().get("parameters") instanceof Map<?, ?> m ? m : Map.of();
            Object ops = parameters.get("opsPerTransaction");
            k = ops instanceof Number n ? n.intValue() : 1;
            Object how = parameters.get("subTransactionCommits");
            commits = how == null ? commits : how.toString();
        }
        return new Run(label(sub), sub.description, connections, r.metrics().totalCommitted(),
                r.metrics().measurementSeconds(), k * r.metrics().throughput().overWallClock(), k, r.load() != null,
                Boolean.TRUE.equals(r.database().get("durable")), commits, r.consistent(), r.validity().verdict(),
                r.resultDir());
    }

    /** The peaks, the bound and TP1's share of it, from the runs. */
    static Result result(Path folder, String database, BenchmarkConfig base, List<Integer> connections,
                         String sameData, List<Run> runs, boolean complete) {
        Map<String, Peak> peaks = new LinkedHashMap<>();
        for (SubTransaction sub : SEQUENCE) {
            runs.stream().filter(r -> r.run().equals(label(sub)))
                    .max(java.util.Comparator.comparingDouble(Run::perSecond))
                    .ifPresent(r -> peaks.put(r.run(), new Peak(r.run(), r.perSecond(), r.connections())));
        }
        UpperBound bound = null;
        UpperBound oneInConflict = null;
        Double tp1 = null;
        Double percent = null;
        Double percentOneInConflict = null;
        Peak t1 = peaks.get("t1");
        Peak t1c = peaks.get("t1-conflict");
        Peak t2 = peaks.get("t2");
        if (t1 != null && t2 != null && t1.perSecond() > 0 && t2.perSecond() > 0) {
            bound = UpperBound.of(t1.perSecond(), t2.perSecond());
            if (t1c != null && t1c.perSecond() > 0) {
                oneInConflict = UpperBound.withOneAmendInConflict(t1.perSecond(), t1c.perSecond(), t2.perSecond());
            }
        }
        Peak tp = peaks.get("tp1");
        if (tp != null) {
            tp1 = tp.perSecond();
            percent = bound == null ? null : bound.percentOf(tp1);
            percentOneInConflict = oneInConflict == null ? null : oneInConflict.percentOf(tp1);
        }
        List<AtConnections> byConnections = new ArrayList<>();
        for (int c : connections) {
            Double t1At = rate(runs, "t1", c);
            Double t2At = rate(runs, "t2", c);
            Double tp1At = rate(runs, "tp1", c);
            if (t1At != null && t2At != null && t1At > 0 && t2At > 0) {
                UpperBound at = UpperBound.of(t1At, t2At);
                byConnections.add(new AtConnections(c, at, tp1At, tp1At == null ? null : at.percentOf(tp1At)));
            }
        }
        Map<String, Object> configuration = new LinkedHashMap<>();
        configuration.put("scale", base.scale() == null ? 1 : base.scale());
        configuration.put("accountsPerBranch", Integer.parseInt(base.options().getOrDefault(Tp1Options.ACCOUNTS_PER_BRANCH,
                Integer.toString(Tp1Size.STANDARD_ACCOUNTS_PER_BRANCH)).trim()));
        configuration.put("connections", connections);
        configuration.put("warmupSeconds", base.warmup().toMillis() / 1000.0);
        configuration.put("durationSeconds", base.duration().toMillis() / 1000.0);
        configuration.put("opsPerTransaction", opsPerTransaction(base));
        configuration.put("tp1Logic", base.logic().label());
        configuration.put("isolation", base.isolation().label());
        configuration.put("seed", base.seed());
        boolean durable = !runs.isEmpty() && runs.stream().allMatch(Run::durable);
        return new Result(folder.toString(), database, TargetText.redact(base.target()), configuration, sameData,
                complete, durable, List.copyOf(runs), peaks, bound, tp1, percent, oneInConflict, percentOneInConflict,
                List.copyOf(byConnections), UpperBoundTable.how(opsPerTransaction(base)));
    }

    /** The rate of one kind of run at one connection count, or null when it did not run. */
    private static Double rate(List<Run> runs, String kind, int connections) {
        return runs.stream().filter(r -> r.run().equals(kind) && r.connections() == connections)
                .map(Run::perSecond).findFirst().orElse(null);
    }

    private static Path createFolder(BenchmarkConfig base) {
        Path parent = base.outDir().toAbsolutePath().normalize();
        String name = "bound-tp1-" + LocalDateTime.now().format(STAMP) + "-" + kind(base.target());
        try {
            Files.createDirectories(parent);
            Path folder = parent.resolve(name);
            for (int i = 2; ; i++) {
                try {
                    return Files.createDirectory(folder);
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    folder = parent.resolve(name + "-" + i);
                }
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write results to " + parent + " (" + e.getMessage()
                    + "): choose a writable folder with --out");
        }
    }

    /** As the runs' folders are named: the JDBC subprotocol, or the target's name. */
    private static String kind(String target) {
        if (target.startsWith("jdbc:")) {
            int end = target.indexOf(':', 5);
            return end > 5 ? target.substring(5, end) : "jdbc";
        }
        return target.replaceAll("[^A-Za-z0-9.-]", "-");
    }

    private static void write(Path folder, Result result) throws IOException {
        ResultWriter.writeJson(folder.resolve(JSON), result);
        Files.writeString(folder.resolve(CSV), UpperBoundTable.csv(result), StandardCharsets.UTF_8);
        Files.writeString(folder.resolve(TEXT), UpperBoundTable.render(result), StandardCharsets.UTF_8);
    }
}
