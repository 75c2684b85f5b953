package io.tpkit.tp1;

import io.tpkit.spi.workload.CheckResult;
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
        List<CheckResult> results = new ArrayList<>();
        // accounts a T1 run amended count at their balance before it (see Amends)
        java.util.Map<Integer, Long> amended = Amends.byAccount(c, sql);
        java.util.Map<String, String> accounts = java.util.Map.of("accounts",
                sql.sql(amended.isEmpty() ? "accounts" : "accounts-at-base"));
        try (Statement s = c.createStatement()) {
            results.add(rowCounts(s));
            if (!amended.isEmpty()) {
                results.add(amends(amended));
            }
            results.add(globalSums(s, accounts));
            results.add(mismatches(s, "teller-balances-match-history",
                    "tellers", "their history deltas", size.tellers(), sql.sql("teller-mismatches")));
            results.add(mismatches(s, "branch-balances-match-history",
                    "branches", "their history deltas", size.branches(), sql.sql("branch-mismatches")));
            // every account, not only those in history: an untouched account must still hold 0
            results.add(mismatches(s, "account-balances-match-history",
                    "accounts", "their history deltas", size.accounts(), sql.sql("account-mismatches", accounts)));
            // holds only because bid is always the teller's branch (pgbench breaks it)
            results.add(mismatches(s, "branch-balances-match-tellers",
                    "branches", "their tellers' balances", size.branches(), sql.sql("branch-teller-mismatches")));
        }
        if (!c.getAutoCommit()) {
            c.commit(); // end the read transaction
        }
        return results;
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

    /**
     * The record of a T1 run: each amend added {@link Amends#DELTA}, so no recorded account can
     * hold less than its base. That they are the only accounts amended without history is what
     * the account checks below show.
     */
    private static CheckResult amends(java.util.Map<Integer, Long> amended) {
        long total = amended.values().stream().mapToLong(Long::longValue).sum();
        boolean ok = amended.values().stream().allMatch(n -> n >= 0);
        return CheckResult.of("t1-amends-recorded", ok, amended.size() + " account" + (amended.size() == 1 ? "" : "s")
                + " recorded by the last T1 run, amended " + total + " times since (balance minus the balance "
                + "before the run, by account: " + amended + "); the checks below count them at their balance "
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
            return CheckResult.of(name, true, "all " + checked + " " + rows + " hold the sum of " + source);
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
