package io.tpkit.tp1;

/**
 * How big the database is and how its ids are numbered. Ids are 1-based and contiguous:
 * branch {@code b} owns tellers {@code 10(b-1)+1 .. 10b} and accounts
 * {@code apb(b-1)+1 .. apb*b}, so the branch of a teller or account is computed, never looked up.
 *
 * @param branches          the scale: one branch per tps of claimed throughput
 * @param accountsPerBranch 100,000 in a standard run
 */
record Tp1Size(int branches, int accountsPerBranch) {
    static final int TELLERS_PER_BRANCH = 10;
    static final int STANDARD_ACCOUNTS_PER_BRANCH = 100_000;

    Tp1Size {
        if (branches < 1 || accountsPerBranch < 1) {
            throw new IllegalArgumentException("branches and accounts per branch must be >= 1");
        }
        if ((long) branches * accountsPerBranch > Integer.MAX_VALUE
                || (long) branches * TELLERS_PER_BRANCH > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("ids must fit an INT");
        }
    }

    int tellers() {
        return branches * TELLERS_PER_BRANCH;
    }

    int accounts() {
        return branches * accountsPerBranch;
    }

    /** TPC-A/TPC-B scaling: 10 tellers and 100,000 accounts per branch. */
    boolean standard() {
        return accountsPerBranch == STANDARD_ACCOUNTS_PER_BRANCH;
    }

    int branchOfTeller(int tid) {
        return (tid - 1) / TELLERS_PER_BRANCH + 1;
    }

    int branchOfAccount(int aid) {
        return (aid - 1) / accountsPerBranch + 1;
    }

    /** The first account id of branch {@code bid}. */
    int firstAccount(int bid) {
        return (bid - 1) * accountsPerBranch + 1;
    }
}
