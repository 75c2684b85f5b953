package io.tpkit.split;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.config.Partition;
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
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One part of a load, run or check split across driver processes: it loads its slice of the
 * units ({@link SlicedLoad}), checks its slice, drives its slice of the terminals
 * ({@link PartTerminals}) from a start met with the other parts ({@link PartRendezvous}, and at
 * every round {@link PartRounds}), and leaves the checks and the verdict to {@code tpkit merge}.
 */
final class OnePart implements Share {
    private final Partition part;

    OnePart(Partition part) {
        this.part = part;
    }

    @Override
    public void refuseUnsplittableLoad(BenchmarkConfig config, BoundWorkload bound) {
        SlicedLoad.refuseUnsplittable(part, config, bound);
    }

    @Override
    public int ownLoadConnections() {
        return 1; // for telling the other parts it is alive
    }

    @Override
    public LoadReport load(LoadSteps steps) throws Exception {
        return SlicedLoad.load(part, steps);
    }

    @Override
    public LoadPolicy loadPolicy(LoadPolicy asked, String loadCommand) {
        if (asked == LoadPolicy.ALWAYS) {
            throw new BadInputException("the parts of a split run share one database: load it once with "
                    + loadCommand + ", then start the parts without --reload");
        }
        return LoadPolicy.NEVER; // two parts loading an empty database at once would collide
    }

    @Override
    public void refuseForeignCheck(String workload) {
        throw new BadInputException("--partition checks slices of a tpkit load; this " + workload
                + " data was loaded by another tool: check it whole, without --partition");
    }

    @Override
    public List<CheckResult> check(Connection c, Workload workload, BoundWorkload bound, Consumer<String> say)
            throws SQLException {
        say.accept("checking the consistency of " + workload.name() + ", part " + part.label() + ": "
                + part.slice(bound.scale(), workload.scaleUnit()) + "; a condition only the whole "
                + "database settles is reported skipped, for 'tpkit check " + workload.name() + "' without "
                + "--partition");
        return bound.checkConsistency(c, part);
    }

    @Override
    public void requireSharedTarget(String target) {
        part.requireSharedTarget("run", target);
    }

    @Override
    public String folderSuffix() {
        return "-part" + part.index() + "of" + part.count();
    }

    @Override
    public InRun run(BoundWorkload bound, SchedulerSettings whole) {
        PartTerminals terminals = PartTerminals.of(part, bound, whole);
        return new PartRun(terminals, bound, terminals.settings(whole));
    }

    private record PartRun(PartTerminals part, BoundWorkload bound, SchedulerSettings settings) implements InRun {
        @Override
        public Scheduler.TerminalFactory terminals(long seed) {
            return part.factory(bound, seed);
        }

        @Override
        public Start meet(Connections connections, Consumer<String> say) throws SQLException, InterruptedException {
            PartRendezvous meeting = PartRendezvous.join(connections, part.part(), PartRendezvous.partTimeout(), say);
            PartRounds rounds = null;
            try {
                rounds = part.inRounds() ? new PartRounds(connections, part.part(), meeting.startMillis(),
                        PartRendezvous.partTimeout()) : null;
                long late = meeting.awaitStart();
                return new Met(part, meeting, rounds, late);
            } catch (SQLException | InterruptedException | RuntimeException e) {
                try (meeting; PartRounds r = rounds) {
                    throw e;
                }
            }
        }

        /** A part sees only its own commits: the rows the other parts added are the merge's to count. */
        @Override
        public List<Iteration> withRowsAtStart(List<Iteration> iterations, long countBefore) {
            List<Iteration> out = new ArrayList<>(iterations);
            if (countBefore >= 0) {
                out.set(0, out.getFirst().withRowsAtStart(countBefore));
            }
            return out;
        }

        /**
         * A part of a split run checks nothing itself: the other parts may still be writing, and the
         * database counts every part's transactions. 'tpkit merge' checks the whole database once.
         */
        @Override
        public List<CheckResult> consistency(Supplier<List<CheckResult>> afterRun) {
            return List.of(CheckResult.skipped("consistency", "part " + part.part().label() + " of a split run: "
                    + "'tpkit merge' checks the database once all parts have ended"));
        }

        /**
         * A part's rules are recorded as it measured them, but several are about the whole run (every
         * home has a terminal, the mix, the ceiling per warehouse): the verdict is left to 'tpkit merge'.
         */
        @Override
        public Verdict verdict(Verdict own) {
            return new Verdict("part " + part.part().label() + " of a split run: judged on the whole run by "
                    + "'tpkit merge'", false, own.rules());
        }
    }

    /** The parts met: the common start, this part's lateness for it, and the rounds still to meet in. */
    private record Met(PartTerminals part, PartRendezvous meeting, PartRounds rounds, long lateMillis)
            implements Start {
        @Override
        public PartRecord record(long originEpochMs, long countBefore, long crossChecked, long crossUnknown,
                                 LongSupplier countAtEnd) {
            Partition p = part.part();
            return new PartRecord(p.name(), p.index(), p.count(), Arrays.stream(part.indices()).boxed().toList(),
                    part.total(), meeting.startMillis(), lateMillis, originEpochMs, countBefore,
                    countAtEnd.getAsLong(), crossChecked, crossUnknown);
        }

        /** The rounds' connection, then this part's row in the rendezvous. */
        @Override
        public void close() throws SQLException {
            try (meeting; PartRounds r = rounds) {
                // closed in reverse order, as the run's try-with-resources closed them
            }
        }
    }
}
