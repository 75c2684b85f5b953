package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.spi.workload.Request;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TpccInputsTest {
    private static final int N = 100_000;

    private static TpccInputs inputs(int warehouses, int home, int district, long seed) {
        TpccRandom random = new TpccRandom(seed);
        NURandConstants constants = NURandConstants.forRun(random.split(), 100);
        return new TpccInputs(random, constants, warehouses, home, district);
    }

    @Test
    void newOrderBoundsAndShares() {
        TpccInputs in = inputs(10, 4, 1, 1);
        int rollbacks = 0;
        long lines = 0;
        long remote = 0;
        int notAllLocal = 0;
        for (int i = 0; i < N; i++) {
            NewOrderRequest r = in.newOrder();
            assertThat(r.warehouseId()).isEqualTo(4);
            assertThat(r.districtId()).isBetween(1, 10);
            assertThat(r.customerId()).isBetween(1, 3000);
            assertThat(r.lines().size()).isBetween(5, 15);
            for (int n = 0; n < r.lines().size(); n++) {
                NewOrderRequest.Line l = r.lines().get(n);
                boolean last = n == r.lines().size() - 1;
                if (r.rollback() && last) {
                    assertThat(l.itemId()).isEqualTo(TpccInputs.UNUSED_ITEM_ID);
                } else {
                    assertThat(l.itemId()).isBetween(1, 100_000);
                }
                assertThat(l.quantity()).isBetween(1, 10);
                assertThat(l.supplyWarehouseId()).isBetween(1, 10);
                lines++;
                if (l.supplyWarehouseId() != 4) {
                    remote++;
                }
            }
            rollbacks += r.rollback() ? 1 : 0;
            notAllLocal += r.allLocal() ? 0 : 1;
            assertThat(r.allLocal()).isEqualTo(r.lines().stream().allMatch(l -> l.supplyWarehouseId() == 4));
        }
        assertThat(rollbacks / (double) N).isBetween(0.008, 0.012);
        assertThat(remote / (double) lines).isBetween(0.009, 0.011);
        // 1 - 0.99^10 of the orders touch a second warehouse
        assertThat(notAllLocal / (double) N).isBetween(0.08, 0.11);
        assertThat(lines / (double) N).isBetween(9.9, 10.1);
    }

    @Test
    void remoteSupplyWarehousesAreTheOthersUniformly() {
        TpccInputs in = inputs(3, 2, 1, 2);
        int[] seen = new int[4];
        for (int i = 0; i < N; i++) {
            for (NewOrderRequest.Line l : in.newOrder().lines()) {
                seen[l.supplyWarehouseId()]++;
            }
        }
        assertThat(seen[1]).isPositive();
        assertThat(seen[3]).isPositive();
        assertThat(Math.abs(seen[1] - seen[3]) / (double) (seen[1] + seen[3])).isLessThan(0.1);
    }

    @Test
    void oneWarehouseMeansEverythingIsLocal() {
        TpccInputs in = inputs(1, 1, 5, 3);
        for (int i = 0; i < 20_000; i++) {
            NewOrderRequest o = in.newOrder();
            assertThat(o.allLocal()).isTrue();
            PaymentRequest p = in.payment();
            assertThat(p.customerWarehouseId()).isEqualTo(1);
            assertThat(p.customerDistrictId()).isEqualTo(p.districtId());
        }
    }

    @Test
    void paymentBoundsAndShares() {
        TpccInputs in = inputs(10, 7, 1, 4);
        int remote = 0;
        int byName = 0;
        Set<Integer> remoteWarehouses = new HashSet<>();
        BigDecimal min = BigDecimal.valueOf(100, 2);
        BigDecimal max = BigDecimal.valueOf(500_000, 2);
        for (int i = 0; i < N; i++) {
            PaymentRequest r = in.payment();
            assertThat(r.warehouseId()).isEqualTo(7);
            assertThat(r.districtId()).isBetween(1, 10);
            assertThat(r.customerDistrictId()).isBetween(1, 10);
            assertThat(r.amount().scale()).isEqualTo(2);
            assertThat(r.amount()).isBetween(min, max);
            if (r.customerWarehouseId() != 7) {
                remote++;
                remoteWarehouses.add(r.customerWarehouseId());
            } else {
                assertThat(r.customerDistrictId()).isEqualTo(r.districtId());
            }
            byName += checkCustomer(r.customer());
        }
        assertThat(remote / (double) N).isBetween(0.14, 0.16);
        assertThat(remoteWarehouses).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 8, 9, 10);
        assertThat(byName / (double) N).isBetween(0.59, 0.61);
    }

    @Test
    void orderStatusDeliveryAndStockLevel() {
        TpccInputs in = inputs(2, 2, 9, 5);
        int byName = 0;
        Set<Integer> carriers = new HashSet<>();
        Set<Integer> thresholds = new HashSet<>();
        for (int i = 0; i < N; i++) {
            OrderStatusRequest o = in.orderStatus();
            assertThat(o.warehouseId()).isEqualTo(2);
            assertThat(o.districtId()).isBetween(1, 10);
            byName += checkCustomer(o.customer());
            DeliveryRequest d = in.delivery();
            assertThat(d.warehouseId()).isEqualTo(2);
            carriers.add(d.carrierId());
            StockLevelRequest s = in.stockLevel();
            assertThat(s.warehouseId()).isEqualTo(2);
            assertThat(s.districtId()).isEqualTo(9);
            thresholds.add(s.threshold());
        }
        assertThat(byName / (double) N).isBetween(0.59, 0.61);
        assertThat(carriers).hasSize(10).allMatch(c -> c >= 1 && c <= 10);
        assertThat(thresholds).hasSize(11).allMatch(t -> t >= 10 && t <= 20);
    }

    @Test
    void nextReturnsTheRequestedType() {
        TpccInputs in = inputs(1, 1, 1, 6);
        for (TpccTransactionType type : TpccTransactionType.values()) {
            Request r = in.next(type);
            assertThat(r.type()).isEqualTo(type.ordinal());
        }
    }

    @Test
    void rejectsAHomeOutsideTheWarehouses() {
        assertThatThrownBy(() -> inputs(2, 3, 1, 7)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> inputs(2, 1, 11, 7)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Checks the selector's bounds and returns 1 when it is by last name. */
    private static int checkCustomer(CustomerSelector c) {
        if (c.byLastName()) {
            assertThat(c.lastName()).matches("[A-Z]{9,15}");
            return 1;
        }
        assertThat(c.customerId()).isBetween(1, 3000);
        return 0;
    }
}
