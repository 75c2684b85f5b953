package io.tpkit.tp1;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.RunSequence;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of {@code tpkit bound tp1} as a sequence core runs ({@link UpperBoundRuns}: what they
 * add up to; {@link UpperBoundTable}: the table and the CSV): T1 without conflict, T1 with
 * conflict, T2 and TP1 at each connection count, then the bound from their peaks.
 */
final class UpperBoundSequence implements RunSequence {
    @Override
    public String name() {
        return "bound";
    }

    @Override
    public void check(BenchmarkConfig base, List<Integer> connections) {
        if (!"tp1".equals(base.workload())) {
            throw new BadInputException("the upper bound is TP1's: 'tpkit bound tp1' (got " + base.workload() + ")");
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

    @Override
    public List<Step> steps(BenchmarkConfig base, List<Integer> connections) {
        List<Step> steps = new ArrayList<>();
        for (int c : connections) {
            for (SubTransaction sub : UpperBoundRuns.SEQUENCE) {
                steps.add(new Step(UpperBoundRuns.label(sub), sub.description, c, config(base, sub, c)));
            }
        }
        return steps;
    }

    private static BenchmarkConfig config(BenchmarkConfig base, SubTransaction sub, int connections) {
        BenchmarkConfig.Builder b = base.toBuilder().connections(connections).arrival(ArrivalModel.STREAMS);
        if (sub != SubTransaction.NONE) {
            b.option(Tp1Options.SUB_TRANSACTION, sub.label).logic(Logic.CLIENT)
                    .option(Tp1Options.OPS_PER_TRANSACTION, Integer.toString(UpperBoundRuns.opsPerTransaction(base)));
        } else {
            b.withoutOption(Tp1Options.OPS_PER_TRANSACTION);
        }
        return b.build();
    }

    @Override
    public Summary summarize(Context context, List<Finished> finished) {
        List<UpperBoundRuns.Run> runs = finished.stream().map(UpperBoundSequence::run).toList();
        UpperBoundRuns.Result result = UpperBoundRuns.result(context.folder(), context.database(), context.base(),
                context.connections(), context.sameData(), runs, context.complete());
        String table = UpperBoundTable.render(result);
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put(UpperBoundRuns.CSV, UpperBoundTable.csv(result));
        texts.put(UpperBoundRuns.TEXT, table);
        return new Summary(UpperBoundRuns.JSON, result, texts, table);
    }

    private static UpperBoundRuns.Run run(Finished f) {
        SubTransaction sub = UpperBoundRuns.SEQUENCE.stream().filter(s -> UpperBoundRuns.label(s).equals(f.step().label()))
                .findFirst().orElseThrow();
        int k = 1;
        String commits = "as the server's settings make every commit";
        if (sub != SubTransaction.NONE) {
            Object ops = f.parameters().get("opsPerTransaction");
            k = ops instanceof Number n ? n.intValue() : 1;
            Object how = f.parameters().get("subTransactionCommits");
            commits = how == null ? commits : how.toString();
        }
        RunMetrics m = f.metrics();
        return new UpperBoundRuns.Run(UpperBoundRuns.label(sub), sub.description, f.step().connections(),
                m.totalCommitted(), m.measurementSeconds(), k * m.throughput().overWallClock(), k, f.loaded(),
                f.durable(), commits, f.consistent(), f.verdict(), f.resultDir());
    }
}
