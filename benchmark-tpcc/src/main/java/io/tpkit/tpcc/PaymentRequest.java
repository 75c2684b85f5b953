package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;
import java.math.BigDecimal;

/**
 * Payment input (§2.5.1): the home warehouse and district (whose YTD the payment goes to), the
 * customer's warehouse and district (remote in 15 % of payments when W &gt; 1), the customer and
 * {@code H_AMOUNT} in [1.00..5000.00].
 */
record PaymentRequest(int warehouseId, int districtId, int customerWarehouseId, int customerDistrictId,
        CustomerSelector customer, BigDecimal amount) implements Request {

    @Override
    public int type() {
        return TpccTransactionType.PAYMENT.ordinal();
    }
}
