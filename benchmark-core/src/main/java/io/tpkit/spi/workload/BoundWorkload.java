package io.tpkit.spi.workload;

import io.tpkit.config.ArrivalModel;
import io.tpkit.spi.workload.RuleResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** A workload with its configuration checked and a database chosen: everything one run needs. */
public interface BoundWorkload {
    /** The effective parameters (scale, row sizes, options after defaults) for result.json. */
    Map<String, Object> parameters();

    int scale();

    ArrivalModel arrival();

    /** Names of the transaction types, indexed by {@link Request#type()}. */
    List<String> transactionTypes();

    /**
     * Whether transactions of this type are executed deferred (TPC-C Delivery): the terminal
     * only queues them and gets its response at once; background workers execute them later,
     * and their completion is counted in a row of its own, "TYPE (deferred)".
     */
    default boolean deferred(int type) {
        return false;
    }

    /** Whether any type is executed deferred: the run then needs its queue's workers and result file. */
    default boolean defersAny() {
        return java.util.stream.IntStream.range(0, transactionTypes().size()).anyMatch(this::deferred);
    }

    /** Drops the workload's tables (if any) and creates them empty, without secondary indexes. */
    void createSchema(Connection c) throws SQLException;

    /** Fills the tables, in parallel where possible, then adds keys and gathers statistics. */
    void load(LoadContext context) throws Exception;

    /**
     * Whether the load splits into slices of the scale's units (warehouses, branches) that several
     * driver processes load at once into one database ({@code tpkit load --partition I/N}): then
     * {@link #loadSlice} and {@link #finishLoad} together do what {@link #load} does.
     */
    default boolean loadsInSlices() {
        return false;
    }

    /**
     * Fills the rows of one part's slice of the units ({@link io.tpkit.config.Partition#firstUnit}
     * to {@link io.tpkit.config.Partition#endUnit}) into the tables {@link #createSchema} created,
     * with the same generators a whole load uses for them, so that the slices together hold
     * exactly the whole load's data; part 1 also fills the rows that belong to no unit (TPC-C's
     * items). Other parts load their slices at the same time, into the same tables.
     */
    default void loadSlice(LoadContext context, io.tpkit.config.Partition part) throws Exception {
        throw new UnsupportedOperationException("this workload loads from one process only");
    }

    /**
     * Once every slice is loaded, from one process: the keys, indexes and statistics, and last the
     * marker of a finished load.
     */
    default void finishLoad(LoadContext context) throws Exception {
        throw new UnsupportedOperationException("this workload loads from one process only");
    }

    /**
     * The tables that hold the workload's data, and those a run may create (TP1's record of T1's
     * keys): what a series of runs copies once and restores before every run, so that each starts
     * from the same data ({@link io.tpkit.spi.database.DataCopy}). Empty by default: a series then
     * loads the data again before every run.
     */
    default List<String> dataTables() {
        return List.of();
    }

    /**
     * Counts the data of a finished load so that a run can tell an empty database, a loaded one
     * and one loaded at another scale apart; {@code -1} when the tables do not exist.
     */
    long loadedScale(Connection c) throws SQLException;

    /** Installs what the run needs beyond the data (stored procedures for {@code --logic procedure}). */
    void prepareRun(Connection c) throws SQLException;

    /** The number of terminals the benchmark's rules call for at this scale and arrival model. */
    int standardTerminals();

    /** Creates terminal {@code index} of {@code count}, with its own random source. */
    Terminal newTerminal(int index, int count, SplittableRandom random);

    /**
     * The terminals of the whole run, by index, that one part of a run split across driver
     * processes drives ({@code --partition}). By default an even contiguous slice; a workload
     * whose terminals have homes (TPC-C's warehouses) keeps each home's terminals in one part.
     */
    default int[] terminalsOfPart(io.tpkit.config.Partition part, int terminals) {
        return java.util.stream.IntStream.range(part.firstUnit(terminals), part.endUnit(terminals)).toArray();
    }

