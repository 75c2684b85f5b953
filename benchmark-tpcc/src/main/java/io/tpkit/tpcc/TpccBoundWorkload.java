package io.tpkit.tpcc;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.Logic;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.ForeignData;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.Terminal;
import io.tpkit.sql.SqlScript;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/** TPC-C bound to a scale and a database: schema, load, terminals, sessions, checks, rules. */
public final class TpccBoundWorkload implements BoundWorkload {
    private static final String LOAD_COMPLETE = "load_complete";

    private final int warehouses;
    private final boolean foreignKeys;
    private final TpccDialect dialect;
    private final Logic logic;
    private final long seed;
    private final Map<String, String> options;
    private volatile NURandConstants runConstants;
    private final InputAudit audit = new InputAudit();
    private final HomeAudit home;

    TpccBoundWorkload(int warehouses, boolean foreignKeys, TpccDialect dialect, Logic logic, long seed,
            Map<String, String> options) {
        this.warehouses = warehouses;
        this.foreignKeys = foreignKeys;
        this.dialect = dialect;
        this.logic = logic;
        this.seed = seed;
        this.options = options;
        this.home = new HomeAudit(warehouses);
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scale", warehouses);
        m.put("warehouses", warehouses);
        m.put("foreignKeys", foreignKeys);
        m.put("logic", switch (logic) {
            case PROCEDURE -> "procedure: one stored-procedure call per transaction";
            case INTERACTIVE -> "interactive: SQL statements sent by the driver one at a time, each answer read "
                    + "before the next, COMMIT on its own";
            case CLIENT -> "client: SQL statements sent by the driver";
        });
        m.put("terminalsPerWarehouse", 10);
        m.put("deck", "23 cards: 10 New-Order, 10 Payment, 1 Order-Status, 1 Delivery, 1 Stock-Level, per terminal");
        m.put("thinkTime", "negative exponential, type's mean, truncated at 10x");
        m.put("delivery", "deferred: queued by the terminal, executed by a background worker");
        if (runConstants != null) {
            m.put("nurandRunConstants", runConstants.toString());
        }
        m.put("options", options);
        return m;
    }

    @Override
    public int scale() {
        return warehouses;
    }

    @Override
    public ArrivalModel arrival() {
        return ArrivalModel.CLOSED;
    }

    @Override
    public List<String> transactionTypes() {
        return Arrays.stream(TpccTransactionType.values()).map(TpccTransactionType::label).toList();
    }

    @Override
    public boolean deferred(int type) {
        return type == TpccTransactionType.DELIVERY.ordinal();
    }

    @Override
    public void createSchema(Connection c) throws SQLException {
        SqlScript.execute(c, dialect.schema());
    }

    @Override
    public void load(LoadContext context) throws Exception {
        loader(context).loadSlice(1, warehouses, true);
        finishLoad(context);
    }

    @Override
    public boolean loadsInSlices() {
        return true;
    }

    /** The part's warehouses; part 1 also ITEM, which belongs to no warehouse. */
    @Override
    public void loadSlice(LoadContext context, io.tpkit.config.Partition part) throws Exception {
        loader(context).loadSlice(part.firstUnit(warehouses) + 1, part.endUnit(warehouses), part.index() == 1);
    }

    @Override
    public void finishLoad(LoadContext context) throws Exception {
        loader(context).finish();
        try (Connection c = context.connect()) {
            // written last: a load that stopped half way is never taken for a finished one
            setConfig(c, "foreign_keys", Boolean.toString(foreignKeys));
            setConfig(c, LOAD_COMPLETE, java.time.OffsetDateTime.now().toString());
        }
    }

    private TpccLoader loader(LoadContext context) {
        return new TpccLoader(warehouses, dialect, context, foreignKeys, seed);
    }

