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
    /** T1's accounts, one per stream (empty unless the run is T1). */
    private final int[] keys;
    /** Amends of an earlier T1 run that {@link #prepareRun} took back (see {@link Amends}). */
    private volatile long amendsUndone;

    Tp1BoundWorkload(Tp1Settings settings, Tp1Dialect dialect, boolean reloading) {
        this.settings = settings;
        this.dialect = dialect;
        this.reloading = reloading;
        this.keys = settings.sub().amends() ? Amends.keys(settings.sub(), settings.size(), settings.streams())
                : new int[0];
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
            p.put("subTransactionIs", sub.description + ": " + (sub.amends()
                    ? "UPDATE tp1_account SET abalance = abalance + " + Amends.DELTA + " WHERE aid = K, then COMMIT"
                    : "INSERT INTO tp1_history (a teller, its branch and an account drawn as DebitCredit draws them, "
                            + "delta 0), then COMMIT") + ", one round trip, seed 000 section 3");
        }
        if (sub.amends()) {
            p.put("t1Keys", java.util.Arrays.stream(keys).boxed().toList());
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
        if (settings.sub().amends()) {
            int aid = keys[index % keys.length];
            Tp1Request amend = new Tp1Request(aid, 0, settings.size().branchOfAccount(aid), Amends.DELTA);
            return () -> amend;
        }
        if (settings.sub() == SubTransaction.T2) {
            return () -> {
                Tp1Request r = input.anyTeller();
                return new Tp1Request(r.aid(), r.tid(), r.bid(), 0);
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
            return new SubTransactionSession(c, dialect.sql(), settings.sub());
        }
        return switch (settings.logic()) {
            case PROCEDURE -> new ProcedureSession(c, dialect.procedureCall());
            case INTERACTIVE -> new InteractiveSession(c, settings.order(), dialect);
            case CLIENT -> new ClientSession(c, settings.order(), dialect);
        };
    }

    /**
     * History rows, one per committed DebitCredit or T2 transaction since the load; for T1 the
     * amends since the run recorded its keys (see {@link Amends}).
     */
    @Override
    public long databaseTransactionCount(Connection c) throws SQLException {
        if (settings.sub().amends()) {
            return Amends.counted(c, dialect.sql());
        }
        return io.tpkit.sql.Sql.singleLong(c, dialect.sql().sql("count-history"));
    }

    @Override
    public List<CheckResult> checkConsistency(Connection c) throws SQLException {
        return new ConsistencyChecks(settings.size(), dialect.sql()).run(c);
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
        return new io.tpkit.metrics.Headline().add(io.tpkit.metrics.Headline.id(name), name
                + " (committed in the measurement interval / its length; one of the rates of 'tpkit bound tp1')",
                metrics.throughput().overWallClock(), io.tpkit.metrics.HeadlineFigure.PER_SECOND).figures();
    }

    @Override
    public List<RuleResult> validityRules(MeasuredRun facts) {
        return Tp1Rules.evaluate(settings, facts);
    }

}
