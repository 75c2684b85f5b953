package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;
import java.util.List;

/**
 * New-Order input (§2.4.1). When {@code rollback} is set, the last line carries
 * {@link TpccInputs#UNUSED_ITEM_ID} and the transaction ends in a business rollback.
 */
record NewOrderRequest(int warehouseId, int districtId, int customerId, List<Line> lines, boolean rollback)
        implements Request {

    /** One order line: item, supplying warehouse and quantity. */
    record Line(int itemId, int supplyWarehouseId, int quantity) {
    }

    NewOrderRequest {
        lines = List.copyOf(lines);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("a New-Order needs at least one line");
        }
    }

    /** {@code O_ALL_LOCAL}: every line is supplied by the home warehouse. */
    boolean allLocal() {
        for (Line l : lines) {
            if (l.supplyWarehouseId() != warehouseId) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int type() {
        return TpccTransactionType.NEW_ORDER.ordinal();
    }
}
