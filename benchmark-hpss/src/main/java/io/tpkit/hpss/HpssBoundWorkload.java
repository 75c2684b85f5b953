package io.tpkit.hpss;

import io.tpkit.config.ArrivalModel;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.SqlFeature;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.FixedRun;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.Terminal;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.Sql;
import io.tpkit.sql.SqlScript;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/** HPSS bound to a run shape and a database: schema, the root directory, threads, checks, rules. */
public final class HpssBoundWorkload implements BoundWorkload {
    static final String TRANSACTION_TYPE = "create-file";
    /** Every record's times: a fixed value, like the report's other fields. */
    static final Timestamp FIXED_TIME = Timestamp.valueOf("2026-01-01 00:00:00");

    private final HpssSettings settings;
    private final NamedSql sql;
    private final DatabasePlugin plugin;
    private volatile long filesAtStart = -1;

    HpssBoundWorkload(HpssSettings settings, NamedSql sql, DatabasePlugin plugin) {
        this.settings = settings;
        this.sql = sql;
        this.plugin = plugin;
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scale", settings.threads());
        m.put("threads", settings.threads());
        m.put("createsPerThread", settings.createsPerThread());
        m.put("iterations", settings.iterations());
        m.put("totalCreates", settings.totalCreates());
        m.put("keySpace", settings.keySpace());
        m.put("create", "read the parent directory (auto-commit), then one transaction: read it again, insert "
                + "the name-server record, insert the bitfile record, commit");
        m.put("transactionStart", plugin.sqlFeatures().contains(SqlFeature.BEGIN_WITH_FIRST_STATEMENT)
                ? "auto-commit off: the driver sends BEGIN with the read, in its round trip"
                : "START TRANSACTION, the connection staying in auto-commit mode (one round trip; switching "
                + "auto-commit off and on would cost two)");
        m.put("prepares", "each statement prepared once per connection (" + plugin.name() + ": "
                + plugin.prepareOnceHow() + ")");
        m.put("iterationMode", settings.restart() ? "restart" : "continue");
        if (settings.restart()) {
            m.put("iterationPauseSeconds", settings.pause().toMillis() / 1000.0);
        }
        m.put("warmUpCreatesPerThread", settings.warmUpCreates());
        if (filesAtStart >= 0) {
            m.put("filesAtStart", filesAtStart);
        }
        return m;
    }

    @Override
    public int scale() {
        return settings.threads();
    }

    @Override
    public ArrivalModel arrival() {
        return ArrivalModel.STREAMS;
    }

    @Override
    public List<String> transactionTypes() {
        return List.of(TRANSACTION_TYPE);
    }

    @Override
    public Optional<FixedRun> fixedRun() {
        return Optional.of(new FixedRun(settings.threads(), settings.createsPerThread(), settings.iterations(),
                settings.restart(), settings.pause(), settings.warmUpCreates()));
    }

    @Override
    public void createSchema(Connection c) throws SQLException {
        SqlScript.execute(c, sql.statements("schema"));
    }

    /** The tables start empty; only the root directory that every file is created in is there. */
    @Override
    public void load(LoadContext context) throws SQLException {
        context.expectRows(1);
        try (Connection c = context.connect(); PreparedStatement ps = c.prepareStatement(sql.sql("insert-root"))) {
            insertRoot(ps);
        }
        context.rowsDone(1);
    }

    /** Inserts the root directory with the {@code insert-root} statement. */
    static void insertRoot(PreparedStatement ps) throws SQLException {
        ps.setLong(1, HpssSession.ROOT_ID);
        ps.setLong(2, HpssSession.ROOT_ID);
        ps.setShort(3, HpssSession.DIRECTORY);
        ps.setInt(4, 0755);
        ps.setInt(5, HpssSession.ACCOUNT);
        ps.setLong(6, HpssSession.FILESET);
        ps.setTimestamp(7, FIXED_TIME);
        ps.setTimestamp(8, FIXED_TIME);
        ps.setTimestamp(9, FIXED_TIME);
        ps.executeUpdate();
    }

