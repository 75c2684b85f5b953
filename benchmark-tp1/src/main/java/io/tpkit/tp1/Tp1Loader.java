package io.tpkit.tp1;

import io.tpkit.load.ParallelTasks;
import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.LoadContext;
import io.tpkit.sql.SqlScript;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Loads the initial database: every balance 0, history empty. Rows are streamed through the
 * database's bulk path (COPY on PostgreSQL); no table is ever held in memory. Branches and
 * tellers are small and loaded on one connection; accounts are split into contiguous id ranges
 * (whole branches when there are enough of them), one thread and connection per range. Keys are
 * added afterwards, because building an index once is much faster than maintaining it per row.
 */
final class Tp1Loader {
    /** Progress granularity: often enough for a smooth bar, rarely enough to cost nothing. */
    static final int REPORT_EVERY = 5_000;
    /** Below this many accounts a thread costs more than it saves. */
    private static final int MIN_ACCOUNTS_PER_THREAD = 10_000;

    private final Tp1Size size;
    private final Tp1Dialect dialect;
    private final LoadContext context;
    private final DatabasePlugin database;
    /** Rows of the single-threaded part not yet reported. */
    private long pending;

    Tp1Loader(Tp1Size size, Tp1Dialect dialect, LoadContext context) {
        this.size = size;
        this.dialect = dialect;
        this.context = context;
        this.database = context.database();
    }

    void load() throws Exception {
        try (Connection c = context.connect()) {
            loadSlice(c, 1, size.branches());
            finish(c);
        }
    }

    /**
     * Branches {@code first} to {@code last} (inclusive) with their tellers and accounts: one
     * part's slice of a split load. Every row is what a whole load writes for it.
     */
    void loadSlice(int first, int last) throws Exception {
        try (Connection c = context.connect()) {
            loadSlice(c, first, last);
        }
    }

    /** After every slice: the keys, then statistics. */
    void finish() throws Exception {
        try (Connection c = context.connect()) {
            finish(c);
        }
    }

    private void loadSlice(Connection c, int first, int last) throws Exception {
        long branches = last - first + 1L;
        context.expectRows(branches * (1 + Tp1Size.TELLERS_PER_BRANCH + size.accountsPerBranch()));
        context.step("branches and tellers");
        loadBranchesAndTellers(c, first, last);
        context.step("accounts");
        loadAccountsInParallel(first, last);
    }

    private void finish(Connection c) throws Exception {
        context.step("primary keys");
        SqlScript.execute(c, dialect.primaryKeys());
        context.step("foreign keys");
        SqlScript.execute(c, dialect.foreignKeys());
        context.step("analyze");
        database.analyze(c, Tp1Tables.ALL);
    }

    private void loadBranchesAndTellers(Connection c, int first, int last) throws SQLException {
        stream(c, Tp1Tables.BRANCH, Tp1Tables.BRANCH_COLUMNS, w -> {
            for (long bid = first; bid <= last; bid++) {
                w.add(bid).add(0).add(Tp1Tables.BRANCH_FILLER).endRow();
                counted(1);
            }
        });
        stream(c, Tp1Tables.TELLER, Tp1Tables.TELLER_COLUMNS, w -> {
            long end = (long) last * Tp1Size.TELLERS_PER_BRANCH;
            for (long tid = (long) (first - 1) * Tp1Size.TELLERS_PER_BRANCH + 1; tid <= end; tid++) {
                w.add(tid).add(size.branchOfTeller((int) tid)).add(0).add(Tp1Tables.TELLER_FILLER).endRow();
                counted(1);
            }
        });
        flushProgress();
    }

    private void loadAccountsInParallel(int first, int last) throws Exception {
        int accounts = (last - first + 1) * size.accountsPerBranch();
        int threads = Math.max(1, Math.min(context.parallelism(), Math.ceilDiv(accounts, MIN_ACCOUNTS_PER_THREAD)));
        List<IdRange> ranges = accountRanges(first, last, threads);
        AtomicBoolean cancelled = new AtomicBoolean();
        List<Callable<Void>> tasks = new ArrayList<>();
        for (IdRange range : ranges) {
            tasks.add(() -> {
                loadAccounts(range, cancelled);
                return null;
            });
        }
        ParallelTasks.run("tp1-loader", ranges.size(), tasks, cancelled);
    }

    /**
     * The accounts of branches {@code first..last}: whole branches per thread when there are
     * enough branches; otherwise even account slices.
     */
    private List<IdRange> accountRanges(int first, int last, int threads) {
        int branches = last - first + 1;
        int offset = size.firstAccount(first) - 1;
        if (branches >= threads) {
            return IdRange.split(branches, threads).stream()
                    .map(b -> new IdRange(size.firstAccount(first - 1 + b.first()),
                            size.firstAccount(first - 1 + b.last()) - 1 + size.accountsPerBranch()))
                    .toList();
        }
        return IdRange.split(branches * size.accountsPerBranch(), threads).stream()
                .map(r -> new IdRange(offset + r.first(), offset + r.last()))
                .toList();
    }

    private void loadAccounts(IdRange range, AtomicBoolean cancelled) throws SQLException {
        try (Connection c = context.connect()) {
            stream(c, Tp1Tables.ACCOUNT, Tp1Tables.ACCOUNT_COLUMNS, w -> {
                int inBatch = 0;
                // a long counter: an int would overflow when the last id is Integer.MAX_VALUE
                for (long aid = range.first(); aid <= range.last(); aid++) {
                    w.add(aid).add(size.branchOfAccount((int) aid)).add(0).add(Tp1Tables.ACCOUNT_FILLER).endRow();
                    if (++inBatch == REPORT_EVERY) {
                        context.rowsDone(inBatch);
                        inBatch = 0;
                        if (cancelled.get() || Thread.currentThread().isInterrupted()) {
                            throw new CancellationException("another loader thread failed");
                        }
                    }
                }
                context.rowsDone(inBatch);
            });
        }
    }

    /** Progress of the single-threaded part, batched like the account threads do. */
    private void counted(int rows) {
        pending += rows;
        if (pending >= REPORT_EVERY) {
            flushProgress();
        }
    }

    private void flushProgress() {
        if (pending > 0) {
            context.rowsDone(pending);
            pending = 0;
        }
    }


    @FunctionalInterface
    private interface Rows {
        void write(BulkWriter w) throws SQLException;
    }

    /**
     * Streams rows into one table. The stream is finished even when writing fails, so that the
     * pooled connection goes back clean; the rows already sent stay, but a failed load never adds
     * its keys, which {@link LoadedData} reports as an unfinished load.
     */
    private void stream(Connection c, String table, List<String> columns, Rows rows) throws SQLException {
        try (BulkWriter writer = database.bulkWriter(c, table, columns)) {
            rows.write(writer);
        }
    }
}
