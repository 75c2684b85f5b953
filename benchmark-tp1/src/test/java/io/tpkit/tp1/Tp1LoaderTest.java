package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class Tp1LoaderTest {
    private final Tp1Dialect dialect = Tp1Dialect.of("postgresql");

    @Test
    void loadsEveryRowOnceWithZeroBalancesThenKeysAndStatistics() throws Exception {
        FakeDatabase db = new FakeDatabase();
        Tp1Size size = new Tp1Size(3, 25_000);
        new Tp1Loader(size, dialect, db.context(4)).load();

        assertThat(db.rows.get("tp1_branch")).containsExactly(
                List.of(1L, 0L, Tp1Tables.BRANCH_FILLER), List.of(2L, 0L, Tp1Tables.BRANCH_FILLER),
                List.of(3L, 0L, Tp1Tables.BRANCH_FILLER));
        List<List<Object>> tellers = db.rows.get("tp1_teller");
        assertThat(tellers).hasSize(30);
        for (List<Object> t : tellers) {
            assertThat(t.get(1)).isEqualTo((((Long) t.get(0)) - 1) / 10 + 1);
            assertThat(t.subList(2, 4)).containsExactly(0L, Tp1Tables.TELLER_FILLER);
        }
        List<List<Object>> accounts = db.rows.get("tp1_account");
        assertThat(accounts).hasSize(75_000);
        boolean[] seen = new boolean[75_001];
        for (List<Object> a : accounts) {
            int aid = ((Long) a.get(0)).intValue();
            assertThat(seen[aid]).as("aid %d twice", aid).isFalse();
            seen[aid] = true;
            assertThat(a.get(1)).isEqualTo((long) size.branchOfAccount(aid));
            assertThat(a.subList(2, 4)).containsExactly(0L, Tp1Tables.ACCOUNT_FILLER);
        }
        assertThat(db.rows).doesNotContainKey("tp1_history");

        assertThat(db.expected.get()).isEqualTo(75_033);
        assertThat(db.reported.get()).isEqualTo(75_033);
        assertThat(db.steps).containsExactly("branches and tellers", "accounts", "primary keys", "foreign keys",
                "analyze");
        assertThat(db.statements).containsExactlyElementsOf(
                concat(dialect.primaryKeys(), dialect.foreignKeys()));
        assertThat(db.analyzed).containsExactly("tp1_branch", "tp1_teller", "tp1_account", "tp1_history");
        // 3 branches for 4 threads: the accounts are cut into 4 even slices, not 3 whole branches
        assertThat(db.opened.get()).as("one connection per loader thread plus the main one").isEqualTo(5);
        assertThat(db.closed.get()).isEqualTo(db.opened.get());
    }

    @Test
    void theSlicesOfASplitLoadHoldExactlyTheRowsOfAWholeLoad() throws Exception {
        Tp1Size size = new Tp1Size(5, 3_000);
        FakeDatabase whole = new FakeDatabase();
        new Tp1Loader(size, dialect, whole.context(3)).load();
        for (int parts = 1; parts <= 5; parts++) {
            java.util.Map<String, java.util.Set<List<Object>>> together = new java.util.HashMap<>();
            long rows = 0;
            for (int i = 1; i <= parts; i++) {
                io.tpkit.config.Partition part = new io.tpkit.config.Partition(i, parts, "r");
                FakeDatabase slice = new FakeDatabase();
                new Tp1Loader(size, dialect, slice.context(3)).loadSlice(part.firstUnit(5) + 1, part.endUnit(5));
                assertThat(slice.statements).as("no keys before every slice is in").isEmpty();
                assertThat(slice.reported.get()).isEqualTo(slice.expected.get());
                rows += slice.reported.get();
                slice.rows.forEach((table, r) -> r.forEach(row ->
                        assertThat(together.computeIfAbsent(table, t -> new java.util.HashSet<>()).add(row))
                                .as("%s row %s loaded twice", table, row).isTrue()));
            }
            assertThat(rows).isEqualTo(whole.reported.get());
            // as sets: containsExactlyInAnyOrder is quadratic, half a minute on these 15,000 rows
            whole.rows.forEach((table, r) -> {
                assertThat(together.get(table)).as(table).hasSameSizeAs(r);
                assertThat(together.get(table)).as(table).isEqualTo(java.util.Set.copyOf(r));
            });
        }
    }

    @Test
    void manyBranchesAreSplitIntoWholeBranchesPerThread() throws Exception {
        FakeDatabase db = new FakeDatabase();
        new Tp1Loader(new Tp1Size(10, 10_000), dialect, db.context(4)).load();
        assertThat(db.rows.get("tp1_account")).hasSize(100_000);
        assertThat(db.opened.get()).isEqualTo(5);
    }

    @Test
    void fewBranchesAreStillSplitBetweenThreads() throws Exception {
        FakeDatabase db = new FakeDatabase();
        new Tp1Loader(new Tp1Size(1, 100_000), dialect, db.context(4)).load();
        assertThat(db.rows.get("tp1_account")).hasSize(100_000);
        assertThat(db.opened.get()).isEqualTo(5);
    }

    @Test
    void aSmallTableUsesOneThread() throws Exception {
        FakeDatabase db = new FakeDatabase();
        new Tp1Loader(new Tp1Size(2, 100), dialect, db.context(8)).load();
        assertThat(db.rows.get("tp1_account")).hasSize(200);
        assertThat(db.opened.get()).isEqualTo(2);
    }

    @Test
    void theFirstFailureIsReportedAndNoKeysAreAdded() {
        FakeDatabase db = new FakeDatabase();
        db.failOn = row -> row.size() == 4 && row.get(0).equals(123_456L) && row.get(3).equals(Tp1Tables.ACCOUNT_FILLER);
        assertThatThrownBy(() -> new Tp1Loader(new Tp1Size(8, 100_000), dialect, db.context(4)).load())
                .isInstanceOf(SQLException.class).hasMessageContaining("fake failure at [123456,");
        assertThat(db.statements).isEmpty();
        assertThat(db.analyzed).isEmpty();
        assertThat(db.closed.get()).isEqualTo(db.opened.get());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
