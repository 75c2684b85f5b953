package io.tpkit.tp1;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.Logic;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.spi.workload.Terminal;
import io.tpkit.sql.SqlScript;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * TP1 bound to its settings and a database dialect. {@code streams} runs it TPC-B style (drivers
 * submit back to back, a random teller each time); {@code closed} runs it TPC-A style (one
 * terminal per teller, 10 s mean think time).
 */
public final class Tp1BoundWorkload implements BoundWorkload {
    private final Tp1Settings settings;
    private final Tp1Dialect dialect;
    /** {@code --reload}: whatever the database holds will be replaced. */
    private final boolean reloading;
    /** T1's accounts, {@code ops} per stream (see {@link Amends#keys}; empty unless the run is T1). */
    private final int[] keys;
    /** Amends of an earlier T1 run that {@link #prepareRun} took back (see {@link Amends}). */
    private volatile long amendsUndone;
    /** T2: the history rows when the run was prepared, to check that the run appended whole transactions. */
    private volatile long historyAtStart = -1;

    Tp1BoundWorkload(Tp1Settings settings, Tp1Dialect dialect, boolean reloading) {
        this.settings = settings;
        this.dialect = dialect;
        this.reloading = reloading;
        this.keys = settings.sub().amends() ? Amends.keys(settings.sub(), settings.size(), settings.streams(),
                settings.ops()) : new int[0];
    }

    @Override
    public Map<String, Object> parameters() {
        Tp1Size size = settings.size();
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("scale", size.branches());
        p.put("branches", size.branches());
        p.put("tellers", size.tellers());
        p.put("accounts", size.accounts());
        p.put("tellersPerBranch", Tp1Size.TELLERS_PER_BRANCH);
        p.put("accountsPerBranch", size.accountsPerBranch());
        p.put("standardScale", size.standard());
        p.put("rowBytes", Map.of("branch", Tp1Tables.ROW_BYTES, "teller", Tp1Tables.ROW_BYTES,
                "account", Tp1Tables.ROW_BYTES, "history", Tp1Tables.HISTORY_ROW_BYTES));
        p.put("fillers", "CHAR, written full length and non-blank");
        p.put("statementOrder", settings.order().label());
        p.put("balanceReadAfterAccountUpdate", true);
        p.put("remoteAccountPercent", 100 - DebitCreditInput.LOCAL_ACCOUNT_PERCENT);
        p.put("deltaRange", List.of(-DebitCreditInput.MAX_DELTA, DebitCreditInput.MAX_DELTA));
        p.put("logic", settings.logic().label());
        p.put("arrival", settings.arrival().label());
        p.put("style", settings.tpcA() ? "TPC-A (terminals)" : "TPC-B (back-to-back drivers)");
        if (settings.tpcA()) {
            p.put("tellerSelection", "one teller per terminal: terminal i uses teller i+1 at the standard "
                    + "count, otherwise terminals are spread evenly over the tellers");
            p.put("keyingSeconds", 0);
            p.put("thinkTime", "negative exponential, mean " + ThinkTime.MEAN_SECONDS + " s, truncated at "
                    + ThinkTime.MAX_SECONDS + " s (scaled by the think factor)");
        } else {
            p.put("tellerSelection", "uniform over all tellers, drawn for every transaction");
        }
        p.put("dialect", dialect.key());
        SubTransaction sub = settings.sub();
        p.put("subTransaction", sub.label);
        if (sub != SubTransaction.NONE) {
            int k = settings.ops();
            p.put("subTransactionIs", sub.description + ": " + k + " x " + (sub.amends()
                    ? "UPDATE tp1_account SET abalance = abalance + " + Amends.DELTA + " WHERE aid = K (" + k
                    + (k == 1 ? " key" : " keys") + " per stream, each amended once per transaction)"
                    : "INSERT INTO tp1_history (a teller, its branch and an account drawn as DebitCredit draws them, "
                            + "delta 0)") + ", then COMMIT, all in one round trip (seed 000 section 3, with the "
                    + "transaction's own cost shared by its " + k + " operations)");
            p.put("opsPerTransaction", k);
            p.put("subTransactionCommits", dialect.subTransactionCommits());
        }
        if (sub.amends()) {
            int k = settings.ops();
            p.put("t1Keys", java.util.stream.IntStream.range(0, keys.length / k).map(i -> keys[i * k]).boxed()
                    .toList());
            p.put("t1KeysPerStream", k);
            p.put("t1Streams", settings.streams());
            if (sub == SubTransaction.T1) {
                int spacing = Amends.spacing(settings.size(), settings.streams());
                p.put("t1KeySpacingAccounts", spacing);
                p.put("t1KeySpacingDataBytes", (long) spacing * Tp1Tables.ROW_BYTES);
            }
        }
        p.put("t1AmendsUndoneBeforeRun", amendsUndone);
        return p;
    }

