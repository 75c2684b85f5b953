package io.tpkit.tp1;

import io.tpkit.config.Partition;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.sql.KeyRange;
import io.tpkit.sql.NamedSql;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The DebitCredit consistency condition and the stricter checks derived from it. They hold
 * because balances start at 0 and history empty, and every committed transaction adds the same
 * delta to one account, its teller, the teller's branch and one history row. The global sums
 * alone can hide compensating errors, so each teller, branch and account is also checked against
 * its own history. The queries are the dialect's ({@code balance-sums}, {@code *-mismatches}).
 */
final class ConsistencyChecks {
    /** Offending ids shown in a failed check's detail. */
    private static final int EXAMPLES = 5;

    private final Tp1Size size;
    private final NamedSql sql;

    ConsistencyChecks(Tp1Size size, NamedSql sql) {
        this.size = size;
        this.sql = sql;
    }

    List<CheckResult> run(Connection c) throws SQLException {
        return run(c, null);
    }

    /**
     * The checks on the slice of {@code part}'s branches, with their tellers and accounts (all
     * when {@code part} is null). The sums over the whole database cannot be checked on a slice
     * (an account's branch is not always its transactions' branch, and history rows may name any
     * account): they are listed as skipped, for a check without --partition.
     */
    List<CheckResult> run(Connection c, Partition part) throws SQLException {
        KeyRange branches = part == null ? ALL : KeyRange.ofSlice(part, size.branches(), 1);
        KeyRange tellers = part == null ? ALL : KeyRange.ofSlice(part, size.branches(), Tp1Size.TELLERS_PER_BRANCH);
        KeyRange accountIds = part == null ? ALL : KeyRange.ofSlice(part, size.branches(), size.accountsPerBranch());
        List<CheckResult> results = new ArrayList<>();
        // accounts a T1 run amended count at their balance before it (see Amends)
        java.util.Map<Integer, Long> amended = new java.util.TreeMap<>(Amends.byAccount(c, sql));
        amended.keySet().removeIf(aid -> !accountIds.contains(aid));
        java.util.Map<String, String> accounts = java.util.Map.of("accounts",
                sql.sql(amended.isEmpty() ? "accounts" : "accounts-at-base"));
        try (Statement s = c.createStatement()) {
            results.add(part == null ? rowCounts(s) : rowCounts(s, part, branches, tellers, accountIds));
            if (!amended.isEmpty()) {
                results.add(amends(amended));
            }
            if (part == null) {
                results.add(globalSums(s, accounts));
            } else {
                results.add(CheckResult.skipped("balance-sums-equal", "sums over the whole database: "
                        + "'tpkit check tp1' without --partition checks them"));
            }
            String of = part == null ? "" : " of " + part.slice(size.branches(), "branches");
            results.add(mismatches(s, "teller-balances-match-history", "tellers" + of, "their history deltas",
                    sliceSize(part, Tp1Size.TELLERS_PER_BRANCH), tellers.restrict(sql.sql("teller-mismatches"), "tid")));
            results.add(mismatches(s, "branch-balances-match-history", "branches" + of, "their history deltas",
                    sliceSize(part, 1), branches.restrict(sql.sql("branch-mismatches"), "bid")));
            // every account, not only those in history: an untouched account must still hold 0
            results.add(mismatches(s, "account-balances-match-history", "accounts" + of, "their history deltas",
                    sliceSize(part, size.accountsPerBranch()),
                    accountIds.restrict(sql.sql("account-mismatches", accounts), "aid")));
            // holds only because bid is always the teller's branch (pgbench breaks it)
            results.add(mismatches(s, "branch-balances-match-tellers", "branches" + of, "their tellers' balances",
                    sliceSize(part, 1), branches.restrict(sql.sql("branch-teller-mismatches"), "bid")));
        }
        if (!c.getAutoCommit()) {
            c.commit(); // end the read transaction
        }
        return results;
    }

    private static final KeyRange ALL = new KeyRange(null, null);

    /** The ids the slice holds when each branch holds {@code perBranch}; all when {@code part} is null. */
    private long sliceSize(Partition part, long perBranch) {
        int b = size.branches();
        return perBranch * (part == null ? b : part.endUnit(b) - part.firstUnit(b));
    }

