package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TpccLoaderTest {
    @Test
    void decimalsAreExact() {
        assertThat(TpccLoader.decimal(999_999, 2)).isEqualTo("9999.99");
        assertThat(TpccLoader.decimal(1, 2)).isEqualTo("0.01");
        assertThat(TpccLoader.decimal(2_000, 4)).isEqualTo("0.2000");
        assertThat(TpccLoader.decimal(0, 4)).isEqualTo("0.0000");
    }

    @Test
    void streamSeedsOfNeighbouringStreamsDiffer() {
        assertThat(TpccLoader.streamSeed(1, 1)).isNotEqualTo(TpccLoader.streamSeed(1, 2));
        assertThat(new TpccRandom(TpccLoader.streamSeed(1, 2)).uniform(0, 1 << 30))
                .isNotEqualTo(new TpccRandom(TpccLoader.streamSeed(1, 1)).uniform(0, 1 << 30));
    }

    @Test
    void expectedRowsAreTheSpecsCardinalitiesWithAboutTenLinesPerOrder() {
        long perWarehouseWithoutLines = 1 + 10 + 100_000 + 30_000 + 30_000 + 30_000 + 9_000;
        for (int w : new int[] {1, 3}) {
            long lines = new TpccLoader(w, TpccDialect.of(io.tpkit.spi.Plugins.database("postgresql")), null, true, 5).expectedRows()
                    - 100_000 - w * perWarehouseWithoutLines;
            assertThat(lines).isBetween(w * 295_000L, w * 305_000L);
        }
    }
}
