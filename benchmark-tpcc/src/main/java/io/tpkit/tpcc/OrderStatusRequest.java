package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;

/** Order-Status input (§2.6.1): always a customer of the home warehouse. */
record OrderStatusRequest(int warehouseId, int districtId, CustomerSelector customer) implements Request {
    @Override
    public int type() {
        return TpccTransactionType.ORDER_STATUS.ordinal();
    }
}
