package io.tpkit.tp1;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.TargetText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tpkit bound tp1}: McDonell's upper bound on TP1 throughput measured end to end (seed 000,
 * section 3). For each connection count, one after the other on the same data: T1 without
 * conflict, T1 with pathological conflict, T2, and TP1 itself, each an ordinary tp1 run with its
 * own result folder (core runs them: {@link UpperBoundSequence}). Then each one's peak rate over
 * the connection counts, the bound {@code 1 / (2/T2 + 3/T1)} from the peaks of T2 and T1 without
 * conflict, and TP1's peak as a percentage of it, written to {@code bound-tp1-...} as bound.json,
 * bound.csv and bound.txt beside the runs' folders. This class holds the runs' figures and what
 * they add up to.
 */
public final class UpperBoundRuns {
    public static final String JSON = "bound.json";
    public static final String CSV = "bound.csv";
    public static final String TEXT = "bound.txt";
    /** The runs of one connection count, in the order they run. */
    static final List<SubTransaction> SEQUENCE = List.of(SubTransaction.T1, SubTransaction.T1_CONFLICT,
            SubTransaction.T2, SubTransaction.NONE);

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
     * What the sequence produced: the runs, the peaks, the bound and TP1 against it.
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

    static String label(SubTransaction sub) {
        return sub == SubTransaction.NONE ? "tp1" : sub.label;
    }

    /** The sub-transactions' operations per transaction: {@code --ops-per-transaction}, 100 by default. */
    static int opsPerTransaction(BenchmarkConfig base) {
        return Tp1Options.opsPerTransaction(base.options().get(Tp1Options.OPS_PER_TRANSACTION));
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
        if (!base.warmupGiven()) {
            configuration.put("warmupUntilJitSettled", true); // each run's warm-up: at least warmupSeconds
        }
        configuration.put("durationSeconds", base.duration().toMillis() / 1000.0);
        configuration.put("opsPerTransaction", opsPerTransaction(base));
        configuration.put("tp1Logic", base.logic().label());
        configuration.put("isolation", base.isolation().label());
        configuration.put("seed", base.seed());
        boolean durable = !runs.isEmpty() && runs.stream().allMatch(Run::durable);
        return new Result(folder.toString(), database, TargetText.redact(base.target()), configuration, sameData,
                complete, durable, List.copyOf(runs), peaks, bound, tp1, percent, oneInConflict, percentOneInConflict,
                List.copyOf(byConnections), how(opsPerTransaction(base)));
    }

    /** How every figure of the table is obtained, {@code k} operations per sub-transaction; printed under it and kept in bound.json. */
    static List<String> how(int k) {
        return List.of(
                "rate/s: operations per second, committed transactions in the run's measurement interval x the "
                        + "operations each does / the interval's length (" + k + " for t1, t1-conflict and t2, 1 for tp1: "
                        + "TP1's rate is its TPS over wall clock, metrics.throughput.overWallClock in its result.json); "
                        + "every run is an ordinary tp1 run with its own result folder, warm-up, consistency checks and "
                        + "verdict",
                "t1: " + k + " x UPDATE tp1_account SET abalance = abalance + 1 WHERE aid = K and COMMIT, in one round "
                        + "trip; without conflict stream i of n amends its own " + k + " keys from 1 + i x (accounts / n) "
                        + "on, the streams' keys spread evenly over the table; with conflict every stream amends keys 1 "
                        + "to " + k + "; the database's count of amends (the keys' balances minus their balances before "
                        + "the run) must be " + k + " x the driver's count of commits",
                "t2: " + k + " x INSERT of a tp1_history row (teller, branch and account drawn as DebitCredit draws "
                        + "them, delta 0) and COMMIT, in one round trip; the database's count of history rows must be "
                        + k + " x the driver's",
                "why " + k + " per transaction: TP1 sends its five operations and COMMIT in one round trip and pays "
                        + "one commit for them; T1 and T2 run one operation per transaction (the seed's recipe) "
                        + "would charge each operation a round trip and a commit of its own, five for one TP1 "
                        + "transaction, and the formula would then not bound TP1; with " + k + " per transaction "
                        + "each is charged 1/" + k + " of them",
                "commits: the seed ran T1 and T2 with logging off; their sessions commit without waiting for the "
                        + "log's flush where the server allows it for one session (PostgreSQL: synchronous_commit off "
                        + "in their sessions only); MySQL and MariaDB have none, and each T1 or T2 transaction pays "
                        + "the flush TP1 pays, shared by its " + k + " operations (a bound as long as " + k
                        + " >= 5, the operations TP1 counts per flush); TP1 commits as the server's settings say",
                "tp1: the DebitCredit transaction as 'tpkit run tp1' runs it (streams)",
                "peak: the highest rate of each over the connection counts measured (seed 000: the 'maximum "
                        + "achievable throughputs'); TP1 observed is TP1's peak",
                "upper bound = 1 / (2/T2 + 3/T1), T1 and T2 the peaks of t1 (no conflict) and t2: seed 000 section "
                        + "3, 'each TP1 transaction consists of 2 T2 sub-transactions and 3 T1 sub-transactions (with "
                        + "conflict varying from none to slight)'; % bound = TP1 observed / upper bound x 100",
                "at each connection count: the same formula over that count's own t1 and t2 rates, against TP1's "
                        + "rate at that count",
                "not in the seed: the same with one of the three amends at the t1-conflict peak, 2/T2 + 2/T1 + "
                        + "1/T1c, since every stream of a branch amends the branch's row as every t1-conflict stream "
                        + "amends its keys");
    }

    /** The rate of one kind of run at one connection count, or null when it did not run. */
    private static Double rate(List<Run> runs, String kind, int connections) {
        return runs.stream().filter(r -> r.run().equals(kind) && r.connections() == connections)
                .map(Run::perSecond).findFirst().orElse(null);
    }
}
