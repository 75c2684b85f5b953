package io.tpkit.tp1;

import java.util.SplittableRandom;

/**
 * Generates DebitCredit inputs as TPC-A/TPC-B (and Tiny TPC-B) do, all choices uniform:
 * the branch is the teller's branch; the account is in that branch 85 % of the time and in
 * one of the other branches 15 % of the time (always local with one branch); the delta is in
 * [-999,999, 999,999]. Not thread-safe: one per terminal.
 */
final class DebitCreditInput {
    static final int LOCAL_ACCOUNT_PERCENT = 85;
    static final int MAX_DELTA = 999_999;

    private final Tp1Size size;
    private final SplittableRandom random;

    DebitCreditInput(Tp1Size size, SplittableRandom random) {
        this.size = size;
        this.random = random;
    }

    /** TPC-B: the teller is drawn uniformly over all tellers for each transaction. */
    Tp1Request anyTeller() {
        return forTeller(random.nextInt(1, size.tellers() + 1));
    }

    /** TPC-A: the terminal's own teller. */
    Tp1Request forTeller(int tid) {
        int bid = size.branchOfTeller(tid);
        int delta = random.nextInt(-MAX_DELTA, MAX_DELTA + 1);
        return new Tp1Request(account(bid), tid, bid, delta);
    }

    private int account(int bid) {
        int perBranch = size.accountsPerBranch();
        int branches = size.branches();
        if (branches == 1 || random.nextInt(100) < LOCAL_ACCOUNT_PERCENT) {
            return size.firstAccount(bid) + random.nextInt(perBranch);
        }
        // uniform over the accounts of the other branches: draw among all but our block, then skip it
        long aid = 1 + random.nextLong((long) perBranch * (branches - 1));
        if (aid >= size.firstAccount(bid)) {
            aid += perBranch;
        }
        return (int) aid;
    }
}
