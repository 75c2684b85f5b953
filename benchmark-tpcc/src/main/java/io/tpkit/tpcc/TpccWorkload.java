package io.tpkit.tpcc;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.Workload;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * TPC-C: five transactions against nine tables, driven by 10 terminals per warehouse, each
 * bound to its home warehouse and district, with the spec's keying and think times. One unit
 * of scale is a warehouse.
 */
public final class TpccWorkload implements Workload {
    static final String FOREIGN_KEYS = "foreign-keys";
    private static final List<WorkloadOption> OPTIONS = List.of(new WorkloadOption(FOREIGN_KEYS, "on|off",
            "Declare the spec's foreign keys (off is allowed and labelled non-standard).", "on"));

    @Override
    public String name() {
        return "tpcc";
    }

    @Override
    public String summary() {
        return "TPC-C-like: New-Order, Payment, Order-Status, Delivery, Stock-Level with terminals";
    }

    @Override
    public String scaleUnit() {
        return "warehouses";
    }

    @Override
    public int defaultScale() {
        return 1;
    }

    @Override
    public List<String> runExamples() {
        return List.of("", "--warehouses 10 --connections 8 --duration 10m --warmup 2m",
                "--warehouses 2 --think off --connections 4", "--warehouses 100 --rate 500",
                "--db jdbc:postgresql://db:5432/bench --user bench --password-env PGPASSWORD");
    }

    @Override
    public ArrivalModel defaultArrival() {
        return ArrivalModel.CLOSED;
    }

    @Override
    public List<WorkloadOption> options() {
        return OPTIONS;
    }

    /** The most warehouses whose standard terminals (10 each) can be counted. */
    static final int MAX_WAREHOUSES = Integer.MAX_VALUE / Nopm.TERMINALS_PER_WAREHOUSE;

    @Override
    public TpccBoundWorkload bind(BenchmarkConfig config, DatabasePlugin database) {
        for (String key : config.options().keySet()) {
            if (OPTIONS.stream().noneMatch(o -> o.name().equals(key))) {
                throw new BadInputException("tpcc has no option --" + key + " (see 'tpkit run tpcc --help')");
            }
        }
        if (config.arrival() == ArrivalModel.STREAMS) {
            throw new BadInputException("tpcc runs emulated terminals: use --arrival closed (the default), with "
                    + "--think off for back-to-back transactions");
        }
        String fk = config.options().getOrDefault(FOREIGN_KEYS, "on").toLowerCase(Locale.ROOT);
        if (!Set.of("on", "off").contains(fk)) {
            throw new BadInputException("--foreign-keys must be on or off (got '" + fk + "')");
        }
        int warehouses = config.scale() == null ? defaultScale() : config.scale();
        if (warehouses > MAX_WAREHOUSES) {
            throw new BadInputException("--warehouses must be from 1 to " + MAX_WAREHOUSES + " (its 10 terminals each "
                    + "are counted in an int; got " + warehouses + ")");
        }
        TpccDialect dialect = TpccDialect.of(database);
        if (config.logic() == Logic.PROCEDURE && !dialect.hasProcedures()) {
            throw new BadInputException("tpcc has no stored procedures for the " + dialect.key() + " dialect ("
                    + dialect.proceduresFile() + "): use --logic client");
        }
        List<String> missing = dialect.sql().missing((switch (config.logic()) {
            case PROCEDURE -> TpccProcedureSession.STATEMENTS;
            case INTERACTIVE -> TpccInteractiveSession.STATEMENTS;
            case CLIENT -> TpccClientSession.statements(dialect);
        }).toArray(String[]::new));
        if (!missing.isEmpty()) {
            throw new BadInputException("tpcc cannot run on " + database.name() + " yet: the " + dialect.key()
                    + " dialect has no " + String.join(", ", missing) + " (write them in "
                    + dialect.sql().dialectFile() + "; see " + dialect.sql().defaultFile() + ")");
        }
        return new TpccBoundWorkload(warehouses, fk.equals("on"), dialect, config.logic(), config.seed(),
                Map.of(FOREIGN_KEYS, fk));
    }
}
