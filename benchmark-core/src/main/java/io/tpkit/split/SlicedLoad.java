package io.tpkit.split;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Partition;
import io.tpkit.result.LoadReport;
import io.tpkit.spi.workload.BoundWorkload;
import java.time.Duration;

/**
 * One part of a load split across driver processes ({@code tpkit load --partition I/N}): part 1
 * creates the schema and starts a {@link LoadGeneration}, every part loads its slice of the
 * units, and part 1, once all slices are in, builds the keys and indexes and writes the marker of
 * a finished load. A part other than 1 returns only when part 1 has, so that whoever waits for
 * every load process to end finds the database ready.
 */
final class SlicedLoad {
    private SlicedLoad() {
    }

    /**
     * Refuses, before any server starts, a split load that cannot work: a workload that loads
     * from one process only, or a database that only this process can reach.
     */
    static void refuseUnsplittable(Partition part, BenchmarkConfig config, BoundWorkload bound) {
        String name = config.workload();
        if (!bound.loadsInSlices()) {
            throw new BadInputException("tpkit load " + name + " does not split across driver processes: load it "
                    + "from one process, without --partition");
        }
        part.requireSharedTarget("load", config.target());
    }

    static LoadReport load(Partition part, LoadSteps given) throws Exception {
        Duration timeout = PartRendezvous.partTimeout();
        long start = System.nanoTime();
        LoadGeneration.Terms mine = new LoadGeneration.Terms(given.workload().name(), part.count(),
                given.bound().scale(), given.config().seed(), given.config().workloadOptions());
        LoadSteps db = given;
        refuseEmptySlice(db, part); // every part, part 1 included, refuses the same count of parts
        LoadGeneration generation;
        if (part.index() == 1) {
            announce(db, part);
            db.createSchema();
            generation = LoadGeneration.start(db.connections(), part, mine);
        } else {
            generation = LoadGeneration.join(db.connections(), part, mine, given.config().scale() != null, timeout,
                    given::say);
            LoadGeneration.Terms agreed = generation.terms();
            if (agreed.seed() != mine.seed() || agreed.scale() != mine.scale()) {
                db = given.withSeedAndScale(agreed.seed(), agreed.scale());
            }
            announce(db, part);
        }
        String slice = "part " + part.label() + ": " + part.slice(db.bound().scale(), db.workload().scaleUnit());
        LoadSteps.Progress context = db.progress(start, slice + ": ");
        try (generation) {
            LoadSteps loading = db;
            context.during(() -> loading.bound().loadSlice(context, part));
            generation.sliceLoaded(context.rows());
            if (part.index() == 1) {
                db.say(slice + " loaded; waiting for the other parts' slices");
                generation.awaitSlices(timeout, db::say);
                context.during(() -> loading.bound().finishLoad(context));
                generation.done();
            } else {
                db.say(slice + " loaded; waiting for part 1 to build the keys and indexes");
                generation.awaitDone(timeout);
            }
        } catch (Exception e) {
            generation.failed();
            throw e;
        }
        return context.finished(slice);
    }

    private static void refuseEmptySlice(LoadSteps db, Partition part) {
        int units = db.bound().scale();
        if (!part.hasUnits(units)) {
            throw new BadInputException("part " + part.label() + " gets " + part.slice(units, db.workload().scaleUnit())
                    + ": split the load into at most " + units + " parts, or load a larger scale");
        }
    }

    private static void announce(LoadSteps db, Partition part) {
        db.say("loading " + db.workload().name() + ", part " + part.label() + ": "
                + part.slice(db.bound().scale(), db.workload().scaleUnit()) + " (scale " + db.bound().scale() + ", seed "
                + db.config().seed() + ") into " + db.targetLabel()
                + (part.index() == 1 ? "; part 1 creates the schema and, once every slice is in, the keys and indexes"
                : ""));
    }
}
