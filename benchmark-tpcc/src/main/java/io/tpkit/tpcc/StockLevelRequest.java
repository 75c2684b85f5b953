package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;

/** Stock-Level input (§2.8.1): the terminal's fixed warehouse and district, and a threshold in [10..20]. */
record StockLevelRequest(int warehouseId, int districtId, int threshold) implements Request {
    @Override
    public int type() {
        return TpccTransactionType.STOCK_LEVEL.ordinal();
    }
}
