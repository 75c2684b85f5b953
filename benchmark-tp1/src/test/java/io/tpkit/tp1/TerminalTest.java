package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TerminalTest {
    private static final double NANOS = TimeUnit.SECONDS.toNanos(1);

    @Test
    void thinkTimeAveragesTenSecondsAndNeverExceedsAHundred() {
        SplittableRandom random = new SplittableRandom(11);
        int n = 1_000_000;
        double sum = 0;
        long max = 0;
        int truncated = 0;
        for (int i = 0; i < n; i++) {
            long t = ThinkTime.nextNanos(random);
            assertThat(t).isNotNegative();
            sum += t;
            max = Math.max(max, t);
            if (t == TimeUnit.SECONDS.toNanos(100)) {
                truncated++;
            }
        }
        // the standard deviation of the mean of a million draws is about 0.01 s
        assertThat(sum / n / NANOS).isCloseTo(10.0, within(0.05));
        assertThat(max).isEqualTo(TimeUnit.SECONDS.toNanos(100));
        assertThat(truncated).as("e^-10 of the draws are cut at 100 s").isBetween(10, 120);
    }

    @Test
    void theTruncatedMeanIsExactlyTenSeconds() {
        assertThat(ThinkTime.truncatedMean(ThinkTime.EXPONENTIAL_MEAN_SECONDS)).isCloseTo(10.0, within(1e-9));
        assertThat(ThinkTime.EXPONENTIAL_MEAN_SECONDS).isGreaterThan(10.0).isLessThan(10.001);
        // without the correction, cutting at 100 s would lose 0.45 ms of the mean
        assertThat(ThinkTime.truncatedMean(10.0)).isLessThan(10.0);
    }

    @Test
    void standardTerminalsEachGetTheirOwnTeller() {
        int tellers = 30;
        for (int i = 0; i < tellers; i++) {
            assertThat(TellerTerminal.tellerOf(i, tellers, tellers)).isEqualTo(i + 1);
        }
    }

    @Test
    void fewerTerminalsAreSpreadOverEveryBranch() {
        Tp1Size size = new Tp1Size(10, 100);
        Set<Integer> branches = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            int tid = TellerTerminal.tellerOf(i, 20, size.tellers());
            assertThat(tid).isBetween(1, size.tellers());
            branches.add(size.branchOfTeller(tid));
        }
        assertThat(branches).hasSize(10);
    }

    @Test
    void moreTerminalsThanTellersShareTellersEvenly() {
        int tellers = 10;
        int[] perTeller = new int[tellers + 1];
        for (int i = 0; i < 35; i++) {
            perTeller[TellerTerminal.tellerOf(i, 35, tellers)]++;
        }
        for (int tid = 1; tid <= tellers; tid++) {
            assertThat(perTeller[tid]).isBetween(3, 4);
        }
    }

    @Test
    void aTellerTerminalThinksButDoesNotKey() {
        SplittableRandom random = new SplittableRandom(12);
        TellerTerminal t = new TellerTerminal(5, new DebitCreditInput(new Tp1Size(1, 100), random), random);
        Tp1Request r = (Tp1Request) t.next();
        assertThat(r.tid()).isEqualTo(5);
        assertThat(t.keyingNanos(r)).isZero();
        assertThat(t.thinkNanos(r)).isBetween(0L, TimeUnit.SECONDS.toNanos(100));
    }

    @Test
    void aStreamSubmitsBackToBack() {
        StreamTerminal t = new StreamTerminal(new DebitCreditInput(new Tp1Size(2, 100), new SplittableRandom(13)));
        Tp1Request r = (Tp1Request) t.next();
        assertThat(t.keyingNanos(r)).isZero();
        assertThat(t.thinkNanos(r)).isZero();
    }
}
