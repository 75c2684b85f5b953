package io.tpkit.split;

import io.tpkit.config.BadInputException;
import io.tpkit.config.Partition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Where the parts of a load split across driver processes meet: two tables in the database under
 * test, so that they need no coordination service of their own. Part 1, having created the
 * schema, starts a generation (a fresh random id, the load's terms, created at the database's
 * clock); every part joins it with a row for its slice and marks the row loaded when its slice
 * is in; part 1 then builds what spans the slices and marks the generation done.
 *
 * <p>Each part's row beats (a counter it adds 1 to every {@link #BEAT}, on a connection of its
 * own) for as long as the part works. That is how the parts tell a live load from the rows an
 * earlier one left behind, without trusting anyone's clock or time zone: a part other than 1
 * joins only a generation that is not done and whose beat it sees advance, so neither a finished
 * load nor one whose part 1 died fools it; and a wait on another part ends, with a line naming
 * it, only when that part's beat stops for the timeout (or it says it failed), never because a
 * slice or the keys take long. Part 1 deletes the rows of earlier loads of the workload as it
 * starts a generation: their data went with the schema it dropped.
 */
final class LoadGeneration implements AutoCloseable {
    static final String GENERATIONS = "tpkit_load_generations";
    static final String SLICES = "tpkit_load_slices";
    static final Duration BEAT = Duration.ofSeconds(1);
    private static final long POLL_MS = 200;

    static final String LOADING = "loading";
    static final String LOADED = "loaded";
    static final String DONE = "done";
    static final String FAILED = "failed";

    /**
     * What every part must agree on; part 1's are the generation's, and a part that joins adopts
     * its seed (so that each unit gets the generators a whole load would give it) and, when it
     * was given none, its scale.
     *
     * @param options the workload's options as given, in a canonical order
     */
    record Terms(String workload, int parts, int scale, long seed, String options) {
    }

    private final Connections db;
    private final Partition part;
    private final String id;
    private final Terms terms;
    private final Connection beatConnection;
    private final ScheduledExecutorService beater;