    /**
     * {@inheritDoc} The data has no scale of its own (any number of threads runs on it): the
     * tables with their root directory are "loaded at this scale".
     */
    @Override
    public long loadedScale(Connection c) throws SQLException {
        try {
            return count(c, "count-root") == 1
                    ? scale() : -1;
        } catch (SQLException e) {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
            return -1; // no tables
        }
    }

    @Override
    public void prepareRun(Connection c) throws SQLException {
        filesAtStart = files(c);
    }

    @Override
    public int standardTerminals() {
        return settings.threads();
    }

    @Override
    public Terminal newTerminal(int index, int count, SplittableRandom random) {
        KeyDraw keys = new KeyDraw(random, settings.keySpace());
        return keys::next;
    }

    @Override
    public Session openSession(io.tpkit.spi.workload.SessionConnection c) throws SQLException {
        return new HpssSession(c, sql, plugin, FIXED_TIME);
    }

    /** The name-server records of files: one per committed create. */
    @Override
    public long databaseTransactionCount(Connection c) throws SQLException {
        return files(c);
    }

    private long files(Connection c) throws SQLException {
        return count(c, "count-files");
    }

    @Override
    public List<CheckResult> checkConsistency(Connection c) throws SQLException {
        List<CheckResult> checks = new ArrayList<>();
        long files = files(c);
        long bitfiles = count(c, "count-bitfiles");
        checks.add(CheckResult.of("files-equal-bitfiles", files == bitfiles,
                files + " name-server file records, " + bitfiles + " bitfile records"));
        long orphanFiles = count(c, "count-files-without-bitfile");
        checks.add(CheckResult.of("every-file-has-its-bitfile", orphanFiles == 0,
                orphanFiles + " file records without a bitfile record"));
        long shared = count(c, "count-shared-bitfiles");
        checks.add(CheckResult.of("one-file-per-bitfile", shared == 0,
                shared + " bitfile records claimed by more than one file record"));
        long strays = count(c, "count-strays");
        checks.add(CheckResult.of("files-in-the-root-directory", strays == 0,
                strays + " records that are not files of the root directory"));
        return checks;
    }

    /** The number the named query counts. */
    private long count(Connection c, String query) throws SQLException {
        return Sql.singleLong(c, sql.sql(query));
    }

    /** Duration runs have a minimum; this benchmark is a fixed number of creates instead. */
    @Override
    public Map<String, io.tpkit.metrics.HeadlineFigure> headline(RunMetrics metrics) {
        return HpssReport.headline(metrics);
    }

    /**
     * The core's long-enough rule wants a checkpoint inside the interval; the HPSS report wants
     * the opposite (its run rules: "Databases do not need to checkpoint during the test run", and
     * Oracle's two checkpoints "should have been avoided"), and shows checkpoints as dips in the
     * per-iteration rates instead. So the rule does not apply here; whether HPSS should judge
     * "no checkpoint during the run" itself belongs to the HPSS rules.
     */
    @Override
    public Optional<String> checkpointsUnwanted() {
        return Optional.of("the HPSS report asks for no checkpoint during the run (\"Databases do not need to "
                + "checkpoint during the test run\"); its checkpoints show as dips in the per-iteration rates");
    }

    /**
     * Each part of a split run read the tables at its start and the database's checkpoints
     * during its iterations: those rules stand as each part judged them (as does each part's
     * quiet-machine, a rule about its own machine).
     */
    @Override
    public java.util.Set<String> rulesJudgedByEachPart() {
        return java.util.Set.of("empty-at-start", "no-checkpoint");
    }

    @Override
    public List<RuleResult> validityRules(MeasuredRun facts) {
        return HpssRules.evaluate(settings, filesAtStart, facts);
    }
}
