package io.tpkit.example;

import io.tpkit.config.ArrivalModel;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.spi.workload.Terminal;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.Sql;
import io.tpkit.sql.SqlScript;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** The counters workload bound to a scale and a database. */
final class CountersBound implements BoundWorkload {
    private final int scale;
    private final NamedSql sql;

    CountersBound(int scale, NamedSql sql) {
        this.scale = scale;
        this.sql = sql;
    }

    private int counters() {
        return scale * CountersWorkload.COUNTERS_PER_UNIT;
    }

    @Override
    public Map<String, Object> parameters() {
        return Map.of("scale", scale, "counters", counters());
    }

    @Override
    public int scale() {
        return scale;
    }

    @Override
    public ArrivalModel arrival() {
        return ArrivalModel.STREAMS;
    }

    @Override
    public List<String> transactionTypes() {
        return List.of("increment");
    }

    @Override
    public void createSchema(Connection c) throws SQLException {
        SqlScript.execute(c, sql.statements("schema"));
    }

    @Override
    public void load(LoadContext context) throws SQLException {
        context.expectRows(counters());
        context.step("counters");
        try (Connection c = context.connect();
             PreparedStatement insert = c.prepareStatement(sql.sql("insert-counter"))) {
            for (int id = 1; id <= counters(); id++) {
                insert.setInt(1, id);
                insert.addBatch();
            }
            insert.executeBatch();
            context.rowsDone(counters());
        }
    }

    @Override
    public long loadedScale(Connection c) throws SQLException {
        try {
            return Sql.singleLong(c, sql.sql("count-counters")) / CountersWorkload.COUNTERS_PER_UNIT;
        } catch (SQLException noTable) {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
            return -1;
        }
    }

    @Override
    public void prepareRun(Connection c) {
    }

    @Override
    public int standardTerminals() {
        return 1;
    }

    record Increment(int id) implements Request {
        @Override
        public int type() {
            return 0;
        }
    }

    @Override
    public Terminal newTerminal(int index, int count, SplittableRandom random) {
        return () -> new Increment(1 + random.nextInt(counters()));
    }

    @Override
    public Session openSession(SessionConnection c) throws SQLException {
        c.setAutoCommit(false);
        PreparedStatement increment = c.prepare(sql.sql("increment"));
        return new Session() {
            @Override
            public Outcome execute(Request request) throws SQLException {
                increment.setInt(1, ((Increment) request).id());
                c.update(increment);
                c.commit();
                return Outcome.COMMITTED;
            }

            @Override
            public SessionConnection connection() {
                return c;
            }
        };
    }

    /** Every committed increment is one hit: the driver's count is checked against this sum. */
    @Override
    public long databaseTransactionCount(Connection c) throws SQLException {
        return Sql.singleLong(c, sql.sql("sum-of-hits"));
    }

    @Override
    public List<CheckResult> checkConsistency(Connection c) throws SQLException {
        long rows = Sql.singleLong(c, sql.sql("count-counters"));
        return List.of(CheckResult.of("all-counters-present", rows == counters(),
                rows + " counters, " + counters() + " loaded"));
    }

    @Override
    public List<RuleResult> validityRules(MeasuredRun run) {
        return List.of(RuleResult.check("some-increments", "the run committed increments",
                run.metrics().totalCommitted() > 0, run.metrics().totalCommitted() + " committed"));
    }
}