    @Override
    public int scale() {
        return settings.size().branches();
    }

    @Override
    public ArrivalModel arrival() {
        return settings.arrival();
    }

    @Override
    public List<String> transactionTypes() {
        return List.of(settings.sub().typeName);
    }

    @Override
    public void createSchema(Connection c) throws SQLException {
        SqlScript.execute(c, dialect.schema());
    }

    @Override
    public void load(LoadContext context) throws Exception {
        new Tp1Loader(settings.size(), dialect, context).load();
    }

    @Override
    public boolean loadsInSlices() {
        return true;
    }

    /** The part's branches with their tellers and accounts. */
    @Override
    public void loadSlice(LoadContext context, io.tpkit.config.Partition part) throws Exception {
        int branches = settings.size().branches();
        new Tp1Loader(settings.size(), dialect, context).loadSlice(part.firstUnit(branches) + 1, part.endUnit(branches));
    }

    @Override
    public void finishLoad(LoadContext context) throws Exception {
        new Tp1Loader(settings.size(), dialect, context).finish();
    }

    /** The four tables, and T1's record of its keys, which a run creates ({@link Amends}). */
    @Override
    public List<String> dataTables() {
        List<String> tables = new java.util.ArrayList<>(Tp1Tables.ALL);
        tables.add(Amends.TABLE);
        return tables;
    }

    /**
     * {@inheritDoc}
     *
     * @return -1 when a TP1 table is missing or the tables are empty, otherwise the number of
     *         branches of a finished load (compare it with {@link #scale()}); with
     *         {@code --reload} also -1 for data that cannot be used (see below), because the
     *         load replaces it
     * @throws io.tpkit.config.BadInputException (unless {@code --reload}) when the data was
     *         loaded with another number of accounts per branch, or the load never finished
     *         (counts that do not fit together, keys missing); the message names the fix
     *         ({@code --accounts-per-branch N} or {@code --reload})
     */
    @Override
    public long loadedScale(Connection c) throws SQLException {
        return LoadedData.probe(c, dialect.sql(), settings.size(), reloading);
    }