    private LoadGeneration(Connections db, Partition part, String id, Terms terms) throws SQLException {
        this.db = db;
        this.part = part;
        this.id = id;
        this.terms = terms;
        this.beatConnection = db.open();
        beatConnection.setAutoCommit(true);
        this.beater = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "load-part-beat");
            t.setDaemon(true);
            return t;
        });
    }

    Terms terms() {
        return terms;
    }

    /** Part 1, after creating the schema: a new generation of the load, beating from now on. */
    static LoadGeneration start(Connections db, Partition part, Terms terms) throws SQLException {
        String id = UUID.randomUUID().toString();
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            createTables(c);
            try (PreparedStatement old = c.prepareStatement("DELETE FROM " + SLICES + " WHERE generation IN "
                    + "(SELECT generation FROM " + GENERATIONS + " WHERE workload = ?)")) {
                old.setString(1, terms.workload());
                old.executeUpdate();
            }
            try (PreparedStatement old = c.prepareStatement("DELETE FROM " + GENERATIONS + " WHERE workload = ?")) {
                old.setString(1, terms.workload());
                old.executeUpdate();
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + GENERATIONS + " (generation, workload, "
                    + "parts, scale, seed, load_options, created_at, beat, state) VALUES (?, ?, ?, ?, ?, ?, "
                    + "CURRENT_TIMESTAMP, 0, ?)")) {
                insert.setString(1, id);
                insert.setString(2, terms.workload());
                insert.setInt(3, terms.parts());
                insert.setInt(4, terms.scale());
                insert.setLong(5, terms.seed());
                insert.setString(6, terms.options());
                insert.setString(7, LOADING);
                insert.executeUpdate();
            }
        }
        LoadGeneration g = new LoadGeneration(db, part, id, terms);
        g.beginSlice();
        g.beat("UPDATE " + GENERATIONS + " SET beat = beat + 1 WHERE generation = ?");
        return g;
    }

    /**
     * A part other than 1: waits for part 1's live generation, checks that it agrees on the
     * terms (other than the seed, and the scale when this part was given none) and joins it.
     */
    static LoadGeneration join(Connections db, Partition part, Terms mine, boolean scaleGiven, Duration timeout,
                               Consumer<String> say) throws SQLException, InterruptedException {
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            createTables(c);
        }
        say.accept("part " + part.label() + " of the " + mine.workload() + " load: waiting for part 1 to "
                + "create the schema (at most " + timeout.toSeconds() + " s)");
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Long> firstBeats = new HashMap<>();
        while (true) {
            List<String> live = new ArrayList<>();
            Map<String, Terms> seen = new HashMap<>();
            try (Connection c = db.open()) {
                c.setAutoCommit(true);
                try (PreparedStatement q = c.prepareStatement("SELECT generation, parts, scale, seed, load_options, beat "
                        + "FROM " + GENERATIONS + " WHERE workload = ? AND state = ?")) {
                    q.setString(1, mine.workload());
                    q.setString(2, LOADING);
                    try (ResultSet rs = q.executeQuery()) {
                        while (rs.next()) {
                            String g = rs.getString(1);
                            long beat = rs.getLong(6);
                            Long first = firstBeats.putIfAbsent(g, beat);
                            if (first != null && first != beat) {
                                live.add(g);
                                seen.put(g, new Terms(mine.workload(), rs.getInt(2), rs.getInt(3), rs.getLong(4),
                                        rs.getString(5)));
                            }
                        }
                    }
                }
            }
            if (live.size() > 1) {
                throw new BadInputException("two loads of " + mine.workload() + " are under way in this database: "
                        + "start one part 1 only, then the other parts");
            }
            if (live.size() == 1) {
                Terms theirs = seen.get(live.getFirst());
                Terms adopted = agree(mine, theirs, scaleGiven, part);
                LoadGeneration g = new LoadGeneration(db, part, live.getFirst(), adopted);
                g.beginSlice();
                return g;
            }
            if (System.nanoTime() > deadline) {
                throw new BadInputException("part 1 of " + mine.parts() + " of the " + mine.workload() + " load did "
                        + "not start loading within " + timeout.toSeconds() + " s: start part 1 (it creates the "
                        + "schema) with the same --partition count against the same database; nothing was loaded");
            }
            Thread.sleep(POLL_MS);
        }
    }

    private static Terms agree(Terms mine, Terms theirs, boolean scaleGiven, Partition part) {
        String name = mine.workload();
        if (theirs.parts() != mine.parts()) {
            throw new BadInputException("part 1 of the " + name + " load splits it in " + theirs.parts() + " parts, "
                    + "this part " + part.label() + " in " + mine.parts() + ": give every part the same --partition "
                    + "count");
        }
        if (scaleGiven && theirs.scale() != mine.scale()) {
            throw new BadInputException("part 1 of the " + name + " load loads scale " + theirs.scale() + ", this "
                    + "part " + part.label() + " was given " + mine.scale() + ": give every part the same --scale");
        }
        if (!theirs.options().equals(mine.options())) {
            throw new BadInputException("part 1 of the " + name + " load has the options '" + theirs.options().strip()
                    + "', this part " + part.label() + " '" + mine.options().strip() + "': give every part the "
                    + "same options");
        }
        return new Terms(name, mine.parts(), theirs.scale(), theirs.seed(), mine.options());
    }

    private void beginSlice() throws SQLException {
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + SLICES
                    + " (generation, part, beat, rows_done, state) VALUES (?, ?, 0, 0, ?)")) {
                insert.setString(1, id);
                insert.setInt(2, part.index());
                insert.setString(3, LOADING);
                insert.executeUpdate();
            } catch (SQLException e) {
                if (sliceState(c, part.index()) != null) {
                    throw new BadInputException("part " + part.label() + " of the " + terms.workload() + " load has "
                            + "joined already: give each process its own part (I of --partition I/N)", e);
                }
                throw e;
            }
        }
        beat("UPDATE " + SLICES + " SET beat = beat + 1 WHERE generation = ? AND part = " + part.index());
    }

    private void beat(String update) {
        beater.scheduleWithFixedDelay(() -> {
            try (PreparedStatement u = beatConnection.prepareStatement(update)) {
                u.setString(1, id);
                u.executeUpdate();
            } catch (SQLException ignored) {
                // a beat missed is one of many; the timeout is far longer than a beat
            }
        }, 0, BEAT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** This part's slice is in, with {@code rows} rows. */
    void sliceLoaded(long rows) throws SQLException {
        setSlice(LOADED, rows);
    }

    /** Tells the other parts that this one failed, so that they stop at once rather than at the timeout. */
    void failed() {
        try {
            setSlice(FAILED, -1);
            if (part.index() == 1) {
                setGeneration(FAILED);
            }
        } catch (SQLException ignored) {
            // the others then stop when this part's beat does
        }
    }

    /** Part 1, once the keys and the load's marker are in. */
    void done() throws SQLException {
        setGeneration(DONE);
    }

    /**
     * Part 1: waits until every part has loaded its slice. A part that has not joined within
     * {@code timeout} of the generation's start, or whose beat stops for {@code timeout}, ends
     * the load with a line naming it.
     */
    void awaitSlices(Duration timeout, Consumer<String> say) throws SQLException, InterruptedException {
        long started = System.nanoTime();
        Map<Integer, long[]> lastBeat = new HashMap<>(); // part -> {beat, when it last changed (nanos)}
        java.util.Set<Integer> told = new java.util.HashSet<>();
        while (true) {
            Map<Integer, Object[]> rows = slices();
            List<Integer> missing = new ArrayList<>();
            List<Integer> loading = new ArrayList<>();
            long now = System.nanoTime();
            for (int i = 1; i <= terms.parts(); i++) {
                Object[] row = rows.get(i);
                if (row == null) {
                    missing.add(i);
                    continue;
                }
                String state = (String) row[0];
                if (FAILED.equals(state)) {
                    throw new BadInputException("part " + i + "/" + terms.parts() + " of the " + terms.workload()
                            + " load failed to load its slice (its own output says why): the data is incomplete; "
                            + "load again with every part");
                }
                if (LOADED.equals(state)) {
                    if (told.add(i) && i != part.index()) {
                        say.accept("part " + i + "/" + terms.parts() + " loaded its slice");
                    }
                    continue;
                }
                loading.add(i);
                long beat = (Long) row[1];
                long[] last = lastBeat.get(i);
                if (last == null || last[0] != beat) {
                    lastBeat.put(i, new long[] {beat, now});
                } else if (now - last[1] > timeout.toNanos()) {
                    throw new BadInputException("part " + i + "/" + terms.parts() + " of the " + terms.workload()
                            + " load stopped while loading its slice (no sign of it for " + timeout.toSeconds()
                            + " s): the data is incomplete; load again with every part");
                }
            }
            if (missing.isEmpty() && loading.isEmpty()) {
                return;
            }
            if (!missing.isEmpty() && now - started > timeout.toNanos()) {
                throw new BadInputException("part(s) " + join(missing) + " of " + terms.parts() + " of the "
                        + terms.workload() + " load did not join within " + timeout.toSeconds() + " s: start every "
                        + "part with the same --partition count against the same database; the data is incomplete, "
                        + "load again with every part");
            }
            Thread.sleep(POLL_MS);
        }
    }

    /**
     * A part other than 1, its slice loaded: waits until part 1 marks the load done, for as long
     * as part 1's beat goes on.
     */
    void awaitDone(Duration timeout) throws SQLException, InterruptedException {
        long lastBeat = Long.MIN_VALUE;
        long changed = System.nanoTime();
        while (true) {
            String state;
            long beat;
            try (Connection c = db.open()) {
                c.setAutoCommit(true);
                try (PreparedStatement q = c.prepareStatement("SELECT state, beat FROM " + GENERATIONS
                        + " WHERE generation = ?")) {
                    q.setString(1, id);
                    try (ResultSet rs = q.executeQuery()) {
                        if (!rs.next()) {
                            throw new BadInputException("the " + terms.workload() + " load this part " + part.label()
                                    + " joined is gone: part 1 started another load; start this part again");
                        }
                        state = rs.getString(1);
                        beat = rs.getLong(2);
                    }
                }
            }
            if (DONE.equals(state)) {
                return;
            }
            if (FAILED.equals(state)) {
                throw new BadInputException("part 1/" + terms.parts() + " of the " + terms.workload() + " load "
                        + "failed (its own output says why): the data is incomplete; load again with every part");
            }
            long now = System.nanoTime();
            if (beat != lastBeat) {
                lastBeat = beat;
                changed = now;
            } else if (now - changed > timeout.toNanos()) {
                throw new BadInputException("part 1/" + terms.parts() + " of the " + terms.workload() + " load "
                        + "stopped before it finished (no sign of it for " + timeout.toSeconds() + " s): the data is "
                        + "incomplete; load again with every part");
            }
            Thread.sleep(POLL_MS);
        }
    }

    private static String join(List<Integer> parts) {
        return String.join(", ", parts.stream().map(String::valueOf).toList());
    }

    /** part -> {state, beat}. */
    private Map<Integer, Object[]> slices() throws SQLException {
        Map<Integer, Object[]> rows = new TreeMap<>();
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            try (PreparedStatement q = c.prepareStatement("SELECT part, state, beat FROM " + SLICES
                    + " WHERE generation = ?")) {
                q.setString(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        rows.put(rs.getInt(1), new Object[] {rs.getString(2), rs.getLong(3)});
                    }
                }
            }
        }
        return rows;
    }

    private String sliceState(Connection c, int index) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT state FROM " + SLICES
                + " WHERE generation = ? AND part = ?")) {
            q.setString(1, id);
            q.setInt(2, index);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private void setSlice(String state, long rows) throws SQLException {
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            try (PreparedStatement u = c.prepareStatement("UPDATE " + SLICES + " SET state = ?, rows_done = ? "
                    + "WHERE generation = ? AND part = ?")) {
                u.setString(1, state);
                u.setLong(2, rows);
                u.setString(3, id);
                u.setInt(4, part.index());
                u.executeUpdate();
            }
        }
    }

    private void setGeneration(String state) throws SQLException {
        try (Connection c = db.open()) {
            c.setAutoCommit(true);
            try (PreparedStatement u = c.prepareStatement("UPDATE " + GENERATIONS + " SET state = ? "
                    + "WHERE generation = ?")) {
                u.setString(1, state);
                u.setString(2, id);
                u.executeUpdate();
            }
        }
    }

    /** The two tables, if they are not there (several parts may ask at once). */
    private static void createTables(Connection c) throws SQLException {
        String[] ddl = {
            "CREATE TABLE IF NOT EXISTS " + GENERATIONS + " (generation VARCHAR(40) NOT NULL PRIMARY KEY, "
                    + "workload VARCHAR(64) NOT NULL, parts INT NOT NULL, scale INT NOT NULL, seed BIGINT NOT NULL, "
                    + "load_options VARCHAR(2000) NOT NULL, created_at TIMESTAMP NOT NULL, beat BIGINT NOT NULL, "
                    + "state VARCHAR(16) NOT NULL)",
            "CREATE TABLE IF NOT EXISTS " + SLICES + " (generation VARCHAR(40) NOT NULL, part INT NOT NULL, "
                    + "beat BIGINT NOT NULL, rows_done BIGINT NOT NULL, state VARCHAR(16) NOT NULL, "
                    + "PRIMARY KEY (generation, part))"};
        for (String sql : ddl) {
            io.tpkit.sql.SharedTable.create(c, sql);
        }
    }

    /** Stops beating: the other parts then see this part gone once their timeout passes. */
    @Override
    public void close() {
        beater.shutdownNow();
        try {
            beater.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            beatConnection.close();
        } catch (SQLException ignored) {
            // the pool closes it with the target
        }
    }
}
