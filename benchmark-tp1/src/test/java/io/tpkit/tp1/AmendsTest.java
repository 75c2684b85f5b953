package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AmendsTest {
    @Test
    void withoutConflictEachStreamHasItsOwnKeySpreadOverTheTable() {
        Tp1Size size = new Tp1Size(1, 100_000);
        assertThat(Amends.keys(SubTransaction.T1, size, 4)).containsExactly(1, 25_001, 50_001, 75_001);
        assertThat(Amends.spacing(size, 4)).isEqualTo(25_000);
        // as many branches as streams: each stream amends the first account of its own branch
        Tp1Size four = new Tp1Size(4, 100_000);
        int[] keys = Amends.keys(SubTransaction.T1, four, 4);
        assertThat(keys).containsExactly(1, 100_001, 200_001, 300_001);
        for (int i = 0; i < keys.length; i++) {
            assertThat(four.branchOfAccount(keys[i])).isEqualTo(i + 1);
        }
        assertThat(Amends.keys(SubTransaction.T1, new Tp1Size(1, 3), 3)).containsExactly(1, 2, 3);
    }

    @Test
    void withConflictEveryStreamAmendsTheSameKey() {
        assertThat(Amends.keys(SubTransaction.T1_CONFLICT, new Tp1Size(2, 5_000), 8)).containsExactly(1);
        assertThat(Amends.keys(SubTransaction.T1_CONFLICT, new Tp1Size(2, 5_000), 8, 3)).containsExactly(1, 2, 3);
    }

    @Test
    void withSeveralAmendsPerTransactionEachStreamHasThatManyKeysTogether() {
        assertThat(Amends.keys(SubTransaction.T1, new Tp1Size(1, 100_000), 2, 3))
                .containsExactly(1, 2, 3, 50_001, 50_002, 50_003);
    }

    @Test
    void aTerminalOfT1AlwaysAsksForItsKey() {
        Tp1BoundWorkload w = new Tp1BoundWorkload(new Tp1Settings(new Tp1Size(2, 5_000), StatementOrder.DEFAULT,
                io.tpkit.config.Logic.CLIENT, io.tpkit.config.ArrivalModel.STREAMS, SubTransaction.T1, 3, 2),
                Tp1Dialect.of("postgresql"), false);
        assertThat(w.transactionTypes()).containsExactly("t1-amend");
        for (int stream = 0; stream < 3; stream++) {
            io.tpkit.spi.workload.Terminal t = w.newTerminal(stream, 3, new java.util.SplittableRandom(stream));
            SubTransactionRequest first = (SubTransactionRequest) t.next();
            assertThat(first.aids()).containsExactly(1 + stream * 3_333, 2 + stream * 3_333);
            assertThat(t.next()).isSameAs(first);
        }
    }

    @Test
    void aTerminalOfT2AppendsDebitCreditRowsWithoutAnAmount() {
        Tp1Size size = new Tp1Size(2, 5_000);
        Tp1BoundWorkload w = new Tp1BoundWorkload(new Tp1Settings(size, StatementOrder.DEFAULT,
                io.tpkit.config.Logic.CLIENT, io.tpkit.config.ArrivalModel.STREAMS, SubTransaction.T2, 3, 5),
                Tp1Dialect.of("postgresql"), false);
        io.tpkit.spi.workload.Terminal t = w.newTerminal(0, 3, new java.util.SplittableRandom(1));
        for (int i = 0; i < 100; i++) {
            SubTransactionRequest r = (SubTransactionRequest) t.next();
            assertThat(r.operations()).isEqualTo(5);
            for (int j = 0; j < 5; j++) {
                assertThat(size.branchOfTeller(r.tids()[j])).isEqualTo(r.bids()[j]);
                assertThat(r.aids()[j]).isBetween(1, size.accounts());
            }
        }
    }
}
