package io.tpkit.split;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.Partition;
import io.tpkit.scheduler.Scheduler;
import io.tpkit.scheduler.SchedulerSettings;
import io.tpkit.spi.workload.BoundWorkload;
import java.util.SplittableRandom;

/**
 * The terminals one part of a split run drives, by their index in the whole run. Each keeps the
 * index, the input stream (the same split of the seed) and so the home it would have in a
 * single-process run of the same seed: the parts together drive exactly the whole run's terminals.
 *
 * @param indices the whole run's terminal indices this part drives
 * @param total   the whole run's terminals
 * @param inRounds a run in rounds (HPSS): the parts meet at every round's end ({@link PartRounds})
 */
record PartTerminals(Partition part, int[] indices, int total, boolean inRounds) {

    /**
     * @param whole the settings of the whole run; with streams, every part runs its own
     *              {@code --connections} streams, the whole run all parts' together
     */
    static PartTerminals of(Partition part, BoundWorkload bound, SchedulerSettings whole) {
        if (bound.fixedRun().isPresent()) {
            // its threads are its scale: each part drives its slice of them
            int threads = whole.connections();
            if (part.count() > threads) {
                throw new BadInputException("--partition " + part.label() + ": " + threads + " threads cannot be "
                        + "split into " + part.count() + " parts: use at most " + threads + " parts");
            }
            return new PartTerminals(part, java.util.stream.IntStream.range(part.firstUnit(threads),
                    part.endUnit(threads)).toArray(), threads, true);
        }
        if (whole.arrival() == ArrivalModel.STREAMS) {
            int n = whole.connections();
            int first = (part.index() - 1) * n;
            return new PartTerminals(part, java.util.stream.IntStream.range(first, first + n).toArray(),
                    n * part.count(), false);
        }
        int[] mine = bound.terminalsOfPart(part, whole.terminals());
        if (mine.length == 0) {
            throw new BadInputException("part " + part.label() + " gets no terminals of " + whole.terminals()
                    + ": use fewer parts or a larger scale");
        }
        return new PartTerminals(part, mine, whole.terminals(), false);
    }

    /** The part's own settings: the whole run's, with its share of the terminals. */
    SchedulerSettings settings(SchedulerSettings whole) {
        if (inRounds) {
            return whole.withStreamsOf(indices.length);
        }
        return whole.arrival() == ArrivalModel.STREAMS ? whole : whole.withTerminals(indices.length);
    }

    /** Creates the part's terminal {@code i} as the whole run's terminal {@code indices[i]}. */
    Scheduler.TerminalFactory factory(BoundWorkload bound, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        SplittableRandom[] byIndex = new SplittableRandom[indices[indices.length - 1] + 1];
        for (int i = 0; i < byIndex.length; i++) {
            byIndex[i] = seeds.split(); // the scheduler of a whole run splits one per terminal, in order
        }
        return (i, count, ignored) -> bound.newTerminal(indices[i], total, byIndex[indices[i]]);
    }
}
