package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;

/** Delivery input (§2.7.1): the home warehouse, all 10 of whose districts are served, and O_CARRIER_ID. */
record DeliveryRequest(int warehouseId, int carrierId) implements Request {
    @Override
    public int type() {
        return TpccTransactionType.DELIVERY.ordinal();
    }
}
