package io.tpkit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PartitionTest {
    @Test
    void partsSplitTheUnitsIntoDisjointContiguousSlicesThatCoverThemAll() {
        for (int units : new int[] {1, 2, 7, 10, 1000}) {
            for (int count = 1; count <= Math.min(units, 6); count++) {
                int next = 0;
                for (int i = 1; i <= count; i++) {
                    Partition p = new Partition(i, count, "run");
                    assertThat(p.firstUnit(units)).isEqualTo(next);
                    assertThat(p.endUnit(units)).isGreaterThan(p.firstUnit(units));
                    next = p.endUnit(units);
                }
                assertThat(next).isEqualTo(units);
            }
        }
    }

    @Test
    void sevenWarehousesInThreePartsAreTwoTwoAndThree() {
        assertThat(new Partition(1, 3, "r").endUnit(7) - new Partition(1, 3, "r").firstUnit(7)).isEqualTo(2);
        assertThat(new Partition(2, 3, "r").endUnit(7) - new Partition(2, 3, "r").firstUnit(7)).isEqualTo(2);
        assertThat(new Partition(3, 3, "r").endUnit(7) - new Partition(3, 3, "r").firstUnit(7)).isEqualTo(3);
    }

    @Test
    void aSliceIsNamedInTheBenchmarksWordsOneBased() {
        assertThat(new Partition(1, 2, "r").slice(4, "warehouses")).isEqualTo("warehouses 1-2 of 4");
        assertThat(new Partition(2, 2, "r").slice(4, "warehouses")).isEqualTo("warehouses 3-4 of 4");
        assertThat(new Partition(2, 2, "r").slice(2, "branches")).isEqualTo("branch 2 of 2");
        assertThat(new Partition(3, 3, "r").slice(7, "warehouses")).isEqualTo("warehouses 5-7 of 7");
        assertThat(new Partition(2, 3, "r").slice(2, "branches")).isEqualTo("branch 1 of 2");
        assertThat(new Partition(1, 3, "r").slice(2, "branches")).isEqualTo("no branches of 2");
        assertThat(new Partition(1, 3, "r").hasUnits(2)).isFalse();
        assertThat(new Partition(3, 3, "r").hasUnits(2)).isTrue();
    }

    @Test
    void badPartsAreRefusedWithTheFix() {
        assertThat(Partition.parse(" 2/3 ", "r")).isEqualTo(new Partition(2, 3, "r"));
        assertThatThrownBy(() -> Partition.parse("3/2", "r")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("1 <= I <= N");
        assertThatThrownBy(() -> Partition.parse("half", "r")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("e.g. --partition 1/2");
        assertThatThrownBy(() -> Partition.parse("1/2", "a b")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--run-name");
    }
}
