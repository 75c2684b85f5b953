package io.tpkit.example;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.Workload;
import io.tpkit.spi.workload.WorkloadOption;
import io.tpkit.sql.NamedSql;
import java.util.List;

/**
 * The smallest complete workload, written as ARCHITECTURE.md's "adding a workload" describes:
 * rows of counters, a transaction that adds one to a random counter, and checks that the
 * database holds exactly the increments the driver committed. It lives in test sources and
 * registers through {@code META-INF/services}, which proves that a workload needs no edit in
 * any core file.
 */
public final class CountersWorkload implements Workload {
    static final int COUNTERS_PER_UNIT = 100;

    @Override
    public String name() {
        return "counters";
    }

    @Override
    public String summary() {
        return "example: add one to a random counter";
    }

    @Override
    public String scaleUnit() {
        return "groups";
    }

    @Override
    public int defaultScale() {
        return 1;
    }

    @Override
    public ArrivalModel defaultArrival() {
        return ArrivalModel.STREAMS;
    }

    @Override
    public List<WorkloadOption> options() {
        return List.of();
    }

    @Override
    public BoundWorkload bind(BenchmarkConfig config, DatabasePlugin database) {
        int scale = config.scale() == null ? defaultScale() : config.scale();
        return new CountersBound(scale, NamedSql.load(CountersWorkload.class, "/io/tpkit/example/sql", database.dialect()));
    }
}