    @Override
    public void prepareRun(Connection c) throws SQLException {
        amendsUndone = settings.sub().amends() ? Amends.record(c, dialect.sql(), keys) : Amends.undo(c, dialect.sql());
        if (settings.sub() == SubTransaction.T2) {
            historyAtStart = io.tpkit.sql.Sql.singleLong(c, dialect.sql().sql("count-history"));
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
        if (settings.logic() == Logic.PROCEDURE) {
            // installed when missing or of another version (the script's checksum is recorded)
            io.tpkit.sql.StoredRoutines.install(c, "tp1", dialect.procedureScript().orElseThrow());
        }
    }

    /** TPC-A: 10 terminals per branch. TPC-B has no standard: {@code -1}, concurrency is the user's choice. */
    @Override
    public int standardTerminals() {
        return settings.tpcA() ? settings.size().tellers() : -1;
    }

    @Override
    public Terminal newTerminal(int index, int count, SplittableRandom random) {
        DebitCreditInput input = new DebitCreditInput(settings.size(), random);
        int k = settings.ops();
        if (settings.sub().amends()) {
            int sets = keys.length / k;
            int from = (index % sets) * k;
            SubTransactionRequest amend = new SubTransactionRequest(java.util.Arrays.copyOfRange(keys, from, from + k),
                    new int[k], new int[k]);
            return () -> amend;
        }
        if (settings.sub() == SubTransaction.T2) {
            return () -> {
                int[] aids = new int[k];
                int[] tids = new int[k];
                int[] bids = new int[k];
                for (int j = 0; j < k; j++) {
                    Tp1Request r = input.anyTeller();
                    aids[j] = r.aid();
                    tids[j] = r.tid();
                    bids[j] = r.bid();
                }
                return new SubTransactionRequest(aids, tids, bids);
            };
        }
        if (settings.tpcA()) {
            return new TellerTerminal(TellerTerminal.tellerOf(index, count, settings.size().tellers()), input, random);
        }
        return new StreamTerminal(input);
    }

    @Override
    public Tp1Session openSession(io.tpkit.spi.workload.SessionConnection c) throws SQLException {
        if (settings.sub() != SubTransaction.NONE) {
            return new SubTransactionSession(c, dialect.sql(), settings.sub(), settings.ops(), dialect.rowGuard(1));
        }
        return switch (settings.logic()) {
            case PROCEDURE -> new ProcedureSession(c, dialect.procedureCall());
            case INTERACTIVE -> new InteractiveSession(c, settings.order(), dialect);
            case CLIENT -> new ClientSession(c, settings.order(), dialect);
        };
    }

    /**
     * History rows, one per committed DebitCredit transaction since the load ({@code ops} per
     * T2 transaction: their number divided by {@code ops}); for T1 the amends since the run
     * recorded its keys (see {@link Amends}), divided by {@code ops}. That the division leaves
     * nothing over is a check of its own ({@link #wholeTransactions}).
     */
    @Override
    public long databaseTransactionCount(Connection c) throws SQLException {
        if (settings.sub().amends()) {
            long amends = Amends.counted(c, dialect.sql());
            return amends < 0 ? amends : amends / settings.ops();
        }
        return io.tpkit.sql.Sql.singleLong(c, dialect.sql().sql("count-history")) / settings.ops();
    }

    @Override
    public List<CheckResult> checkConsistency(Connection c) throws SQLException {
        List<CheckResult> checks = new java.util.ArrayList<>(new ConsistencyChecks(settings.size(), dialect.sql()).run(c));
        if (settings.sub() != SubTransaction.NONE && settings.ops() > 1) {
            checks.add(wholeTransactions(c));
        }
        return checks;
    }

    /**
     * A T1 or T2 transaction of {@code ops} operations commits all of them or none: the
     * operations the database holds from this run are a whole number of transactions.
     */
    private CheckResult wholeTransactions(Connection c) throws SQLException {
        int k = settings.ops();
        long operations;
        String what;
        if (settings.sub().amends()) {
            operations = Amends.counted(c, dialect.sql());
            what = "amends";
        } else {
            long rows = io.tpkit.sql.Sql.singleLong(c, dialect.sql().sql("count-history"));
            if (!c.getAutoCommit()) {
                c.commit();
            }
            operations = historyAtStart < 0 ? -1 : rows - historyAtStart;
            what = "history rows appended";
        }
        if (operations < 0) {
            return CheckResult.skipped("sub-transactions-whole", "the count before the run was not read");
        }
        return CheckResult.of("sub-transactions-whole", operations % k == 0, operations + " " + what
                + " in the run, " + (operations % k == 0 ? "" : "NOT ") + "a whole number of transactions of " + k
                + " (" + operations / k + (operations % k == 0 ? "" : " and " + operations % k + " over") + ")");
    }

    /** The conditions per branch, teller and account on the slice's; the global sums left to a whole check. */
    @Override
    public List<CheckResult> checkConsistency(Connection c, io.tpkit.config.Partition part) throws SQLException {
        return new ConsistencyChecks(settings.size(), dialect.sql()).run(c, part);
    }

    /** TPC-A terminals think 10 s on average and key nothing; TPC-B streams neither. */
    @Override
    public double meanKeyingAndThinkSeconds() {
        return settings.tpcA() ? ThinkTime.MEAN_SECONDS : 0;
    }

    /** A sub-transaction's rate, the figure the upper bound is computed from; DebitCredit has none beyond TPS. */
    @Override
    public Map<String, io.tpkit.metrics.HeadlineFigure> headline(io.tpkit.metrics.RunMetrics metrics) {
        if (settings.sub() == SubTransaction.NONE) {
            return Map.of();
        }
        String name = settings.sub().typeName + " per second";
        int k = settings.ops();
        return new io.tpkit.metrics.Headline().add(io.tpkit.metrics.Headline.id(name), name
                + " (" + (settings.sub().amends() ? "amends" : "appends") + ": " + k + " per transaction x committed "
                + "transactions in the measurement interval / its length; one of the rates of 'tpkit bound tp1')",
                k * metrics.throughput().overWallClock(), io.tpkit.metrics.HeadlineFigure.PER_SECOND).figures();
    }

    @Override
    public List<RuleResult> validityRules(MeasuredRun facts) {
        return Tp1Rules.evaluate(settings, facts);
    }

}
