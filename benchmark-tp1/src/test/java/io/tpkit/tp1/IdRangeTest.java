package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class IdRangeTest {
    @Test
    void rangesCoverEveryIdOnceInNearEqualParts() {
        for (int total : new int[] {1, 7, 10, 100_001}) {
            for (int parts : new int[] {1, 3, 4, 16}) {
                List<IdRange> ranges = IdRange.split(total, parts);
                assertThat(ranges).hasSize(Math.min(total, parts));
                assertThat(ranges.getFirst().first()).isEqualTo(1);
                assertThat(ranges.getLast().last()).isEqualTo(total);
                for (int i = 1; i < ranges.size(); i++) {
                    assertThat(ranges.get(i).first()).isEqualTo(ranges.get(i - 1).last() + 1);
                }
                long min = ranges.stream().mapToLong(IdRange::size).min().orElseThrow();
                long max = ranges.stream().mapToLong(IdRange::size).max().orElseThrow();
                assertThat(max - min).isLessThanOrEqualTo(1);
            }
        }
    }
}
