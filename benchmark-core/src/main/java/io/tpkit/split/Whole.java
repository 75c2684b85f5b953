package io.tpkit.split;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.metrics.Iteration;
import io.tpkit.result.LoadReport;
import io.tpkit.result.PartRecord;
import io.tpkit.scheduler.RoundMeeting;
import io.tpkit.scheduler.Scheduler;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.Workload;
import io.tpkit.validity.Verdict;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** The whole of a load, run or check, in one process: nothing to share out, no one to meet. */
final class Whole implements Share {
    static final Whole SHARE = new Whole();

    private Whole() {
    }

    @Override
    public void refuseUnsplittableLoad(BenchmarkConfig config, BoundWorkload bound) {
    }

    @Override
    public int ownLoadConnections() {
        return 0;
    }

    @Override
    public LoadReport load(LoadSteps steps) throws Exception {
        return steps.whole();
    }

    @Override
    public LoadPolicy loadPolicy(LoadPolicy asked, String loadCommand) {
        return asked;
    }

    @Override
    public void refuseForeignCheck(String workload) {
    }

    @Override
    public List<CheckResult> check(Connection c, Workload workload, BoundWorkload bound, Consumer<String> say)
            throws SQLException {
        say.accept("checking the consistency of " + workload.name());
        return bound.checkConsistency(c);
    }

    @Override
    public void requireSharedTarget(String target) {
    }

    @Override
    public String folderSuffix() {
        return "";
    }

    @Override
    public InRun run(BoundWorkload bound, SchedulerSettings whole) {
        return new WholeRun(bound, whole);
    }

    private record WholeRun(BoundWorkload bound, SchedulerSettings settings) implements InRun {
        @Override
        public Scheduler.TerminalFactory terminals(long seed) {
            return bound::newTerminal; // the scheduler splits the seed's stream, one per terminal
        }

        @Override
        public Start meet(Connections connections, Consumer<String> say) {
            return ALONE;
        }

        /** Each iteration with the database's count when it started: the count before the run and the iterations before it. */
        @Override
        public List<Iteration> withRowsAtStart(List<Iteration> iterations, long countBefore) {
            if (countBefore < 0) {
                return iterations;
            }
            List<Iteration> out = new ArrayList<>();
            long rows = countBefore;
            for (Iteration it : iterations) {
                out.add(it.withRowsAtStart(rows));
                rows += it.committed();
            }
            return out;
        }

        @Override
        public List<CheckResult> consistency(Supplier<List<CheckResult>> afterRun) {
            return afterRun.get();
        }

        @Override
        public Verdict verdict(Verdict own) {
            return own;
        }
    }

    /** The start of a whole run: now, with no rounds to meet in and nothing to record for a merge. */
    private static final Start ALONE = new Start() {
        @Override
        public RoundMeeting rounds() {
            return null;
        }

        @Override
        public PartRecord record(long originEpochMs, long countBefore, long crossChecked, long crossUnknown,
                                 LongSupplier countAtEnd) {
            return null;
        }

        @Override
        public void close() {
        }
    };
}