    private CheckResult rowCounts(Statement s) throws SQLException {
        long branches = LoadedData.count(s, sql, Tp1Tables.BRANCH);
        long tellers = LoadedData.count(s, sql, Tp1Tables.TELLER);
        long accounts = LoadedData.count(s, sql, Tp1Tables.ACCOUNT);
        boolean ok = branches == size.branches() && tellers == size.tellers() && accounts == size.accounts();
        return CheckResult.of("row-counts", ok, String.format(
                "%d branches, %d tellers, %d accounts (expected %d, %d, %d)",
                branches, tellers, accounts, size.branches(), size.tellers(), size.accounts()));
    }

    private CheckResult rowCounts(Statement s, Partition part, KeyRange branches, KeyRange tellers,
                                  KeyRange accountIds) throws SQLException {
        long b = count(s, "SELECT COUNT(*) FROM " + Tp1Tables.BRANCH + " WHERE " + branches.condition("bid"));
        long t = count(s, "SELECT COUNT(*) FROM " + Tp1Tables.TELLER + " WHERE " + tellers.condition("tid"));
        long a = count(s, "SELECT COUNT(*) FROM " + Tp1Tables.ACCOUNT + " WHERE " + accountIds.condition("aid"));
        long eb = sliceSize(part, 1);
        long et = sliceSize(part, Tp1Size.TELLERS_PER_BRANCH);
        long ea = sliceSize(part, size.accountsPerBranch());
        return CheckResult.of("row-counts", b == eb && t == et && a == ea, String.format(
                "%d branches, %d tellers, %d accounts in %s (expected %d, %d, %d)",
                b, t, a, part.slice(size.branches(), "branches"), eb, et, ea));
    }

    /**
     * The record of a T1 run: each amend added {@link Amends#DELTA}, so no recorded account can
     * hold less than its base. That they are the only accounts amended without history is what
     * the account checks below show.
     */
    private static CheckResult amends(java.util.Map<Integer, Long> amended) {
        long total = amended.values().stream().mapToLong(Long::longValue).sum();
        boolean ok = amended.values().stream().allMatch(n -> n >= 0);
        String byAccount = amended.size() <= EXAMPLES * 2 ? amended.toString()
                : amended.entrySet().stream().limit(EXAMPLES * 2).map(Object::toString)
                .collect(java.util.stream.Collectors.joining(", ", "{", ", ... " + (amended.size() - EXAMPLES * 2)
                        + " more}"));
        return CheckResult.of("t1-amends-recorded", ok, amended.size() + " account" + (amended.size() == 1 ? "" : "s")
                + " recorded by the last T1 run, amended " + total + " times since (balance minus the balance "
                + "before the run, by account: " + byAccount + "); the checks below count them at their balance "
                + "before the run, the next run that is not T1 restores it");
    }

    private CheckResult globalSums(Statement s, java.util.Map<String, String> accountRows) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql.sql("balance-sums", accountRows))) {
            rs.next();
            BigDecimal accounts = rs.getBigDecimal(1);
            BigDecimal tellers = rs.getBigDecimal(2);
            BigDecimal branches = rs.getBigDecimal(3);
            BigDecimal history = rs.getBigDecimal(4);
            boolean ok = accounts.compareTo(tellers) == 0 && tellers.compareTo(branches) == 0
                    && branches.compareTo(history) == 0;
            return CheckResult.of("balance-sums-equal", ok, String.format(
                    "sum of account balances %s, teller balances %s, branch balances %s, history deltas %s",
                    accounts.toPlainString(), tellers.toPlainString(), branches.toPlainString(),
                    history.toPlainString()));
        }
    }

    /**
     * Passes when {@code idQuery} (the ids whose balance is wrong) returns no row; the detail
     * names a few offenders.
     */
    private CheckResult mismatches(Statement s, String name, String rows, String source, long checked,
                                   String idQuery) throws SQLException {
        long bad = count(s, sql.sql("count-of", java.util.Map.of("query", idQuery)));
        if (bad == 0) {
            // "the only row of branches holds", "all 10 branches hold" (rows may go on: "branches of part 1/2")
            return CheckResult.of(name, true, checked == 1
                    ? "the only row of " + rows + " holds the sum of " + source
                    : "all " + checked + " " + rows + " hold the sum of " + source);
        }
        List<String> ids = new ArrayList<>();
        s.setMaxRows(EXAMPLES);
        try (ResultSet rs = s.executeQuery(idQuery)) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        } finally {
            s.setMaxRows(0);
        }
        return CheckResult.of(name, false, bad + " of " + checked + " " + rows
                + " do not hold the sum of " + source + ", e.g. ids " + ids);
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