    /**
     * The ids of the rules judged on what each part of a split run observed rather than on the
     * measured figures (its terminals' inputs and homes; the database and the machine as it saw
     * them before and during its run): a merge cannot judge them again, so each part's judgment
     * stands, and the whole run meets a rule when every part did.
     */
    default java.util.Set<String> rulesJudgedByEachPart() {
        return java.util.Set.of();
    }

    /** Opens a session on one connection: statements are prepared here, once. */
    Session openSession(SessionConnection c) throws SQLException;

    /**
     * A count the database keeps of committed transactions (e.g. history rows), to cross-check
     * the driver's own count; {@code -1} when the workload has none.
     * {@link #crossCheckedType()} says which transactions it counts.
     */
    long databaseTransactionCount(Connection c) throws SQLException;

    /** The transaction type that {@link #databaseTransactionCount} counts, or -1 for all types. */
    default int crossCheckedType() {
        return -1;
    }

    /**
     * The benchmark's own headline figures by id, each labelled neutrally with how it was obtained
     * (TPC-C: NOPM and its efficiency; build them with {@link io.tpkit.metrics.Headline}); empty
     * when the generic TPS says it all.
     */
    default java.util.Map<String, io.tpkit.metrics.HeadlineFigure> headline(io.tpkit.metrics.RunMetrics metrics) {
        return java.util.Map.of();
    }

    /**
     * The headline figures when a figure's meaning depends on how the run was shaped (TPC-C's
     * efficiency needs the spec's think times and terminal count); by default
     * {@link #headline(io.tpkit.metrics.RunMetrics)}.
     */
    default java.util.Map<String, io.tpkit.metrics.HeadlineFigure> headline(MeasuredRun facts) {
        return headline(facts.metrics());
    }

    /**
     * The run shape when the benchmark fixes it (HPSS); then {@code --connections},
     * {@code --terminals}, {@code --transactions}, {@code --duration} and {@code --warmup} do not apply.
     */
    default java.util.Optional<FixedRun> fixedRun() {
        return java.util.Optional.empty();
    }

    /**
     * A terminal's mean keying plus think time per transaction at the benchmark's own times (think
     * factor 1), over its mix; 0 when its terminals neither key nor think. With the mean response
     * time it gives the mean cycle the warm-up is judged against ({@code warm-up-cycle}).
     */
    default double meanKeyingAndThinkSeconds() {
        return 0;
    }

    /**
     * Why this benchmark wants no checkpoint inside its run, or empty when its measurement
     * interval should cover the database's checkpoints and autovacuum ({@code long-enough}).
     */
    default java.util.Optional<String> checkpointsUnwanted() {
        return java.util.Optional.empty();
    }

    /** The consistency conditions of the benchmark, evaluated by the database. */
    List<CheckResult> checkConsistency(Connection c) throws SQLException;

    /**
     * The consistency conditions as far as they can be checked on one part's slice of the units
     * ({@code tpkit check --partition I/N}): the conditions per unit restricted to the slice, the
     * part's first slice open below and its last open above, so that the parts together check every
     * row the whole check would; the conditions on the whole database are listed as
     * {@link CheckResult#skipped skipped}, saying so. By default a workload checks the whole
     * database only.
     */
    default List<CheckResult> checkConsistency(Connection c, io.tpkit.config.Partition part) throws SQLException {
        throw new io.tpkit.config.BadInputException("this workload checks the whole database only: leave out "
                + "--partition");
    }

    /**
     * For {@code tpkit check} when {@link #loadedScale} found no data of a tpkit load: the
     * workload's tables as another tool filled them, or empty when there are none (or the
     * workload checks only its own loads, the default). A database with some of the tables but
     * not all it needs is {@link io.tpkit.config.BadInputException bad input} naming what is missing.
     */
    default java.util.Optional<ForeignData> foreignData(Connection c) throws SQLException {
        return java.util.Optional.empty();
    }

    /**
     * The shortest measurement interval the benchmark accepts (a shorter run is labelled).
     * TPC-A/B are recalled to ask for 15 minutes; TPC-C asks for 2 hours for a disclosed result.
     */
    default java.time.Duration minimumMeasurement() {
        return java.time.Duration.ofMinutes(15);
    }

    /** The validity rules specific to this workload, given what the run measured. */
    List<RuleResult> validityRules(MeasuredRun facts);
}
