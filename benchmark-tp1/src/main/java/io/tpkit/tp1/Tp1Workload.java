package io.tpkit.tp1;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.Workload;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.List;

/**
 * TP1 / DebitCredit: one transaction that moves an amount into an account through a teller at
 * a branch. One unit of scale is a branch with 10 tellers and 100,000 accounts. The default
 * arrival, {@code streams}, is TPC-B (and McDonell's TP1); {@code closed} is TPC-A.
 */
public final class Tp1Workload implements Workload {
    @Override
    public String name() {
        return "tp1";
    }

    @Override
    public String summary() {
        return "TP1 / DebitCredit (TPC-B with streams, TPC-A with closed terminals)";
    }

    @Override
    public String scaleUnit() {
        return "branches";
    }

    @Override
    public int defaultScale() {
        return 1;
    }

    @Override
    public List<String> runExamples() {
        return List.of("", "--branches 4 --connections 8 --duration 5m --warmup 1m",
                "--arrival closed --branches 2 --think 0.1", "--logic procedure --transactions 100000",
                "--db jdbc:postgresql://db:5432/bench --user bench --password-env PGPASSWORD");
    }

    @Override
    public ArrivalModel defaultArrival() {
        return ArrivalModel.STREAMS;
    }

    /** McDonell's upper bound from the sub-transactions T1 and T2 ({@code tpkit bound tp1}). */
    @Override
    public java.util.Optional<io.tpkit.spi.workload.RunSequence> bound() {
        return java.util.Optional.of(new UpperBoundSequence());
    }

    @Override
    public List<WorkloadOption> options() {
        return Tp1Options.OPTIONS;
    }

    @Override
    public Tp1BoundWorkload bind(BenchmarkConfig config, DatabasePlugin database) {
        Tp1Settings settings = Tp1Options.parse(config, defaultScale(), defaultArrival());
        Tp1Dialect dialect = Tp1Dialect.of(database.dialect());
        if (settings.logic() == io.tpkit.config.Logic.PROCEDURE && dialect.procedureScript().isEmpty()) {
            throw new io.tpkit.config.BadInputException("tp1 has no stored function for the '" + dialect.key() + "' dialect ("
                    + dialect.procedureFile() + "): use --logic client");
        }
        return new Tp1BoundWorkload(settings, dialect, config.loadPolicy() == LoadPolicy.ALWAYS);
    }
}
