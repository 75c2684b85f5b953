package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.Logic;
import io.tpkit.config.Partition;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TpccPartitionTest {
    @Test
    void thePartsDriveEveryTerminalOnceAndEachWarehouseFromOnePart() {
        int warehouses = 7;
        int terminals = warehouses * TpccScale.DISTRICTS_PER_WAREHOUSE;
        TpccBoundWorkload tpcc = new TpccBoundWorkload(warehouses, true, null, Logic.CLIENT, 1, Map.of());
        for (int parts = 1; parts <= 4; parts++) {
            Set<Integer> driven = new HashSet<>();
            Map<Integer, Integer> partOfWarehouse = new HashMap<>();
            for (int i = 1; i <= parts; i++) {
                for (int t : tpcc.terminalsOfPart(new Partition(i, parts, "r"), terminals)) {
                    assertThat(driven.add(t)).as("terminal %d driven twice", t).isTrue();
                    Integer before = partOfWarehouse.put(TpccBoundWorkload.homeWarehouse(t, warehouses), i);
                    assertThat(before == null || before == i).as("warehouse split across parts").isTrue();
                }
            }
            assertThat(driven).hasSize(terminals);
        }
    }
}
