package io.tpkit.tp1;

import io.tpkit.spi.workload.CheckResult;
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
 * its own history. The SQL is plain enough for PostgreSQL and MySQL alike.
 */
final class ConsistencyChecks {
    /** Offending ids shown in a failed check's detail. */
    private static final int EXAMPLES = 5;

    private final Tp1Size size;

    ConsistencyChecks(Tp1Size size) {
        this.size = size;
    }

    List<CheckResult> run(Connection c) throws SQLException {
        List<CheckResult> results = new ArrayList<>();
        // accounts a T1 run amended count at their balance before it (see Amends)
        java.util.Map<Integer, Long> amended = Amends.byAccount(c);
        String accounts = amended.isEmpty() ? "tp1_account"
                : "(SELECT x.aid, x.bid, COALESCE(m.base, x.abalance) AS abalance FROM tp1_account x LEFT JOIN "
                        + Amends.TABLE + " m ON m.aid = x.aid)";
        try (Statement s = c.createStatement()) {
            results.add(rowCounts(s));
            if (!amended.isEmpty()) {
                results.add(amends(amended));
            }
            results.add(globalSums(s, accounts));
            results.add(mismatches(s, "teller-balances-match-history",
                    "tellers", "their history deltas", size.tellers(),
                    "SELECT t.tid FROM tp1_teller t LEFT JOIN "
                            + "(SELECT tid, SUM(delta) AS s FROM tp1_history GROUP BY tid) h ON h.tid = t.tid "
                            + "WHERE t.tbalance <> COALESCE(h.s, 0)"));
            results.add(mismatches(s, "branch-balances-match-history",
                    "branches", "their history deltas", size.branches(),
                    "SELECT b.bid FROM tp1_branch b LEFT JOIN "
                            + "(SELECT bid, SUM(delta) AS s FROM tp1_history GROUP BY bid) h ON h.bid = b.bid "
                            + "WHERE b.bbalance <> COALESCE(h.s, 0)"));
            // every account, not only those in history: an untouched account must still hold 0
            results.add(mismatches(s, "account-balances-match-history",
                    "accounts", "their history deltas", size.accounts(),
                    "SELECT a.aid FROM " + accounts + " a LEFT JOIN "
                            + "(SELECT aid, SUM(delta) AS s FROM tp1_history GROUP BY aid) h ON h.aid = a.aid "
                            + "WHERE a.abalance <> COALESCE(h.s, 0)"));
            // holds only because bid is always the teller's branch (pgbench breaks it)
            results.add(mismatches(s, "branch-balances-match-tellers",
                    "branches", "their tellers' balances", size.branches(),
                    "SELECT b.bid FROM tp1_branch b LEFT JOIN "
                            + "(SELECT bid, SUM(tbalance) AS s FROM tp1_teller GROUP BY bid) t ON t.bid = b.bid "
                            + "WHERE b.bbalance <> COALESCE(t.s, 0)"));
        }
        if (!c.getAutoCommit()) {
            c.commit(); // end the read transaction
        }
        return results;
    }

    private CheckResult rowCounts(Statement s) throws SQLException {
        long branches = count(s, "SELECT COUNT(*) FROM tp1_branch");
        long tellers = count(s, "SELECT COUNT(*) FROM tp1_teller");
        long accounts = count(s, "SELECT COUNT(*) FROM tp1_account");
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

    private static CheckResult globalSums(Statement s, String accountRows) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT "
                + "(SELECT COALESCE(SUM(abalance), 0) FROM " + accountRows + " a), "
                + "(SELECT COALESCE(SUM(tbalance), 0) FROM tp1_teller), "
                + "(SELECT COALESCE(SUM(bbalance), 0) FROM tp1_branch), "
                + "(SELECT COALESCE(SUM(delta), 0) FROM tp1_history)")) {
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
    private static CheckResult mismatches(Statement s, String name, String rows, String source, long checked,
                                          String idQuery) throws SQLException {
        long bad = count(s, "SELECT COUNT(*) FROM (" + idQuery + ") x");
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
