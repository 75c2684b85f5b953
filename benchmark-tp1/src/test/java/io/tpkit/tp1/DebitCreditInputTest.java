package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DebitCreditInputTest {
    private static final int DRAWS = 200_000;

    @Test
    void eightyFivePercentOfAccountsAreInTheTellersBranch() {
        Tp1Size size = new Tp1Size(10, 1_000);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(1));
        int local = 0;
        for (int i = 0; i < DRAWS; i++) {
            Tp1Request r = input.anyTeller();
            if (size.branchOfAccount(r.aid()) == r.bid()) {
                local++;
            }
        }
        // one standard deviation is 0.0008 here: 0.005 is about six
        assertThat(local / (double) DRAWS).isCloseTo(0.85, within(0.005));
    }

    @Test
    void remoteAccountsAreNeverInTheTellersBranchAndSpreadOverTheOthers() {
        Tp1Size size = new Tp1Size(5, 100);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(2));
        int tid = 13; // branch 2
        int[] remoteByBranch = new int[size.branches() + 1];
        int remote = 0;
        for (int i = 0; i < DRAWS; i++) {
            Tp1Request r = input.forTeller(tid);
            int accountBranch = size.branchOfAccount(r.aid());
            if (accountBranch != r.bid()) {
                remote++;
                remoteByBranch[accountBranch]++;
            }
        }
        assertThat(remoteByBranch[2]).isZero();
        for (int b : new int[] {1, 3, 4, 5}) {
            assertThat(remoteByBranch[b] / (double) remote).as("branch %d", b).isCloseTo(0.25, within(0.02));
        }
    }

    @Test
    void remoteAccountsCoverTheWholeRangeOfTheOtherBranches() {
        // two branches of two accounts: a remote account of branch 1 is 3 or 4, of branch 2 is 1 or 2
        Tp1Size size = new Tp1Size(2, 2);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(3));
        boolean[] seen = new boolean[5];
        for (int i = 0; i < 10_000; i++) {
            Tp1Request r = input.forTeller(1);
            assertThat(r.aid()).isBetween(1, 4);
            seen[r.aid()] = true;
        }
        assertThat(seen).containsExactly(false, true, true, true, true);
    }

    @Test
    void withOneBranchEveryAccountIsLocal() {
        Tp1Size size = new Tp1Size(1, 1_000);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(4));
        for (int i = 0; i < DRAWS; i++) {
            Tp1Request r = input.anyTeller();
            assertThat(r.bid()).isEqualTo(1);
            assertThat(r.aid()).isBetween(1, 1_000);
        }
    }

    @Test
    void deltasStayWithinSixDigitsAndReachBothEnds() {
        DebitCreditInput input = new DebitCreditInput(new Tp1Size(3, 100), new SplittableRandom(5));
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        double sum = 0;
        for (int i = 0; i < DRAWS; i++) {
            int delta = input.anyTeller().delta();
            min = Math.min(min, delta);
            max = Math.max(max, delta);
            sum += delta;
        }
        assertThat(min).isBetween(-999_999, -990_000);
        assertThat(max).isBetween(990_000, 999_999);
        // uniform and symmetric: the mean is near 0 (one standard deviation is about 1,300)
        assertThat(sum / DRAWS).isCloseTo(0, within(8_000.0));
    }

    @Test
    void theBranchIsTheTellersBranchAndIdsAreInRange() {
        Tp1Size size = new Tp1Size(7, 50);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(6));
        for (int i = 0; i < DRAWS; i++) {
            Tp1Request r = input.anyTeller();
            assertThat(r.bid()).isEqualTo((r.tid() - 1) / 10 + 1);
            assertThat(r.tid()).isBetween(1, 70);
            assertThat(r.aid()).isBetween(1, 350);
            assertThat(r.type()).isEqualTo(Tp1Request.DEBIT_CREDIT);
        }
    }

    @Test
    void tpcBDrawsTellersUniformly() {
        Tp1Size size = new Tp1Size(10, 10);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(7));
        int[] perTeller = new int[size.tellers() + 1];
        for (int i = 0; i < DRAWS; i++) {
            perTeller[input.anyTeller().tid()]++;
        }
        double expected = DRAWS / (double) size.tellers(); // 2,000, standard deviation about 45
        for (int tid = 1; tid <= size.tellers(); tid++) {
            assertThat((double) perTeller[tid]).as("teller %d", tid).isCloseTo(expected, within(300.0));
        }
    }

    @Test
    void aTpcATerminalKeepsItsTeller() {
        DebitCreditInput input = new DebitCreditInput(new Tp1Size(4, 100), new SplittableRandom(8));
        for (int i = 0; i < 1_000; i++) {
            Tp1Request r = input.forTeller(37);
            assertThat(r.tid()).isEqualTo(37);
            assertThat(r.bid()).isEqualTo(4);
        }
    }

    @Test
    void theLargestScaleKeepsAccountIdsPositive() {
        Tp1Size size = new Tp1Size(21_474, 100_000);
        DebitCreditInput input = new DebitCreditInput(size, new SplittableRandom(9));
        for (int i = 0; i < DRAWS; i++) {
            Tp1Request r = input.anyTeller();
            assertThat(r.aid()).isBetween(1, size.accounts());
            assertThat(r.tid()).isBetween(1, size.tellers());
        }
    }
}
