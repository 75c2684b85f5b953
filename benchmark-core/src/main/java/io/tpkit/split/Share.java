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
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * This process's share of a load, run or check: the whole of it, or one part of one split across
 * driver processes ({@code --partition I/N}). It is the one seam through which the runner enters
 * split runs: at each step where a part differs from the whole, the runner asks its share
 * ({@link Shares#of}), which answers as a single process does or as one part that meets the others.
 */
public interface Share {
    // ---- load ----

    /** Refuses, before any server starts, a load that cannot be shared out as asked. */
    void refuseUnsplittableLoad(BenchmarkConfig config, BoundWorkload bound);

    /** The connections a load keeps for itself beside the loader's (a part: one, to tell the others it is alive). */
    int ownLoadConnections();

    LoadReport load(LoadSteps steps) throws Exception;

    /**
     * The load policy a run follows: as asked, or, for a part, never (the parts share one
     * database, which no part may load alone).
     *
     * @param loadCommand the 'tpkit load ...' command line that loads the data, for the refusal
     */
    LoadPolicy loadPolicy(LoadPolicy asked, String loadCommand);

    // ---- check ----

    /** Refuses to check data another tool loaded when only a whole check can. */
    void refuseForeignCheck(String workload);

    /** The workload's consistency checks on the data tpkit loaded: all of them, or a part's slice. */
    List<CheckResult> check(Connection c, Workload workload, BoundWorkload bound, Consumer<String> say)
            throws SQLException;

    // ---- run ----

    /** Refuses a run on a target only this process can reach when there are other parts. */
    void requireSharedTarget(String target);

    /** Added to the name of the run's result folder: which part, or nothing. */
    String folderSuffix();

    /** This share of the run that {@code whole} describes. */
    InRun run(BoundWorkload bound, SchedulerSettings whole);

    /** A share of one run: its terminals, how it starts, and how far its result is judged. */
    interface InRun {
        /** The settings this process runs with: the whole run's, or its share of the terminals. */
        SchedulerSettings settings();

        /** Creates this process's terminals, each as the whole run's terminal of the same index. */
        Scheduler.TerminalFactory terminals(long seed);

        /**
         * Meets the other parts, if any, and returns at the common start.
         *
         * @param say where a line for the console goes
         */
        Start meet(Connections connections, Consumer<String> say) throws SQLException, InterruptedException;

        /**
         * The iterations of a run in rounds, each with the database's count of rows when it
         * started, from {@code countBefore} (the count before the run, or -1 when unknown).
         */
        List<Iteration> withRowsAtStart(List<Iteration> iterations, long countBefore);

        /** The consistency checks after the run: {@code afterRun}'s, or none for a part (the merge's). */
        List<CheckResult> consistency(Supplier<List<CheckResult>> afterRun);

        /** The verdict on the run: its own, or, for a part, left to the merge with the part's rules kept. */
        Verdict verdict(Verdict own);
    }

    /** A run's start, met with the other parts: what it ends with when the run has been measured. */
    interface Start extends AutoCloseable {
        /** Where the parts of a run in rounds meet at every round's end, or null. */
        RoundMeeting rounds();

        /**
         * What a part records for the merge, or null for a whole run.
         *
         * @param originEpochMs the wall clock at the run's elapsed 0
         * @param countBefore   the database's count of the workload's transactions before the run
         * @param countAtEnd    reads the database's count at this part's end (-1 when it cannot)
         */
        PartRecord record(long originEpochMs, long countBefore, long crossChecked, long crossUnknown,
                          LongSupplier countAtEnd);

        @Override
        void close() throws SQLException;
    }
}
