package io.tpkit.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.Partition;
import org.junit.jupiter.api.Test;

class KeyRangeTest {
    @Test
    void theSlicesKeysCoverEveryKeyOnceOpenAtBothEnds() {
        for (int units : new int[] {1, 2, 3, 7}) {
            for (int count = 1; count <= units; count++) {
                for (long key = -3; key <= units * 10L + 3; key++) {
                    int owners = 0;
                    for (int i = 1; i <= count; i++) {
                        if (KeyRange.ofSlice(new Partition(i, count, "r"), units, 10).contains(key)) {
                            owners++;
                        }
                    }
                    assertThat(owners).as("key %d of %d units in %d parts", key, units, count).isEqualTo(1);
                }
            }
        }
    }

    @Test
    void aMiddleSliceHoldsItsUnitsIds() {
        // 4 branches in 3 parts: 1 | 2 | 3-4; the middle part's tellers are 11-20
        KeyRange tellers = KeyRange.ofSlice(new Partition(2, 3, "r"), 4, 10);
        assertThat(tellers).isEqualTo(new KeyRange(11L, 20L));
        assertThat(tellers.restrict("SELECT tid FROM t", "tid"))
                .isEqualTo("SELECT * FROM (SELECT tid FROM t) sliced WHERE sliced.tid BETWEEN 11 AND 20");
        assertThat(KeyRange.ofSlice(new Partition(1, 3, "r"), 4, 1).condition("w")).isEqualTo("w <= 1");
        assertThat(KeyRange.ofSlice(new Partition(3, 3, "r"), 4, 1).condition("w")).isEqualTo("w >= 3");
        assertThat(KeyRange.ofSlice(new Partition(1, 1, "r"), 4, 1).restrict("q", "w")).isEqualTo("q");
    }
}
