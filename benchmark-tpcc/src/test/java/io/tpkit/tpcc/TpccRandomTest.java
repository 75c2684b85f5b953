package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TpccRandomTest {
    private final TpccRandom random = new TpccRandom(42);

    @Test
    void uniformIncludesBothEnds() {
        int[] seen = new int[3];
        for (int i = 0; i < 10_000; i++) {
            seen[random.uniform(1, 3) - 1]++;
        }
        assertThat(Arrays.stream(seen).min().orElseThrow()).isGreaterThan(3_000);
    }

    @Test
    void nuRandStaysWithinBoundsAndIsSkewed() {
        NURandConstants c = new NURandConstants(123, 456, 7_890);
        int draws = 1_000_000;
        int[] customers = new int[TpccScale.CUSTOMERS_PER_DISTRICT + 1];
        int[] items = new int[TpccScale.ITEMS + 1];
        int[] names = new int[1_000];
        for (int i = 0; i < draws; i++) {
            int cid = random.customerId(c);
            int iid = random.itemId(c);
            int name = random.lastNameNumber(c);
            assertThat(cid).isBetween(1, TpccScale.CUSTOMERS_PER_DISTRICT);
            assertThat(iid).isBetween(1, TpccScale.ITEMS);
            assertThat(name).isBetween(0, 999);
            customers[cid]++;
            items[iid]++;
            names[name]++;
        }
        // the hottest value is drawn many times more often than a uniform draw would give it
        assertThat(max(customers)).isGreaterThan(10 * draws / TpccScale.CUSTOMERS_PER_DISTRICT);
        assertThat(max(items)).isGreaterThan(10 * draws / TpccScale.ITEMS);
        assertThat(max(names)).isGreaterThan(5 * draws / 1_000);
        // and nearly the whole range is drawn; only values whose OR needs all-zero low bits from
        // both terms (probability about 4^-10) may stay unseen
        assertThat(IntStream.rangeClosed(1, TpccScale.CUSTOMERS_PER_DISTRICT).filter(i -> customers[i] > 0).count())
                .isGreaterThan(TpccScale.CUSTOMERS_PER_DISTRICT * 95L / 100);
    }

    @Test
    void nuRandFollowsTheFormula() {
        // with A = 0 the OR term is the uniform draw itself, so the result is (u + C) mod range + x
        for (int i = 0; i < 1_000; i++) {
            int v = random.nuRand(0, 0, 5, 9);
            assertThat(v).isBetween(5, 9);
        }
        assertThat(random.nuRand(0, 5, 5, 5)).isEqualTo(5);
    }

    @Test
    void aStringLengthsCoverTheRangeAndUseAlphanumerics() {
        int[] lengths = new int[51];
        for (int i = 0; i < 20_000; i++) {
            String s = random.aString(26, 50);
            assertThat(s).matches("[A-Za-z0-9]{26,50}");
            lengths[s.length()]++;
        }
        assertThat(IntStream.rangeClosed(26, 50).map(i -> lengths[i])).allMatch(n -> n > 0);
        assertThat(random.aString(24, 24)).hasSize(24);
    }

    @Test
    void nStringsZipsAndStates() {
        assertThat(random.nString(16, 16)).matches("[0-9]{16}");
        assertThat(random.zip()).matches("[0-9]{4}11111");
        assertThat(random.state()).matches("[A-Z]{2}");
    }

    @Test
    void aboutTenPercentOfDataIsOriginal() {
        int rows = 100_000;
        int original = 0;
        for (int i = 0; i < rows; i++) {
            String data = random.data();
            assertThat(data.length()).isBetween(26, 50);
            if (data.contains(TpccRandom.ORIGINAL)) {
                original++;
            }
        }
        // 10 % +- about 5 standard deviations
        assertThat(original / (double) rows).isCloseTo(0.10, within(0.005));
    }

    @Test
    void permutationHoldsEveryIdOnce() {
        int[] p = random.permutation(3_000);
        assertThat(p).hasSize(3_000);
        assertThat(Arrays.stream(p).sorted().toArray()).isEqualTo(IntStream.rangeClosed(1, 3_000).toArray());
        assertThat(p).isNotEqualTo(IntStream.rangeClosed(1, 3_000).toArray());
    }

    @Test
    void sameSeedSameData() {
        assertThat(new TpccRandom(7).aString(10, 20)).isEqualTo(new TpccRandom(7).aString(10, 20));
    }

    private static int max(int[] counts) {
        return Arrays.stream(counts).max().orElseThrow();
    }
}