    private void setConfig(Connection c, String name, String value) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(dialect.sql().sql("config-insert"))) {
            ps.setString(1, name);
            ps.setString(2, value);
            ps.executeUpdate();
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    private Map<String, String> config(Connection c) throws SQLException {
        Map<String, String> m = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(dialect.sql().sql("config-select"))) {
            while (rs.next()) {
                m.put(rs.getString(1), rs.getString(2));
            }
        }
        return m;
    }

    /** The nine TPC-C tables and the load's record (tpcc_config). */
    @Override
    public List<String> dataTables() {
        List<String> tables = new java.util.ArrayList<>(TpccTables.ALL);
        tables.add(TpccTables.CONFIG);
        return tables;
    }

    /** -1 without TPC-C tables; the warehouse count of a finished load; an error for an unfinished one. */
    @Override
    public long loadedScale(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), TpccTables.CONFIG, new String[] {"TABLE"})) {
            if (!rs.next()) {
                return -1;
            }
        }
        Map<String, String> config = config(c);
        if (!config.containsKey(LOAD_COMPLETE)) {
            throw new BadInputException("the tpcc load in this database did not finish: load it again with "
                    + "'tpkit load tpcc' or 'tpkit run tpcc --reload'");
        }
        if (!config.get("foreign_keys").equals(Boolean.toString(foreignKeys))) {
            throw new BadInputException("the tpcc data was loaded with --foreign-keys "
                    + (foreignKeys ? "off" : "on") + ": pass that, or load again with --reload");
        }
        return Long.parseLong(config.get("warehouses"));
    }

    @Override
    public void prepareRun(Connection c) throws SQLException {
        int cLoad = Integer.parseInt(config(c).get("c_last_load"));
        runConstants = NURandConstants.forRun(new TpccRandom(seed ^ 0x5DEECE66DL), cLoad);
        if (logic == Logic.PROCEDURE) {
            // installed when missing or of another version (the script's checksum is recorded)
            io.tpkit.sql.StoredRoutines.install(c, "tpcc", dialect.proceduresScript());
        }
    }

    @Override
    public int standardTerminals() {
        return 10 * warehouses;
    }

    /**
     * Terminal i has home warehouse (i mod W) + 1 and district (i / W mod 10) + 1: with the
     * standard 10 terminals per warehouse every (warehouse, district) pair has exactly one.
     */
    @Override
    public Terminal newTerminal(int index, int count, SplittableRandom random) {
        int w = homeWarehouse(index, warehouses);
        int d = homeDistrict(index, warehouses);
        return new TpccTerminal(CardDeck.smallest(random.split()),
                new TpccInputs(new TpccRandom(random.nextLong()), runConstants, warehouses, w, d), random, audit, home);
    }

    /**
     * A part drives the terminals of its slice of the warehouses, so no warehouse has two drivers,
     * and its home-warehouse rule judges that slice.
     */
    @Override
    public int[] terminalsOfPart(io.tpkit.config.Partition part, int terminals) {
        int first = part.firstUnit(warehouses);
        int end = part.endUnit(warehouses);
        home.judgeOnly(first, end);
        return java.util.stream.IntStream.range(0, terminals).filter(t -> {
            int w = homeWarehouse(t, warehouses) - 1;
            return w >= first && w < end;
        }).toArray();
    }

    /** The terminals' own observations: in a merge of a split run, each part's judgment stands for its slice. */
    @Override
    public java.util.Set<String> rulesJudgedByEachPart() {
        java.util.Set<String> ids = new java.util.HashSet<>(InputAudit.RULE_IDS);
        ids.add("home-warehouse");
        return ids;
    }

    static int homeWarehouse(int terminal, int warehouses) {
        return terminal % warehouses + 1;
    }

    static int homeDistrict(int terminal, int warehouses) {
        return terminal / warehouses % TpccScale.DISTRICTS_PER_WAREHOUSE + 1;
    }

    @Override
    public Session openSession(io.tpkit.spi.workload.SessionConnection c) throws SQLException {
        return switch (logic) {
            case PROCEDURE -> new TpccProcedureSession(c, dialect);
            case INTERACTIVE -> new TpccInteractiveSession(c, dialect.sql());
            case CLIENT -> TpccClientSession.open(c, dialect);
        };
    }

    /** Committed New-Orders raise d_next_o_id by one each; rolled-back ones do not. */
    @Override
    public long databaseTransactionCount(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(dialect.sql().sql("new-order-count"))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public int crossCheckedType() {
        return TpccTransactionType.NEW_ORDER.ordinal();
    }

    /**
     * Conditions 1 to 12; condition 11 only while no Delivery has run since the load (the
     * database tells: a delivered order beyond the 2,100 loaded as delivered).
     */
    @Override
    public List<CheckResult> checkConsistency(Connection c) throws SQLException {
        boolean anyDelivery;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(dialect.sql().sql("delivered-since-load"))) {
            rs.next();
            anyDelivery = rs.getLong(1) > 0;
        }
        return TpccConsistency.checkAll(c, dialect, anyDelivery);
    }

    /**
     * Every one of conditions 1-12 is stated per warehouse, district, order or customer, so each
     * is checked on the slice's warehouses (its violations restricted to them): the parts' checks
     * together are the whole database's, and none is left to a whole check.
     */
    @Override
    public List<CheckResult> checkConsistency(Connection c, io.tpkit.config.Partition part) throws SQLException {
        boolean anyDelivery;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(dialect.sql().sql("delivered-since-load"))) {
            rs.next();
            anyDelivery = rs.getLong(1) > 0; // in any warehouse: condition 11 is then skipped as a whole check skips it
        }
        return TpccConsistency.checkSlice(c, dialect, anyDelivery, io.tpkit.sql.KeyRange.ofSlice(part, warehouses, 1));
    }

    /**
     * TPC-C tables without tpkit's load marker: another tool's (or tpkit's with the marker
     * gone), under the names the common kits use. Condition 11 is skipped on them.
     */
    @Override
    public Optional<ForeignData> foreignData(Connection c) throws SQLException {
        Optional<TpccNames> names = TpccNames.find(c, dialect);
        return names.isEmpty() ? Optional.empty() : Optional.of(TpccForeignData.count(c, names.get()));
    }

    @Override
    public Duration minimumMeasurement() {
        return Duration.ofHours(2);
    }

    /** The spec's keying and mean think times over the terminals' 23-card deck: 20.70 s. */
    @Override
    public double meanKeyingAndThinkSeconds() {
        return Nopm.MEAN_CYCLE_SECONDS;
    }

    /** NOPM counts completed New-Orders, the 1% business rollbacks included (§5.4). */
    @Override
    public Map<String, io.tpkit.metrics.HeadlineFigure> headline(MeasuredRun facts) {
        return TpccHeadline.of(facts, warehouses);
    }

    @Override
    public List<RuleResult> validityRules(MeasuredRun facts) {
        List<RuleResult> rules = new java.util.ArrayList<>(TpccRules.evaluate(facts, warehouses, foreignKeys));
        rules.add(home.rule());
        rules.addAll(audit.rules(warehouses));
        return rules;
    }
}
